import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { describedBy } from '../../../components/ui/form-field';
import { useTranslation } from '../../../lib/use-translation';
import type { DirectoryEntry } from '../api/payments';
import { bankOptionId, BankOptionGroup } from './bank-option-group';
import { entryName, searchDirectory } from './bank-search';

type BankPickerProps = { id: string; entries: readonly DirectoryEntry[]; value: string; onChange: (code: string) => void; error?: string | undefined; hint: string };

/**
 * The receiver's bank or wallet: a combobox (WAI-ARIA's "list autocomplete") over the directory,
 * searched in English and Bangla, banks and wallets in two groups. Arrow keys move through the
 * matches, Enter chooses, Escape closes; the input keeps focus throughout, as a screen reader expects.
 */
export function BankPicker({ id, entries, value, onChange, error, hint }: BankPickerProps) {
  const { t, i18n } = useTranslation();
  const chosen = entries.find((entry) => entry.code === value);
  const [search, setSearch] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const open = search !== null;
  const { banks, wallets } = searchDirectory(entries, search ?? '');
  const matches = [...banks, ...wallets];
  const choose = (entry: DirectoryEntry) => {
    onChange(entry.code);
    setSearch(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setSearch('');
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (matches.length === 0 ? 0 : (current + step + matches.length) % matches.length));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const entry = matches[active];
      if (entry) choose(entry);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setSearch(null);
    }
  };
  const optionId = (index: number) => bankOptionId(listId, index);
  // The active option stays in sight as the arrow keys move through a long list.
  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });
  return (
    <div className="relative">
      <input
        {...describedBy(id, error, hint)}
        className={`input w-full ${error ? 'input-error' : ''}`}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches.length > 0 ? optionId(active) : undefined}
        autoComplete="off"
        placeholder={t('payments.bankSearchPlaceholder')}
        value={search ?? (chosen ? entryName(chosen, i18n.language) : '')}
        onChange={(event) => {
          setSearch(event.target.value);
          setActive(0);
        }}
        onFocus={() => setSearch((current) => current ?? '')}
        onBlur={() => setSearch(null)}
        onKeyDown={onKeyDown}
      />
      <div hidden={!open} className="absolute z-20 mt-1 w-full overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-lg">
        <div id={listId} role="listbox" aria-label={t('payments.bankList')} className="max-h-72 overflow-auto">
          <BankOptionGroup listId={listId} label={t('payments.banks')} entries={banks} offset={0} active={active} value={value} onChoose={choose} />
          <BankOptionGroup listId={listId} label={t('payments.wallets')} entries={wallets} offset={banks.length} active={active} value={value} onChoose={choose} />
        </div>
        {/* Outside the listbox, whose children may only be options and groups; announced as the matches change. */}
        <p role="status" className={matches.length === 0 ? 'px-3 py-2 text-sm text-base-content/80' : 'sr-only'}>
          {matches.length === 0 ? t('payments.noBankFound') : ''}
        </p>
      </div>
    </div>
  );
}

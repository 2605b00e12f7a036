import { useTranslation } from '../../../lib/use-translation';
import type { DirectoryEntry } from '../api/payments';
import { entryName } from './bank-search';

type BankOptionGroupProps = {
  listId: string;
  label: string;
  entries: readonly DirectoryEntry[];
  /** The index of this group's first option among all the list's options. */
  offset: number;
  active: number;
  value: string;
  onChoose: (entry: DirectoryEntry) => void;
};

/** The id of the list's option at `index`, which the combobox names as its active descendant. */
export const bankOptionId = (listId: string, index: number) => `${listId}-option-${index}`;

/**
 * One group of the bank picker's list (banks, or wallets): each name in the reader's language with
 * the other language's beside it, so a reader finds the name they know in either script.
 */
export function BankOptionGroup({ listId, label, entries, offset, active, value, onChoose }: BankOptionGroupProps) {
  const { i18n } = useTranslation();
  if (entries.length === 0) return null;
  const labelId = `${listId}-group-${offset}`;
  return (
    // WAI-ARIA's grouped listbox: each group named by its first, presentational item.
    <ul role="group" aria-labelledby={labelId}>
      <li id={labelId} role="presentation" className="sticky top-0 bg-base-200 px-3 py-1 text-xs font-semibold tracking-wide text-base-content/80 uppercase">
        {label}
      </li>
      {entries.map((entry, index) => (
        <li
          key={entry.code}
          id={bankOptionId(listId, offset + index)}
          role="option"
          aria-selected={entry.code === value}
          data-active={active === offset + index}
          className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 py-2 hover:bg-base-200 aria-selected:font-semibold data-[active=true]:bg-primary/10"
          // The input keeps focus (and the list stays open) while a click chooses.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(entry)}
        >
          <span>{entryName(entry, i18n.language)}</span>
          <span className="text-right text-xs text-base-content/70">{entryName(entry, i18n.language === 'bn' ? 'en' : 'bn')}</span>
        </li>
      ))}
    </ul>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { listSearchLengthMax } from '../../../../shared/constants';

/** Long enough to finish a word, short enough that the list seems to follow the typing. */
const searchDebounceMs = 300;

export type ListSearch = {
  /** The search in the address, as the server was asked. */
  q: string;
  onSearch: (q: string) => void;
  /** What may be typed, when it is not the usual account number, phone, NID, reference or name. */
  placeholder?: string;
};

/**
 * The search box of a staff list: what is typed goes to the address (and so to the server) a
 * moment after the typing stops, or at once with Enter; the clear button empties it and puts the
 * cursor back in the box.
 */
export function ListSearchBox({ q, onSearch, placeholder }: ListSearch) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(q);
  const latestOnSearch = useRef(onSearch);
  latestOnSearch.current = onSearch;
  // A link followed while the typing's pause runs (an account opened from the list) loads its page
  // before the address changes; the search must not then navigate back to the list over it.
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving = useRef(false);
  leaving.current = navigation.state !== 'idle' && navigation.location.pathname !== pathname;

  // The address changed without typing (Back, a link, the status filter): show what it asks for.
  useEffect(() => {
    setDraft((current) => (current.trim() === q ? current : q));
  }, [q]);

  useEffect(() => {
    if (draft.trim() === q) return undefined;
    const timer = window.setTimeout(() => {
      if (!leaving.current) latestOnSearch.current(draft);
    }, searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [draft, q]);

  const clear = () => {
    setDraft('');
    onSearch('');
    input.current?.focus();
  };

  return (
    <form
      role="search"
      className="order-last flex w-full min-w-0 items-center gap-2 sm:order-none sm:w-auto sm:max-w-sm sm:flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft);
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium text-base-content/70">
        {t('dashboard.list.search')}
      </label>
      <div className="relative min-w-0 flex-1">
        <input
          ref={input}
          id={inputId}
          type="search"
          className="input input-sm w-full pr-9 [&::-webkit-search-cancel-button]:hidden"
          placeholder={placeholder ?? t('dashboard.list.searchPlaceholder')}
          value={draft}
          maxLength={listSearchLengthMax}
          autoComplete="off"
          spellCheck={false}
          data-testid="list-search"
          onChange={(event) => setDraft(event.target.value)}
        />
        {draft !== '' ? (
          <button
            type="button"
            className="btn btn-ghost btn-xs btn-circle absolute right-1 top-1/2 -translate-y-1/2"
            aria-label={t('dashboard.list.clearSearch')}
            title={t('dashboard.list.clearSearch')}
            data-testid="list-search-clear"
            onClick={clear}
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M4 4l8 8M12 4l-8 8" />
            </svg>
          </button>
        ) : null}
      </div>
    </form>
  );
}

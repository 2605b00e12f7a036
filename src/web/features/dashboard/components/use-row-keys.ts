import { useEffect, type RefObject } from 'react';

/** Keys that type text: a shortcut never fires while the staff member writes in one of these. */
const typesText = (target: EventTarget | null) => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
};

/** The attribute that marks a list's rows for the keys, holding the row's key. */
export const rowKeyAttribute = 'data-row-key';

/**
 * Moving through a list from the keyboard: `j` or `n` focuses the next row, `k` or `p` the
 * previous one, and `x` toggles the focused row's selection. Not while typing in a field, with a
 * modifier held, or while a dialog is open.
 */
export function useRowKeys(region: RefObject<HTMLElement | null>, onToggle: (rowKey: string) => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typesText(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      const rows = [...(region.current?.querySelectorAll<HTMLElement>(`[${rowKeyAttribute}]`) ?? [])];
      if (rows.length === 0) return;
      const current = rows.findIndex((row) => row.contains(document.activeElement));
      const key = event.key.toLowerCase();
      const focusRow = (index: number) => rows[Math.min(rows.length - 1, Math.max(0, index))]?.focus();
      if (key === 'j' || key === 'n') focusRow(current + 1);
      else if (key === 'k' || key === 'p') focusRow(current < 0 ? 0 : current - 1);
      else if (key === 'x' && current >= 0) onToggle(rows[current]?.getAttribute(rowKeyAttribute) ?? '');
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [region, onToggle]);
}

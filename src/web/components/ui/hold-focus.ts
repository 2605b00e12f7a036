import type { KeyboardEvent } from 'react';

/**
 * A modal dialog's `onKeyDown`: Tab from its last control goes to its first, Shift+Tab from the
 * first to the last. A native modal <dialog> makes the page behind it inert, but Tab from its
 * last control still leaves for the browser's own toolbar, where a keyboard user loses the
 * dialog they were answering. Small on purpose: the session warning carries it into every page.
 */
export function holdFocusWithin(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const controls = event.currentTarget.querySelectorAll<HTMLElement>('a[href],button:not(:disabled),input,select,textarea');
  const last = controls.length - 1;
  if (document.activeElement !== controls[event.shiftKey ? 0 : last]) return;
  event.preventDefault();
  controls[event.shiftKey ? last : 0]?.focus();
}

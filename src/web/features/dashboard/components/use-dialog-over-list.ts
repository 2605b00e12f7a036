import { useState, type RefObject } from 'react';
import type { ConfirmRequest } from './confirm-dialog';

/** Long enough for the list refreshed by a decision to be drawn after its dialog closed. */
const focusCheckDelayMs = 300;

/**
 * The one confirm dialog of a list, and where focus goes when it closes. The browser gives focus
 * back to the button that opened the dialog; when the decision took that button away (the row
 * left the filtered list, or has nothing left to decide), focus stays in the list instead of
 * falling to the top of the page. The refreshed list may be drawn just before the dialog closes or
 * just after, so this looks once at each moment.
 */
export function useDialogOverList(listRegion: RefObject<HTMLElement | null>) {
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);
  const close = () => {
    setConfirming(null);
    const keepFocusInList = () => {
      if (document.activeElement === document.body) listRegion.current?.focus();
    };
    requestAnimationFrame(keepFocusInList);
    window.setTimeout(keepFocusInList, focusCheckDelayMs);
  };
  return { confirming, confirm: setConfirming, close };
}

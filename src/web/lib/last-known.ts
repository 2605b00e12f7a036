import type { AccountAnswer } from '../../shared/schemas/banking-answers';
import type { SessionUser } from '../../shared/schemas/auth';

/**
 * What a signed-in customer last saw, kept in this browser so that a phone without a network shows
 * their balances with the time they were true ("as of 14:02, offline") and keeps the menu, instead
 * of an error on an empty page. The service worker never keeps an API answer; this is the app's own
 * copy, of a customer only (never staff), removed on sign-out, on the server saying nobody is signed
 * in, and unused once the session would have ended (`endsAt`, the server's idle deadline): after
 * that the next person at this device sees nothing of it (docs/decisions/036-fresh-balances-offline-and-budgets.md).
 */
export type LastKnown = { user: SessionUser; endsAt: number; accounts?: AccountAnswer[]; accountsAt?: number };

const storageKey = 'bank.lastKnown';

/** The copy, if there is one and the session it belongs to may still be open. */
export function readLastKnown(): LastKnown | null {
  try {
    const kept = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as LastKnown | null;
    if (kept && kept.endsAt > Date.now()) return kept;
  } catch {
    // Storage refused (private mode) or a copy this version cannot read: as if there were none.
  }
  forgetLastKnown();
  return null;
}

export function forgetLastKnown(): void {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // Nothing could be kept either.
  }
}

export function keepLastKnown(kept: LastKnown): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the offline view is a convenience, never a reason to fail.
  }
}

import { toAsciiDigits } from '../../../../shared/digits';

/** The code from the authenticator app, or one of the recovery codes shown when it was set up. */
export type SignInCodeMode = 'app' | 'recovery';

/**
 * The code as it is sent (Bangla digits and spaces forgiven in an app's code), or why it cannot be:
 * the rules of the shared schemas (two-factor.ts), written out, since this step loads with the
 * login page, without zod.
 */
export function readSignInCode(mode: SignInCodeMode, code: string): { code: string } | { problem: string } {
  const typed = mode === 'app' ? toAsciiDigits(code).replace(/\s+/g, '') : code.trim();
  if (typed === '') return { problem: mode === 'app' ? 'Code is required' : 'Recovery code is required' };
  if (mode === 'app') return /^\d{6}$/.test(typed) ? { code: typed } : { problem: 'Enter the 6-digit code from your authenticator app' };
  return /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(typed) ? { code: typed } : { problem: 'Enter a recovery code as it was shown, such as ab3de-9xk2p' };
}

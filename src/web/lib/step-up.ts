import { secondFactorCodeHeaderName } from '../../shared/second-factor';
import { ApiError } from './api-client';

/**
 * Step-up: an operation the server wants confirmed with a fresh code from the authenticator app
 * (a large transfer, a limit change, a large approval) answers 403 `second_factor_required`. The code
 * prompt (a dialog opened on demand) asks for the code and the same request is sent again with
 * it, with the same Idempotency-Key, so the money moves once however often it is sent.
 */

/** What the prompt is asked: an error to show under the field (a wrong code), and it answers a code or null (cancelled). */
export type CodeRequest = { error: ApiError | null; answer: (code: string | null) => void };

/**
 * Opens the code prompt. Its dialog, its texts and React's root for it load only now: few people
 * ever see it, and the first screen's script budget has no room for it.
 */
async function askForCode(error: ApiError | null, opener: HTMLElement | null): Promise<string | null> {
  const { showCodePrompt } = await import('../components/ui/second-factor-prompt-root');
  return showCodePrompt(error, opener);
}

/** What had focus when the operation began (the button that sent it): focus goes back there when the prompt closes. */
const focusedElement = (): HTMLElement | null => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null);

const codeRefusals = new Set(['invalid_second_factor_code', 'second_factor_code_used']);

/** The header that carries a code, for `send`. */
export const secondFactorHeaders = (code: string | undefined): Record<string, string> => (code ? { [secondFactorCodeHeaderName]: code } : {});

/**
 * Sends, and when the server asks for a code, asks the person and sends again with it; a wrong
 * code asks again with the reason shown. Cancelling answers the server's refusal: nothing happened.
 */
export async function withStepUp<A>(send: (code: string | undefined) => Promise<A>): Promise<A> {
  // Taken before the first send: while it is on its way the button that sent it is disabled, and a
  // disabled button loses focus to the page's body.
  const opener = focusedElement();
  let code: string | undefined;
  for (;;) {
    try {
      return await send(code);
    } catch (error) {
      const asked = error instanceof ApiError && (error.code === 'second_factor_required' || (code !== undefined && codeRefusals.has(error.code)));
      if (!asked) throw error;
      const typed = await askForCode(error.code === 'second_factor_required' ? null : error, opener);
      if (typed === null) throw error;
      code = typed;
    }
  }
}

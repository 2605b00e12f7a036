import { secondFactorCodeHeaderName } from '../../shared/second-factor';
import { ApiError } from './api-client';

/**
 * Step-up: an operation the server wants confirmed with a fresh code from the authenticator app
 * (a transfer above 50,000 BDT, a large approval) answers 403 `second_factor_required`. The code
 * prompt (a dialog the layout shows) asks for the code and the same request is sent again with
 * it, with the same Idempotency-Key, so the money moves once however often it is sent.
 */

/** What the prompt is asked: an error to show under the field (a wrong code), and it answers a code or null (cancelled). */
export type CodeRequest = { error: ApiError | null; answer: (code: string | null) => void };

let listener: ((request: CodeRequest | null) => void) | null = null;

/** The layout's prompt registers here; there is at most one. */
export function listenForCodeRequests(show: (request: CodeRequest | null) => void): () => void {
  listener = show;
  return () => {
    if (listener === show) listener = null;
  };
}

function askForCode(error: ApiError | null): Promise<string | null> {
  const show = listener;
  if (!show) return Promise.resolve(null);
  return new Promise((resolve) =>
    show({
      error,
      answer: (code) => {
        show(null);
        resolve(code);
      },
    }),
  );
}

const codeRefusals = new Set(['invalid_second_factor_code', 'second_factor_code_used']);

/** The header that carries a code, for `send`. */
export const secondFactorHeaders = (code: string | undefined): Record<string, string> => (code ? { [secondFactorCodeHeaderName]: code } : {});

/**
 * Sends, and when the server asks for a code, asks the person and sends again with it; a wrong
 * code asks again with the reason shown. Cancelling answers the server's refusal: nothing happened.
 */
export async function withStepUp<A>(send: (code: string | undefined) => Promise<A>): Promise<A> {
  let code: string | undefined;
  for (;;) {
    try {
      return await send(code);
    } catch (error) {
      const asked = error instanceof ApiError && (error.code === 'second_factor_required' || (code !== undefined && codeRefusals.has(error.code)));
      if (!asked) throw error;
      const typed = await askForCode(error.code === 'second_factor_required' ? null : error);
      if (typed === null) throw error;
      code = typed;
    }
  }
}

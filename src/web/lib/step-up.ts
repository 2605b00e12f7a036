import type { StepUpCheckAnswer } from '../../shared/schemas/two-factor';
import { secondFactorCodeHeaderName } from '../../shared/second-factor';
import { ApiError } from './api-client';
import type { StepUpReply, StepUpRequest } from './step-up-prompt';

/**
 * Step-up: an operation the server wants confirmed with a fresh code (a large transfer, a limit
 * change, a large approval). Two moments:
 *
 * - before the confirm step (`stepUpBeforeConfirm`): the form asks the server's check of the
 *   operation, which says whether a code is needed and which (the authenticator's, or one it has
 *   just sent by SMS, bound to this operation), or that the customer must first verify a mobile
 *   number; the code dialog asks for it (or verifies the number in place), the server checks it,
 *   and the form shows its confirm step with everything the customer typed still there;
 * - when the operation itself answers 403 `second_factor_required` (`withStepUp`): the same dialog,
 *   and the same request sent again with the code and the same Idempotency-Key, so the money moves
 *   once however often it is sent.
 *
 * Cancelling at any point leaves the form as it was: nothing is sent, nothing is lost.
 */

/** The server's step-up check of one operation, sent with a code (to check it) or without (to learn what is needed). */
export type StepUpCheck = (code: string | undefined) => Promise<StepUpCheckAnswer>;

export type { StepUpReply, StepUpRequest } from './step-up-prompt';

/**
 * Opens the code dialog. Its dialog, its texts and React's root for it load only now: few people
 * ever see it, and the first screen's script budget has no room for it.
 */
async function askStepUp(request: Omit<StepUpRequest, 'answer'>, opener: HTMLElement | null): Promise<StepUpReply | null> {
  const { showStepUpPrompt } = await import('../components/ui/second-factor-prompt-root');
  return showStepUpPrompt(request, opener);
}

/**
 * The element that last took focus. A form disables its sending button while it checks its values,
 * and some browsers (Chromium before about version 150) move focus from a disabled button to the
 * page's body at once, so by the time the operation begins nothing seems to have had focus.
 */
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement) lastFocused = event.target;
  });
}

/** What had focus when the operation began (the button that sent it): focus goes back there when the prompt closes. */
function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  return lastFocused?.isConnected ? lastFocused : null;
}

const codeRefusals = new Set(['invalid_second_factor_code', 'second_factor_code_used']);
/** Refusals the dialog shows in place and asks again: a wrong or used code, too many tries or SMS, a number taken. */
const refusalsShownInDialog = new Set([...codeRefusals, 'too_many_requests', 'second_factor_enrolment_required']);

/** The header that carries a code, for `send`. */
export const secondFactorHeaders = (code: string | undefined): Record<string, string> => (code ? { [secondFactorCodeHeaderName]: code } : {});

type Asked = Exclude<StepUpCheckAnswer['stepUp'], 'none' | 'confirmed'>;

/**
 * Before the confirm step: asks the server's check whether the operation needs a code; if it
 * does, the dialog asks for it (verifying a mobile number first, in place, when the customer has
 * no factor yet), and the check confirms it. Answers the code to send the operation with
 * (undefined when none is needed), or null when the customer cancelled. The check's first refusal
 * (not enough money, a receiver that does not match) is thrown for the form to show; later ones
 * (a wrong code, too many tries) are shown in the dialog.
 */
export async function stepUpBeforeConfirm(check: StepUpCheck, firstError: ApiError | null = null, opener: HTMLElement | null = focusedElement()): Promise<{ code: string | undefined } | null> {
  const first = await check(undefined);
  if (first.stepUp === 'none' || first.stepUp === 'confirmed') return { code: undefined };
  let asked: { mode: Asked; sentTo?: string | undefined } = { mode: first.stepUp, sentTo: first.sentTo };
  let error = firstError;
  for (;;) {
    const reply = await askStepUp({ ...asked, error }, opener);
    if (reply === null) return null;
    try {
      const answer = await check(reply.kind === 'code' ? reply.code : undefined);
      if (answer.stepUp === 'none' || (answer.stepUp === 'confirmed' && reply.kind === 'code')) return { code: reply.kind === 'code' ? reply.code : undefined };
      if (answer.stepUp !== 'confirmed') asked = { mode: answer.stepUp, sentTo: answer.sentTo };
      error = null;
    } catch (caught) {
      if (!(caught instanceof ApiError) || !refusalsShownInDialog.has(caught.code)) throw caught;
      error = caught;
    }
  }
}

/**
 * Sends, and when the server asks for a code, asks the person and sends again with it; a wrong
 * code asks again with the reason shown. `code`: one already confirmed before the confirm step.
 * `check`: the operation's step-up check, so that the dialog can send an SMS code or set up a
 * number; without it (staff approvals) the dialog asks for the authenticator's code. Cancelling
 * answers the server's refusal: nothing happened.
 */
export async function withStepUp<A>(send: (code: string | undefined) => Promise<A>, options: { code?: string | undefined; check?: StepUpCheck | undefined } = {}): Promise<A> {
  // Taken before the first send: while it is on its way the button that sent it is disabled, and a
  // disabled button loses focus to the page's body.
  const opener = focusedElement();
  let code = options.code;
  for (;;) {
    try {
      return await send(code);
    } catch (error) {
      const asked = error instanceof ApiError && (error.code === 'second_factor_required' || (code !== undefined && codeRefusals.has(error.code)));
      if (!asked) throw error;
      const shown = error.code === 'second_factor_required' ? null : error;
      if (options.check) {
        const confirmed = await stepUpBeforeConfirm(options.check, shown, opener);
        if (confirmed?.code === undefined) throw error;
        code = confirmed.code;
        continue;
      }
      const reply = await askStepUp({ mode: 'app', error: shown }, opener);
      if (reply?.kind !== 'code') throw error;
      code = reply.code;
    }
  }
}

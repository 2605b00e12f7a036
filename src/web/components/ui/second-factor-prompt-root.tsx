import { createRoot } from 'react-dom/client';
import { loadAreaTexts, type AreaTexts } from '../../lib/i18n';
import type { StepUpReply, StepUpRequest } from '../../lib/step-up-prompt';
import SecondFactorPrompt from './second-factor-prompt';

/** One's own account's texts (two-step verification among them), loaded for the code step. */
const accountTexts: AreaTexts = {
  en: () => import('../../locales/en-account').then((module) => module.enAccount),
  bn: () => import('../../locales/bn-account').then((module) => module.bnAccount),
};

/** How long focus waits for the opener to be usable again (enabled once the operation settles) before giving up. */
const openerWaitMs = 2_000;

/**
 * A closed dialog hands focus back to what had it before it opened; when that was the page's body
 * (the sending button was disabled), a keyboard or screen-reader user would start again from the
 * top. Focus goes to the opener instead, as soon as it can take it, unless something else has
 * taken focus meanwhile (a message the form moved focus to).
 */
function returnFocusTo(opener: HTMLElement | null): void {
  if (!opener) return;
  const giveUpAt = performance.now() + openerWaitMs;
  const attempt = () => {
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (!focusLost || !opener.isConnected) return;
    if (!opener.matches(':disabled')) {
      opener.focus();
      return;
    }
    if (performance.now() < giveUpAt) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/** Shows the code dialog in a root of its own at the end of the page, and answers what the person chose (null: cancelled). */
export async function showStepUpPrompt(request: Omit<StepUpRequest, 'answer'>, opener: HTMLElement | null = null): Promise<StepUpReply | null> {
  await loadAreaTexts(accountTexts);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  return new Promise((resolve) => {
    const answer = (reply: StepUpReply | null) => {
      // A closed dialog can keep focus on its hidden field (there was nothing focusable to hand it
      // back to); let go of it now, so the page sees focus as lost and can place it.
      if (document.activeElement instanceof HTMLElement && container.contains(document.activeElement)) document.activeElement.blur();
      resolve(reply);
      // After the dialog has closed, so that focus returns to the page first.
      setTimeout(() => {
        root.unmount();
        container.remove();
        returnFocusTo(opener);
      }, 0);
    };
    root.render(<SecondFactorPrompt request={{ ...request, answer }} />);
  });
}

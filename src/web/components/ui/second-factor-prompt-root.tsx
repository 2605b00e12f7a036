import { createRoot } from 'react-dom/client';
import { loadAreaTexts, type AreaTexts } from '../../lib/i18n';
import type { StepUpReply, StepUpRequest } from '../../lib/step-up';
import SecondFactorPrompt from './second-factor-prompt';

/** One's own account's texts (two-step verification among them), loaded for the code step. */
const accountTexts: AreaTexts = {
  en: () => import('../../locales/en-account').then((module) => module.enAccount),
  bn: () => import('../../locales/bn-account').then((module) => module.bnAccount),
};

/** Shows the code dialog in a root of its own at the end of the page, and answers what the person chose (null: cancelled). */
export async function showStepUpPrompt(request: Omit<StepUpRequest, 'answer'>): Promise<StepUpReply | null> {
  await loadAreaTexts(accountTexts);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  return new Promise((resolve) => {
    const answer = (reply: StepUpReply | null) => {
      resolve(reply);
      // After the dialog has closed, so that focus returns to the page first.
      setTimeout(() => {
        root.unmount();
        container.remove();
      }, 0);
    };
    root.render(<SecondFactorPrompt request={{ ...request, answer }} />);
  });
}

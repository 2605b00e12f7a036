import { createRoot } from 'react-dom/client';
import type { ApiError } from '../../lib/api-client';
import { loadAreaTexts, type AreaTexts } from '../../lib/i18n';
import SecondFactorPrompt from './second-factor-prompt';

/** One's own account's texts (two-step verification among them), loaded for the code step. */
const accountTexts: AreaTexts = {
  en: () => import('../../locales/en-account').then((module) => module.enAccount),
  bn: () => import('../../locales/bn-account').then((module) => module.bnAccount),
};

/** Shows the code prompt in a root of its own at the end of the page, and answers the code typed (null: cancelled). */
export async function showCodePrompt(error: ApiError | null): Promise<string | null> {
  await loadAreaTexts(accountTexts);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  return new Promise((resolve) => {
    const answer = (code: string | null) => {
      resolve(code);
      // After the dialog has closed, so that focus returns to the page first.
      setTimeout(() => {
        root.unmount();
        container.remove();
      }, 0);
    };
    root.render(<SecondFactorPrompt request={{ error, answer }} />);
  });
}

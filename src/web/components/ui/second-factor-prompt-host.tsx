import { lazy, Suspense, useEffect, useState } from 'react';
import { loadAreaTexts } from '../../lib/i18n';
import { listenForCodeRequests, type CodeRequest } from '../../lib/step-up';
import { twoFactorTexts } from '../../lib/two-factor-texts';

// The dialog and its texts load the first time an operation asks for a code: few people ever see it.
const SecondFactorPrompt = lazy(async () => {
  const [module] = await Promise.all([import('./second-factor-prompt'), loadAreaTexts(twoFactorTexts)]);
  return module;
});

/** Where the code prompt of step-up appears; the layout holds one. */
export function SecondFactorPromptHost() {
  const [request, setRequest] = useState<CodeRequest | null>(null);
  useEffect(() => listenForCodeRequests(setRequest), []);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <SecondFactorPrompt request={request} />
    </Suspense>
  );
}

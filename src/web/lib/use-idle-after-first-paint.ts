import { startTransition, useEffect, useState } from 'react';

/** Browsers without requestIdleCallback (Safari) wait this long instead. */
const idleFallbackDelayMs = 200;
/** The latest the deferred part waits on a page that is never idle. */
const idleTimeoutMs = 2_000;

/**
 * False until the browser has painted the component's first frame and has a moment to spare, then
 * true. A page renders what the first screen shows at once and the rest after that: on a slow phone
 * the visible part appears sooner, instead of waiting for work nobody sees yet.
 */
export function useIdleAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // As a transition, React renders the deferred part in slices and lets the phone answer a tap
    // between them, instead of in one long task.
    const show = () => startTransition(() => setPainted(true));
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(show, { timeout: idleTimeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(show, idleFallbackDelayMs);
    return () => window.clearTimeout(timer);
  }, []);
  return painted;
}

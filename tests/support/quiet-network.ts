import type { Page, Request } from 'playwright-core';

/**
 * Knows when a page has finished loading what it asked for: no request in flight, none started
 * while the page drew two frames after the last answer (what the answer rendered may ask for more),
 * and no transition or animation still running towards its end. Playwright's 'networkidle' waits
 * for a quiet network plus half a second more on every page.
 * Call before the page navigates, so that it sees the first request.
 */
export function watchNetwork(page: Page): { settled: (timeoutMs?: number) => Promise<void> } {
  const inFlight = new Set<Request>();
  let started = 0;
  page.on('request', (request) => {
    // A redirect's next hop is a request of its own; the hop before it is over.
    const previous = request.redirectedFrom();
    if (previous) inFlight.delete(previous);
    inFlight.add(request);
    started += 1;
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return {
    async settled(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (inFlight.size > 0) {
          if (Date.now() > deadline) throw new Error(`still loading after ${timeoutMs} ms: ${[...inFlight].map((request) => request.url()).join(', ')}`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const before = started;
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        if (inFlight.size !== 0 || started !== before) continue;
        // Colours fade in and panels slide: axe and the screenshot read the page as it ends up.
        // Only what runs on the clock ends: a spinner repeats for ever, a scroll-driven or paused
        // animation waits for the reader.
        const ending = page.evaluate(() =>
          Promise.all(
            document
              .getAnimations()
              .filter((animation) => animation.timeline === document.timeline && animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity)
              .map((animation) => animation.finished.catch(() => undefined)),
          ).then(() => undefined),
        );
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`animations still running after ${timeoutMs} ms`)), Math.max(0, deadline - Date.now()));
        });
        // The page's promise outlives a lost race only when the test fails anyway.
        ending.catch(() => undefined);
        try {
          await Promise.race([ending, late]);
        } finally {
          clearTimeout(timer);
        }
        return;
      }
    },
  };
}

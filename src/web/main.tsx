import { startTransition, StrictMode, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter, type AppRouter } from './app/router';
import { recordTapsBeforeStart, wasAnythingOpenedBeforeStart } from './app/layout/opened-before-start';
import { createQueryClient } from './lib/query-client';
import './lib/i18n';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Resolves once the router has the first page's code, texts and the session, and can show the page itself. */
function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

function renderApp(app: ReactElement): void {
  const root = createRoot(container as HTMLElement);
  // A transition lets React render in slices and leave the phone's main thread free between them.
  startTransition(() => root.render(app));
}

/**
 * Takes over the pre-rendered markup instead of drawing it again: the browser keeps the nodes it has
 * laid out and painted, so the phone spends no time rebuilding the page and the largest paint is not
 * reported a second time. Where the live page's markup differs (the build knows no session and no
 * API answer), React draws that part again, the whole page at worst, as it did before.
 */
function hydrateApp(app: ReactElement): void {
  startTransition(() => {
    // Parts whose code the build did not wait for (the toasts, the lazy parts of the layout) are
    // left to the browser to draw, which React reports as recoverable: expected, so not logged.
    hydrateRoot(container as HTMLElement, app, { onRecoverableError: () => undefined });
  });
}

/**
 * Whether the pre-rendered markup is still what the app's first render draws: the build marks the
 * pages where it is, and a menu the visitor opened before the app ran has changed it since (hydration
 * keeps attributes such as `open` as they are, while the app's state would say otherwise).
 */
function markupMatchesApp(): boolean {
  return document.querySelector('meta[name="first-screen"][content="hydrate"]') !== null && !wasAnythingOpenedBeforeStart();
}

// A page the server sent pre-rendered (scripts/prerender.ts) already shows its first screen. Rendered
// at once, the router would put its loading screen over it until the page's code is in; so the app
// waits, then takes the markup over as the same page, now live, or draws its own over it where the
// markup is not what the app would draw. An empty #root shows the loader at once.
function start(): void {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (!container?.firstElementChild) {
    renderApp(app);
    return;
  }
  void routerReady(router).then(() => (markupMatchesApp() ? hydrateApp(app) : renderApp(app)));
}

if (container.firstElementChild) recordTapsBeforeStart(container);
// Evaluating this bundle is the longest task of a first visit on a slow phone; the router and the
// app start in a task of their own, so the page can answer a tap in between.
setTimeout(start, 0);

// The service worker (scripts/service-worker.ts) keeps the shell for the next visit. Registered
// once the page has loaded, so its downloads never compete with the first screen's.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined), { once: true });
}

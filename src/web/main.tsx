import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { recordTapsBeforeStart } from './app/layout/opened-before-start';
import { createQueryClient } from './lib/query-client';
import './lib/i18n';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

/** Resolves once the router has the first page's code, texts and the session, and can show the page itself. */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

function renderApp(): void {
  const root = createRoot(container as HTMLElement);
  // A transition lets React render in slices and leave the phone's main thread free between them;
  // the finished page then replaces what #root holds in one step.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

// A page the server sent pre-rendered (scripts/prerender.ts) already shows its first screen. Rendered
// at once, the router would put its loading screen over it until the page's code is in; so the app
// waits and replaces the markup with the same page, now live. An empty #root shows the loader at once.
if (container.firstElementChild) {
  recordTapsBeforeStart(container);
  void routerReady().then(renderApp);
} else {
  renderApp();
}

// The service worker (scripts/service-worker.ts) keeps the shell for the next visit. Registered
// once the page has loaded, so its downloads never compete with the first screen's.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined), { once: true });
}

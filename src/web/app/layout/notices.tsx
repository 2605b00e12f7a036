import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

const ServiceBanner = lazy(() => import('./service-banner'));

/**
 * Asks for the current service notices after the page has painted, so it never delays one, and
 * again on each new page (the server answers from memory for a few seconds). With none, which is
 * nearly always, nothing is drawn, no room is kept and the banner's code never loads. This
 * question is itself a small chunk the layout loads lazily: the first screen's code is at its budget.
 */
export default function ServiceNotices() {
  const { pathname } = useLocation();
  const [answer, setAnswer] = useState<unknown[]>([]);
  useEffect(() => {
    let cancelled = false;
    const timer = window.setTimeout(() => {
      fetch('/api/serviceNotices/current', { credentials: 'omit' })
        .then((response) => (response.ok ? response.json() : []))
        .then((notices: unknown) => {
          if (!cancelled) setAnswer(Array.isArray(notices) ? notices : []);
        })
        // A banner that cannot load is no reason to bother anyone.
        .catch(() => undefined);
    }, 0);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [pathname]);
  if (answer.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ServiceBanner answer={answer} />
    </Suspense>
  );
}

import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { chosenLanguageReady, loadAreaTexts, type AreaTexts } from '../lib/i18n';

type PageModule = { default: ComponentType };

/**
 * A route whose page code and texts load side by side, before the router shows the page. On the
 * first visit the whole page then appears at once, when both are in: a page shown through
 * Suspense would wait a further 300 ms (React holds revealed content back that long after a
 * fallback, against flicker). On a later visit the previous page stays until the next is ready.
 * The texts are those of the reader's language (and English beneath them), of one area or several.
 */
export function lazyRoute(loadPage: () => Promise<PageModule>, texts: AreaTexts | AreaTexts[] = []): LazyRouteFunction<RouteObject> {
  const areas = Array.isArray(texts) ? texts : [texts];
  return async () => {
    const [page] = await Promise.all([loadPage(), chosenLanguageReady().then(() => Promise.all(areas.map(loadAreaTexts)))]);
    return { Component: page.default };
  };
}

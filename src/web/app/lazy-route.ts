import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { addTexts, type TextCatalogue } from '../lib/i18n';

export type TextsLoader = () => Promise<TextCatalogue>;
type PageModule = { default: ComponentType };

/**
 * A route whose page code and texts load side by side, before the router shows the page. On the
 * first visit the whole page then appears at once, when both are in: a page shown through
 * Suspense would wait a further 300 ms (React holds revealed content back that long after a
 * fallback, against flicker). On a later visit the previous page stays until the next is ready.
 */
export function lazyRoute(loadPage: () => Promise<PageModule>, loadTexts?: TextsLoader): LazyRouteFunction<RouteObject> {
  return async () => {
    const [page, texts] = await Promise.all([loadPage(), loadTexts?.()]);
    if (texts) addTexts(texts);
    return { Component: page.default };
  };
}

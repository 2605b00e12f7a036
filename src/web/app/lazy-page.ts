import { lazy, type ComponentType } from 'react';
import { addTexts, type TextCatalogue } from '../lib/i18n';

export type TextsLoader = () => Promise<TextCatalogue>;

/**
 * A page whose code and texts both load on first visit, side by side; the page renders once
 * both are in, so it never shows a bare key.
 */
export function lazyPage<Props extends object>(loadPage: () => Promise<{ default: ComponentType<Props> }>, loadTexts: TextsLoader) {
  return lazy(async () => {
    const [page, texts] = await Promise.all([loadPage(), loadTexts()]);
    addTexts(texts);
    return page;
  });
}

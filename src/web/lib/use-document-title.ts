import { useEffect } from 'react';
import { useTranslation } from './use-translation';

/**
 * Names the browser tab after the page ("FAQ · Padma Bank"), so tabs, history and screen
 * readers tell pages apart. Without a title the tab shows the bank's name alone.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  const brand = t('brand.name');
  const separator = t('pageTitle.separator');
  useEffect(() => {
    document.title = title ? `${title}${separator}${brand}` : brand;
  }, [title, separator, brand]);
}

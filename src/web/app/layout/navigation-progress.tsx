import { useTranslation } from '../../lib/use-translation';
import { useNavigation } from 'react-router';

/**
 * A thin bar across the top while the next page's code or texts load: the current page stays until
 * the next one is ready, and on a slow connection a tap must still show that something is happening.
 * Fixed above the page, so it moves nothing.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="fixed inset-x-0 top-0 z-[60] h-1 bg-accent motion-safe:animate-pulse" role="status" data-testid="navigation-progress">
      <span className="sr-only">{t('loader.loading')}</span>
    </div>
  );
}

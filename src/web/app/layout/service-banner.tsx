import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { formatDateTime } from '../../lib/format';
import { addTexts } from '../../lib/i18n';
import { bnServiceNotice } from '../../locales/bn-service-notice';
import { enServiceNotice } from '../../locales/en-service-notice';
import { browserStorage } from '../../lib/browser-storage';

// A few words in each language, so both come with the code: switching language needs no second load.
addTexts(enServiceNotice, 'en');
addTexts(bnServiceNotice, 'bn');

/** What the banner reads of a notice (shared/schemas/service-notice.ts); the schema itself stays out of the shell. */
type Notice = { id: string; kind: 'maintenance' | 'outage'; textEn: string; textBn: string; endsAt: string };

const dismissedKey = 'padma-bank.dismissed-notices';

function readDismissed(): string[] {
  try {
    const stored: unknown = JSON.parse(browserStorage('sessionStorage')?.getItem(dismissedKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

const isNotice = (value: unknown): value is Notice =>
  typeof value === 'object' && value !== null && typeof (value as Notice).id === 'string' && typeof (value as Notice).textEn === 'string' && typeof (value as Notice).endsAt === 'string';

/**
 * The current maintenance and outage notices, drawn. Its code loads only when there is one
 * (notices.tsx asks): dismissed for this tab's session only, so a new visit shows a
 * notice that is still current, and gone at its end without a reload.
 */
export default function ServiceBanner({ answer }: { answer: unknown[] }) {
  const { t, i18n } = useTranslation();
  const notices = answer.filter(isNotice);
  const [dismissed, setDismissed] = useState(readDismissed);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => setNow(Date.now()), [answer]);

  const shown = notices.filter((notice) => Date.parse(notice.endsAt) > now && !dismissed.includes(notice.id));
  const nextEnd = Math.min(...shown.map((notice) => Date.parse(notice.endsAt)));
  useEffect(() => {
    if (!Number.isFinite(nextEnd)) return;
    // Timers longer than about 24 days fire at once; a notice that long is looked at again on the next page.
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(nextEnd - Date.now() + 50, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [nextEnd]);

  if (shown.length === 0) return null;
  const dismiss = (id: string) => {
    const next = [...dismissed, id];
    setDismissed(next);
    try {
      browserStorage('sessionStorage')?.setItem(dismissedKey, JSON.stringify(next));
    } catch {
      // Storage refused: dismissed for this page only.
    }
  };
  return (
    <section aria-label={t('serviceNotice.label')} className="mb-4 flex flex-col gap-2" data-testid="service-banner">
      {shown.map((notice) => (
        <div key={notice.id} role="status" className={`alert alert-soft items-start ${notice.kind === 'outage' ? 'alert-error' : 'alert-warning'}`}>
          <p className="flex-1 text-sm">
            <strong className="font-semibold">{t(`serviceNotice.${notice.kind}`)}: </strong>
            {i18n.language === 'bn' ? notice.textBn : notice.textEn}{' '}
            <span className="whitespace-nowrap text-base-content/80">({t('serviceNotice.until', { time: formatDateTime(notice.endsAt) })})</span>
          </p>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={t('serviceNotice.dismiss')} title={t('serviceNotice.dismiss')} onClick={() => dismiss(notice.id)}>
            <span aria-hidden="true">✕</span>
          </button>
        </div>
      ))}
    </section>
  );
}

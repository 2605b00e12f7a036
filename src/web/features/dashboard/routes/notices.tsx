import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { serviceNoticeInputSchema, serviceNoticeKinds, serviceNoticeTextLengthMax, type ServiceNoticeAnswer } from '../../../../shared/schemas/service-notice';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useNoticeActions, useServiceNotices } from '../api/service-notices';
import { errorMessage } from '../../../lib/error-message';
import { ListFailure } from '../components/list-failure';
import { NoticeProposals } from './notice-proposals';
import { StatusBadge } from '../../../components/ui/status-badge';

type Draft = { kind: string; textEn: string; textBn: string; startsAt: string; endsAt: string };
const emptyDraft: Draft = { kind: 'maintenance', textEn: '', textBn: '', startsAt: '', endsAt: '' };

/** Where a notice stands now: waiting for its start, showing, or over. */
const phaseOf = (notice: ServiceNoticeAnswer, now: number) => (Date.parse(notice.endsAt) <= now ? 'ended' : Date.parse(notice.startsAt) > now ? 'upcoming' : 'showing');

function NoticeRow({ notice, onEnd, busy }: { notice: ServiceNoticeAnswer; onEnd: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const phase = phaseOf(notice, Date.now());
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4" data-testid="notice-row">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {t(`dashboard.notices.kinds.${notice.kind}`)}
          <StatusBadge status={phase} label={t(`dashboard.notices.phases.${phase}`)} />
        </p>
        <p className="wrap-anywhere">{i18n.language === 'bn' ? notice.textBn : notice.textEn}</p>
        <p className="text-sm text-base-content/80">{t('dashboard.notices.window', { start: formatDateTime(notice.startsAt), end: formatDateTime(notice.endsAt) })}</p>
      </div>
      {phase === 'ended' ? null : (
        <button type="button" className="btn btn-outline btn-error btn-sm" disabled={busy} onClick={onEnd}>
          {t('dashboard.notices.endNow')}
        </button>
      )}
    </li>
  );
}

/**
 * The service banner, a page of the dashboard's own: staff propose a maintenance or outage notice
 * in both languages, with Dhaka start and end times; a colleague approves or declines it, and any
 * member of staff may end a notice early.
 */
export default function ServiceBannerPage() {
  const { t } = useTranslation();
  const notices = useServiceNotices();
  const { propose, end } = useNoticeActions();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof Draft) => ({ value: draft[name], onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = serviceNoticeInputSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    propose.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('dashboard.notices.proposed'));
        setDraft(emptyDraft);
      },
      // A refusal that names a field (an end already past by the server's clock) shows under it.
      onError: (error) => (error instanceof ApiError && Object.keys(error.fields).length > 0 ? setErrors(error.fields) : toast.error(errorMessage(error, t))),
    });
  };

  return (
    <div id="notices">
      <PageHeader title={t('dashboard.notices.title')} intro={t('dashboard.notices.intro')} />
      <form noValidate onSubmit={submit} className="mb-8 grid gap-4 rounded-box border border-base-300 bg-base-100 p-5 md:grid-cols-2" data-testid="notice-form">
        <FormField id="notice-kind" label={t('dashboard.notices.kind')} error={errors.kind}>
          <select className="select w-full" {...field('kind')} {...describedBy('notice-kind', errors.kind)}>
            {serviceNoticeKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`dashboard.notices.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </FormField>
        <div className="max-md:hidden" />
        <FormField id="notice-text-en" label={t('dashboard.notices.textEn')} error={errors.textEn}>
          <textarea className="textarea w-full" rows={3} maxLength={serviceNoticeTextLengthMax} {...field('textEn')} {...describedBy('notice-text-en', errors.textEn)} />
        </FormField>
        <FormField id="notice-text-bn" label={t('dashboard.notices.textBn')} error={errors.textBn}>
          <textarea className="textarea w-full" rows={3} lang="bn" maxLength={serviceNoticeTextLengthMax} {...field('textBn')} {...describedBy('notice-text-bn', errors.textBn)} />
        </FormField>
        <FormField id="notice-starts" label={t('dashboard.notices.startsAt')} error={errors.startsAt}>
          <input type="datetime-local" className="input w-full" {...field('startsAt')} {...describedBy('notice-starts', errors.startsAt)} />
        </FormField>
        <FormField id="notice-ends" label={t('dashboard.notices.endsAt')} error={errors.endsAt}>
          <input type="datetime-local" className="input w-full" {...field('endsAt')} {...describedBy('notice-ends', errors.endsAt)} />
        </FormField>
        <div className="md:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={propose.isPending}>
            {t('dashboard.notices.propose')}
          </button>
        </div>
      </form>
      <NoticeProposals />
      <h3 className="mb-3 text-lg font-semibold">{t('dashboard.notices.listTitle')}</h3>
      <QueryState query={notices} failure={(error, retry) => <ListFailure error={error} onRetry={retry} />} empty={<p className="text-base-content/80">{t('dashboard.notices.empty')}</p>}>
        {(list) => (
          <ul className="flex flex-col gap-3">
            {list.map((notice) => (
              <NoticeRow
                key={notice.id}
                notice={notice}
                busy={end.isPending}
                onEnd={() => end.mutate(notice.id, { onSuccess: () => toast.success(t('dashboard.notices.ended')), onError: (error) => toast.error(errorMessage(error, t)) })}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

import type { DayCloseAnswer, DayCloseRunAnswer, DayCloseStepAnswer } from '../../../../shared/schemas/day-close';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { approveDayCloseRun, declineDayCloseRun, requestDayCloseRun, useDayClose } from '../api/day-close';
import { useRefreshDashboard } from '../api/dashboard-keys';
import { ListFailure } from '../components/list-failure';
import { StatusBadge } from '../../../components/ui/status-badge';

/** Sends a request, then refreshes the page; a refusal (the maker's own approval, a date not ended) shows the server's words. */
function useSend() {
  const { t } = useTranslation();
  const refresh = useRefreshDashboard();
  return async (send: () => Promise<unknown>, done: string) => {
    try {
      await send();
      toast.success(t(done));
      await refresh();
    } catch (failure) {
      toast.error(failure instanceof ApiError ? failure.message : String(failure));
    }
  };
}

function StepList({ steps }: { steps: readonly DayCloseStepAnswer[] }) {
  const { t } = useTranslation();
  const done = steps.filter((step) => step.state === 'done').length;
  return (
    <div>
      <progress className="progress progress-primary mb-3 w-full" value={done} max={Math.max(steps.length, 1)} aria-label={t('dashboard.dayClose.progress', { done, total: steps.length })} />
      <ol className="divide-y divide-base-300" data-testid="day-close-steps">
        {steps.map((step) => (
          <li key={step.step} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid={`step-${step.step}`}>
            <span className="font-mono text-sm break-all">{step.step}</span>
            {step.state === 'done' ? (
              <StatusBadge status="done" tone="in-force" label={t('dashboard.dayClose.done', { rows: step.rows ?? 0 })} nowrap />
            ) : (
              <StatusBadge status="pending" label={t('dashboard.dayClose.pending')} />
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

function PendingRun({ run }: { run: DayCloseRunAnswer }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const send = useSend();
  const mine = user?.id === run.requestedBy.id;
  return (
    <div className="alert alert-warning flex flex-wrap justify-between" data-testid="pending-run">
      <p>{t('dashboard.dayClose.waiting', { name: run.requestedBy.name, date: formatDate(run.businessDate), at: formatDateTime(run.requestedAt) })}</p>
      <div className="flex gap-2">
        {mine ? (
          <span className="text-sm">{t('dashboard.dayClose.anotherApproves')}</span>
        ) : (
          <button type="button" className="btn btn-sm btn-success" onClick={() => void send(() => approveDayCloseRun(run.id), 'dashboard.dayClose.ran')}>
            {t('dashboard.dayClose.approve')}
          </button>
        )}
        <button type="button" className="btn btn-sm btn-outline" onClick={() => void send(() => declineDayCloseRun(run.id), 'dashboard.dayClose.declined')}>
          {t('dashboard.dayClose.decline')}
        </button>
      </div>
    </div>
  );
}

function History({ history }: { history: DayCloseAnswer['history'] }) {
  const { t } = useTranslation();
  if (history.length === 0) return <p className="text-sm text-base-content/80">{t('dashboard.dayClose.noHistory')}</p>;
  return (
    // Focusable, so a keyboard can scroll the table sideways on a phone.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="history-title">
      <table className="table table-sm" data-testid="day-close-history">
        <thead>
          <tr>
            <th>{t('dashboard.dayClose.date')}</th>
            <th className="text-right">{t('dashboard.dayClose.steps')}</th>
            <th className="text-right">{t('dashboard.dayClose.rows')}</th>
            <th>{t('dashboard.dayClose.started')}</th>
            <th className="text-right">{t('dashboard.dayClose.duration')}</th>
          </tr>
        </thead>
        <tbody>
          {history.map((entry) => (
            <tr key={entry.businessDate}>
              <td className="whitespace-nowrap">{formatDate(entry.businessDate)}</td>
              <td className="text-right tabular-nums">{entry.steps.length}</td>
              <td className="text-right tabular-nums">{entry.rows}</td>
              <td className="whitespace-nowrap">{formatDateTime(entry.startedAt)}</td>
              <td className="text-right tabular-nums">{t('dashboard.dayClose.seconds', { seconds: (entry.durationMs / 1000).toFixed(1) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayCloseView({ answer }: { answer: DayCloseAnswer }) {
  const { t } = useTranslation();
  const send = useSend();
  return (
    <div className="grid min-w-0 gap-6">
      <section className="card min-w-0 border border-base-300 bg-base-100 p-4" aria-labelledby="business-date-title">
        <h2 id="business-date-title" className="text-sm font-semibold text-base-content/70">
          {t('dashboard.dayClose.businessDate')}
        </h2>
        <p className="text-3xl font-bold sm:text-4xl" data-testid="business-date">
          {formatDate(answer.businessDate)}
        </p>
        <p className="mb-3 text-sm text-base-content/80" data-testid="close-due">
          {t(answer.due ? 'dashboard.dayClose.due' : 'dashboard.dayClose.notDue')}
        </p>
        <StepList steps={answer.steps} />
        <div className="mt-4">
          {answer.pendingRun ? (
            <PendingRun run={answer.pendingRun} />
          ) : (
            <button type="button" className="btn btn-primary" disabled={!answer.due} onClick={() => void send(requestDayCloseRun, 'dashboard.dayClose.requested')}>
              {t('dashboard.dayClose.requestRun')}
            </button>
          )}
        </div>
        {answer.lastRun ? (
          <p className="mt-3 text-xs text-base-content/70" data-testid="last-run">
            {t(answer.lastRun.status === 'approved' ? 'dashboard.dayClose.lastApproved' : 'dashboard.dayClose.lastDeclined', {
              maker: answer.lastRun.requestedBy.name,
              checker: answer.lastRun.decidedBy?.name ?? '',
            })}
          </p>
        ) : null}
      </section>
      <section className="card min-w-0 border border-base-300 bg-base-100 p-4" aria-labelledby="history-title">
        <h2 id="history-title" className="mb-2 text-lg font-bold">
          {t('dashboard.dayClose.historyTitle')}
        </h2>
        <History history={answer.history} />
      </section>
    </div>
  );
}

/**
 * The day close for staff (record 086): the business date, its steps, the recent closed dates, and
 * a run one member of staff asks for and another approves.
 */
export default function DayClosePage() {
  const { t } = useTranslation();
  const dayClose = useDayClose();
  return (
    <div>
      <PageHeader title={t('dashboard.dayClose.title')} intro={t('dashboard.dayClose.intro')} />
      <QueryState query={dayClose} loadingLabel={t('dashboard.list.loading')} failure={(error, retry) => <ListFailure error={error} onRetry={retry} />}>
        {(answer) => <DayCloseView answer={answer} />}
      </QueryState>
    </div>
  );
}

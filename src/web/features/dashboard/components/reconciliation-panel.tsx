import { useState } from 'react';
import type { ReconciliationBreakAnswer, ReconciliationsAnswer } from '../../../../shared/schemas/payment-operations';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { formatBdtNumber, formatCount, formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useRefreshDashboard } from '../api/dashboard-keys';
import { runReconciliationNow, useReconciliations } from '../api/payment-operations';
import { Cell, DataTable, Row } from './data-table';
import { BreakExplanationForm } from './break-explanation-form';
import { ListFailure } from './list-failure';
import { StatusBadge } from '../../../components/ui/status-badge';

const amountOrDash = (amount: number | null) => (amount === null ? '—' : formatBdtNumber(amount));

function BreakState({ found, onExplain }: { found: ReconciliationBreakAnswer; onExplain: (found: ReconciliationBreakAnswer) => void }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-col items-end gap-1 md:items-start">
      <StatusBadge status={found.state} tone={found.state === 'open' ? 'waiting' : 'in-force'} label={t(`dashboard.paymentOps.breakStates.${found.state}`)} nowrap />
      {found.state === 'explained' && found.explanation ? (
        <span className="max-w-xs text-xs text-base-content/80 max-md:text-right">
          {t('dashboard.paymentOps.explainedBy', { name: found.explainedBy ?? '', at: found.explainedAt ? formatDateTime(found.explainedAt) : '', explanation: found.explanation })}
        </span>
      ) : null}
      {found.state === 'open' ? (
        <button type="button" className="btn btn-xs btn-outline" onClick={() => onExplain(found)} aria-label={`${t('dashboard.paymentOps.explain')} ${found.messageId}`}>
          {t('dashboard.paymentOps.explain')}
        </button>
      ) : null}
    </span>
  );
}

function BreakTable({ breaks, testId, onExplain }: { breaks: ReconciliationBreakAnswer[]; testId: string; onExplain: (found: ReconciliationBreakAnswer) => void }) {
  const { t } = useTranslation();
  const columns = [
    { label: t('dashboard.paymentOps.breakKind') },
    { label: t('dashboard.paymentOps.reference') },
    { label: t('dashboard.paymentOps.switchSide') },
    { label: t('dashboard.paymentOps.bankSide') },
    { label: t('dashboard.paymentOps.breakState') },
  ];
  return (
    <DataTable columns={columns} testId={testId}>
      {breaks.map((found) => (
        <Row key={found.id} testId={`break-${found.id}`}>
          <Cell label={columns[0]?.label ?? ''}>
            <span className="badge badge-soft badge-warning whitespace-nowrap">{t(`dashboard.paymentOps.${found.kind}`)}</span>
          </Cell>
          <Cell label={columns[1]?.label ?? ''} className="font-mono text-xs break-all">
            {found.messageId}
          </Cell>
          <Cell label={columns[2]?.label ?? ''} className="whitespace-nowrap">
            {amountOrDash(found.switchAmount)} {found.switchSays ? t('dashboard.paymentOps.booked') : ''}
          </Cell>
          <Cell label={columns[3]?.label ?? ''} className="whitespace-nowrap">
            {amountOrDash(found.bankAmount)} {found.bankSays ? t(`dashboard.paymentOps.statuses.${found.bankSays}`) : ''}
          </Cell>
          <Cell label={columns[4]?.label ?? ''}>
            <BreakState found={found} onExplain={onExplain} />
          </Cell>
        </Row>
      ))}
    </DataTable>
  );
}

/** The breaks still open, whichever run found them. */
function OpenBreaks({ answer, onExplain }: { answer: ReconciliationsAnswer; onExplain: (found: ReconciliationBreakAnswer) => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4" data-testid="open-breaks">
      <h3 className="mb-2 font-bold">{t('dashboard.paymentOps.openBreaksTitle')}</h3>
      {answer.openBreaks.length === 0 ? (
        <p className="text-sm text-success">{t('dashboard.paymentOps.openBreaksEmpty')}</p>
      ) : (
        <BreakTable breaks={answer.openBreaks} testId="open-breaks-table" onExplain={onExplain} />
      )}
    </div>
  );
}

function LatestRun({ answer, onExplain }: { answer: ReconciliationsAnswer; onExplain: (found: ReconciliationBreakAnswer) => void }) {
  const { t } = useTranslation();
  const run = answer.runs[0];
  if (!run) return <p className="text-base-content/80">{t('dashboard.paymentOps.noRuns')}</p>;
  const summary = t('dashboard.paymentOps.runSummary', {
    count: run.breakCount,
    from: formatDateTime(run.from),
    to: formatDateTime(run.to),
    matched: formatCount(run.matchedItems),
    breaks: formatCount(run.breakCount),
  });
  return (
    <div data-testid="latest-reconciliation">
      <p className="mb-2 text-sm">{run.state === 'failed' ? t('dashboard.paymentOps.runFailed', { failure: run.failure ?? '' }) : summary}</p>
      {answer.latestBreaks.length === 0 ? (
        <p className="text-sm text-success">{t('dashboard.paymentOps.breaksEmpty')}</p>
      ) : (
        <BreakTable breaks={answer.latestBreaks} testId="breaks-table" onExplain={onExplain} />
      )}
    </div>
  );
}

/** The latest reconciliation with the clearing house, its breaks, and a button to run one now. */
export function ReconciliationPanel() {
  const { t } = useTranslation();
  const reconciliations = useReconciliations();
  const refresh = useRefreshDashboard();
  const [running, setRunning] = useState(false);
  const [explaining, setExplaining] = useState<ReconciliationBreakAnswer | undefined>();
  const runNow = async () => {
    setRunning(true);
    try {
      await runReconciliationNow();
      toast.success(t('dashboard.paymentOps.ran'));
      await refresh();
    } catch (failure) {
      toast.error(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setRunning(false);
    }
  };
  return (
    <section className="card mb-6 border border-base-300 bg-base-100 p-4" aria-labelledby="reconciliation-title">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="reconciliation-title" className="text-lg font-bold">
          {t('dashboard.paymentOps.reconciliationTitle')}
        </h2>
        <button type="button" className="btn btn-sm btn-primary" disabled={running} onClick={() => void runNow()}>
          {t('dashboard.paymentOps.runNow')}
        </button>
      </div>
      <QueryState query={reconciliations} isEmpty={() => false} loadingLabel={t('dashboard.list.loading')} failure={(error, retry) => <ListFailure error={error} onRetry={retry} />}>
        {(answer) => (
          <>
            <LatestRun answer={answer} onExplain={setExplaining} />
            {explaining ? (
              <div className="card mt-3 border border-base-300 bg-base-200/40 p-3">
                <p className="font-mono text-xs break-all">{explaining.messageId}</p>
                <BreakExplanationForm key={explaining.id} found={explaining} onClose={() => setExplaining(undefined)} />
              </div>
            ) : null}
            <OpenBreaks answer={answer} onExplain={setExplaining} />
          </>
        )}
      </QueryState>
    </section>
  );
}

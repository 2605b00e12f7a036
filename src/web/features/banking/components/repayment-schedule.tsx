import { useTranslation } from '../../../lib/use-translation';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { formatBdtNumber } from '../../../lib/format';
import { useLoanSchedule } from '../api/loans-and-cards';

const stateTone = { paid: 'in-force', 'part-paid': 'waiting', due: 'finished' } as const satisfies Record<string, StatusTone>;

/** The monthly instalment and each month's amount and state, as the server computed them. */
export function RepaymentSchedule({ loanId }: { loanId: string }) {
  const { t } = useTranslation();
  const schedule = useLoanSchedule(loanId);
  return (
    <section aria-labelledby="schedule-heading" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id="schedule-heading" className="card-title">
          {t('loanDetail.scheduleTitle')}
        </h2>
        <QueryState query={schedule}>
          {(plan) => (
            <>
              <p className="text-lg">
                {t('loanDetail.monthlyInstalment')}{' '}
                <strong className="whitespace-nowrap text-primary" data-testid="monthly-instalment">
                  {formatBdtNumber(plan.monthlyInstalment)}
                </strong>{' '}
                {t('loanDetail.forMonths', { count: plan.months })}
              </p>
              <ol className="divide-y divide-base-200" data-testid="repayment-schedule">
                {plan.instalments.map((instalment) => (
                  <li key={instalment.number} className="flex items-center justify-between gap-3 py-2">
                    <span>
                      <span className="block font-medium">{t('loanDetail.instalmentNumber', { number: instalment.number })}</span>
                      <span className="text-sm text-base-content/80">{t('loanDetail.remainingAfter', { amount: formatBdtNumber(instalment.remainingAfter) })}</span>
                    </span>
                    <span className="flex flex-col items-end gap-1">
                      <span className="whitespace-nowrap font-semibold">{formatBdtNumber(instalment.amount)}</span>
                      <StatusBadge status={instalment.state} tone={stateTone[instalment.state]} label={t(`loanDetail.instalmentState.${instalment.state}`)} />
                    </span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}

import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { formatBdtNumber } from '../../../lib/format';
import type { LoanAnswer } from '../../../../shared/schemas/banking-answers';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useMyLoans } from '../api/loans-and-cards';
import { DeclinedReason } from '../components/declined-reason';

/**
 * One loan as a row that fits a phone: what it is on the left, what is left to repay and the way
 * to repay it on the right. The same markup at every width, so nothing hides off screen.
 */
function LoanRow({ loan }: { loan: LoanAnswer }) {
  const { t } = useTranslation();
  const status = loan.repaid ? 'repaid' : loan.status;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm" data-testid="loan-row">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={`/singleLoanDetail/${loan._id}`} className="link link-hover font-semibold">
            {t(`loanRequest.types.${loan.loan}` as 'loanRequest.types.car')}
          </Link>
          <StatusBadge status={status} label={t(`banking.status.${status}`)} />
        </p>
        <p className="text-sm text-base-content/80">
          {t('myLoans.summary', { amount: formatBdtNumber(loan.lAmount), months: t('myLoans.monthsShort', { count: Number(loan.lDuration) }), account: loan.accNum })}
        </p>
        <DeclinedReason request={loan} />
      </div>
      <div className="ml-auto flex items-center gap-3">
        {loan.status === 'success' ? (
          <p className="text-right">
            <span className="block text-xs text-base-content/80">{t('myLoans.outstanding')}</span>
            <span className="whitespace-nowrap font-semibold">{formatBdtNumber(loan.tLAmount)}</span>
          </p>
        ) : null}
        {loan.status === 'declined' ? null : loan.status === 'pending' ? (
          <Link to={`/singleLoanDetail/${loan._id}`} className="btn btn-outline btn-primary btn-sm">
            {t('myLoans.details')}
          </Link>
        ) : loan.tLAmount <= 0 ? (
          <button type="button" className="btn btn-success btn-sm" disabled>
            {t('myLoans.repaid')}
          </button>
        ) : (
          <Link to={`/debtRepay/${loan._id}`} className="btn btn-primary btn-sm">
            {t('myLoans.repay')}
          </Link>
        )}
      </div>
    </li>
  );
}

/** The approved loans first, then those waiting, then those declined. */
function LoanLists({ loans }: { loans: LoanAnswer[] }) {
  const { t } = useTranslation();
  const approved = loans.filter((loan) => loan.status === 'success');
  const waiting = loans.filter((loan) => loan.status === 'pending');
  const declined = loans.filter((loan) => loan.status === 'declined');
  return (
    <>
      {approved.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label={t('myLoans.approvedTitle')}>
          {approved.map((loan) => (
            <LoanRow key={loan._id} loan={loan} />
          ))}
        </ul>
      ) : null}
      {waiting.length > 0 ? (
        <section className="mt-8" aria-labelledby="loans-waiting">
          <h2 id="loans-waiting" className="mb-3 text-lg font-semibold">
            {t('myLoans.pendingTitle')}
          </h2>
          <ul className="flex flex-col gap-3">
            {waiting.map((loan) => (
              <LoanRow key={loan._id} loan={loan} />
            ))}
          </ul>
        </section>
      ) : null}
      {declined.length > 0 ? (
        <section className="mt-8" aria-labelledby="loans-declined">
          <h2 id="loans-declined" className="mb-3 text-lg font-semibold">
            {t('myLoans.declinedTitle')}
          </h2>
          <ul className="flex flex-col gap-3">
            {declined.map((loan) => (
              <LoanRow key={loan._id} loan={loan} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export default function MyLoansPage() {
  const { t } = useTranslation();
  const loans = useMyLoans();
  return (
    <section className="mx-auto max-w-5xl">
      <PageHeader title={t('myLoans.title')} intro={t('myLoans.intro')} />
      {/* "No loan" only when there is none at all: a loan waiting for approval is a loan. */}
      <QueryState query={loans} empty={<p className="rounded-box border border-dashed border-base-300 p-8 text-center text-lg">{t('myLoans.empty')}</p>}>
        {(list) => <LoanLists loans={list} />}
      </QueryState>
    </section>
  );
}

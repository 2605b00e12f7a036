import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBdtNumber } from '../../../../shared/money';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { PageHeader } from '../../../components/ui/page-header';
import { useMyLoans } from '../api/loans-and-cards';

export default function MyLoansPage() {
  const { t } = useTranslation();
  const loans = useMyLoans();
  const approved = loans.data?.filter((loan) => loan.status === 'success') ?? [];
  const waiting = loans.data?.filter((loan) => loan.status === 'pending') ?? [];
  return (
    <section className="mx-auto max-w-5xl">
      <PageHeader title={t('myLoans.title')} intro={t('myLoans.intro')} />
      {loans.isPending ? <LoadingBlock label={t('common.loading')} /> : null}
      {loans.isError ? <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void loans.refetch()} /> : null}
      {loans.isSuccess && approved.length === 0 ? <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-lg">{t('myLoans.empty')}</p> : null}
      {approved.length > 0 ? (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100 shadow-sm">
          <table className="table" data-testid="loans-table">
            <thead>
              <tr>
                <th scope="col">{t('myLoans.type')}</th>
                <th scope="col">{t('myLoans.account')}</th>
                <th scope="col" className="text-right">{t('myLoans.amount')}</th>
                <th scope="col">{t('myLoans.duration')}</th>
                <th scope="col" className="text-right">{t('myLoans.outstanding')}</th>
                <th scope="col">{t('myLoans.action')}</th>
              </tr>
            </thead>
            <tbody>
              {approved.map((loan) => (
                <tr key={loan._id}>
                  <td className="font-semibold">
                    <Link to={`/singleLoanDetail/${loan._id}`} className="link link-hover">
                      {t(`loanRequest.types.${loan.loan}` as 'loanRequest.types.car')}
                    </Link>
                  </td>
                  <td className="font-mono text-sm">{loan.accNum}</td>
                  <td className="whitespace-nowrap text-right">{formatBdtNumber(loan.lAmount)}</td>
                  <td className="whitespace-nowrap">{t('myLoans.monthsShort', { count: Number(loan.lDuration) })}</td>
                  <td className="whitespace-nowrap text-right font-semibold">{formatBdtNumber(loan.tLAmount)}</td>
                  <td>
                    {loan.tLAmount <= 0 ? (
                      <button type="button" className="btn btn-success btn-sm" disabled>
                        {t('myLoans.repaid')}
                      </button>
                    ) : (
                      <Link to={`/debtRepay/${loan._id}`} className="btn btn-primary btn-sm">
                        {t('myLoans.repay')}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {waiting.length > 0 ? (
        <section className="mt-8" aria-labelledby="loans-waiting">
          <h2 id="loans-waiting" className="mb-3 text-lg font-semibold">
            {t('myLoans.pendingTitle')}
          </h2>
          <ul className="flex flex-col gap-2">
            {waiting.map((loan) => (
              <li key={loan._id} className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 bg-base-100 p-3">
                <span>
                  {t(`loanRequest.types.${loan.loan}` as 'loanRequest.types.car')} · {formatBdtNumber(loan.lAmount)} · {t('myLoans.monthsShort', { count: Number(loan.lDuration) })}
                </span>
                <Link to={`/singleLoanDetail/${loan._id}`} className="link link-primary text-sm">
                  {t('myLoans.details')}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

import { useTranslation } from '../../../lib/use-translation';
import { useParams } from 'react-router';
import { formatBdtNumber } from '../../../lib/format';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useLoan } from '../api/loans-and-cards';
import { AccountNotFound } from '../components/account-not-found';
import { RepaymentSchedule } from '../components/repayment-schedule';

/** Every field of the first product's single loan detail; staff may open any loan, customers their own. */
export default function SingleLoanPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useLoan(id);
  return (
    <section className="mx-auto max-w-4xl">
      <PageHeader title={t('loanDetail.title')} />
      <QueryState query={query} notFound={<AccountNotFound message={t('loanDetail.notFound')} />}>
        {(loan) => {
          const rows: Array<[string, string]> = [
            [t('loanDetail.user'), loan.user],
            [t('loanDetail.email'), loan.email],
            [t('loanDetail.accountType'), loan.accountType],
            [t('loanDetail.loanType'), t(`loanRequest.types.${loan.loan}` as 'loanRequest.types.car')],
            [t('loanDetail.loanAmount'), formatBdtNumber(loan.lAmount)],
            [t('loanDetail.duration'), loan.lDuration],
            [t('loanDetail.interest'), `${loan.interestPercent} %`],
            [t('loanDetail.accountId'), loan.accNum],
            [t('loanDetail.userName'), loan.name],
            [t('loanDetail.income'), formatBdtNumber(loan.income)],
            [t('loanDetail.nid'), loan.nid],
            [t('loanDetail.company'), loan.company],
            [t('loanDetail.totalLoan'), formatBdtNumber(loan.totalAmount)],
            [t('loanDetail.outstanding'), formatBdtNumber(loan.tLAmount)],
          ];
          return (
            <div className="flex flex-col gap-6">
              {/* The money first: what to pay each month, then the loan's identity details. */}
              <RepaymentSchedule loanId={loan._id} />
              <div className="card border border-base-300 bg-base-100 shadow-sm">
                <div className="card-body gap-6">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <p className="text-xl font-bold">{t(`loanRequest.types.${loan.loan}` as 'loanRequest.types.car')}</p>
                    <StatusBadge status={loan.repaid ? 'repaid' : loan.status} label={t(loan.repaid ? 'banking.status.repaid' : `banking.status.${loan.status}`)} />
                  </div>
                  <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
                    {rows.map(([label, value]) => (
                      <div key={label} className="border-b border-base-200 pb-2">
                        <dt className="text-xs uppercase tracking-wide text-base-content/80">{label}</dt>
                        <dd className="font-medium wrap-anywhere">{value}</dd>
                      </div>
                    ))}
                    {loan.evidence ? (
                      <div className="border-b border-base-200 pb-2 sm:col-span-2">
                        <dt className="text-xs uppercase tracking-wide text-base-content/80">{t('loanDetail.evidence')}</dt>
                        <dd className="whitespace-pre-wrap break-words">{loan.evidence}</dd>
                      </div>
                    ) : null}
                  </dl>
                  {loan.document ? (
                    <p>
                      <a href={loan.document} target="_blank" rel="noreferrer" className="link link-primary">
                        {t('loanDetail.openDocument', { kind: loan.documentKind ? t(`loanRequest.documentKinds.${loan.documentKind}`) : t('loanDetail.document') })}
                      </a>
                    </p>
                  ) : null}
                  {loan.passport ? (
                    <figure>
                      <figcaption className="mb-2 text-xs uppercase tracking-wide text-base-content/80">{t('loanDetail.passport')}</figcaption>
                      <img src={loan.passport} alt={t('loanDetail.passportAlt', { name: loan.name })} className="max-h-80 rounded-box border border-base-300" />
                    </figure>
                  ) : null}
                </div>
              </div>
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}

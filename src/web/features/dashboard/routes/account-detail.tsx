import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams } from 'react-router';
import { cardImageHeightPx, cardImageWidthPx } from '../../../../shared/constants';
import { formatAccountType, formatBdtNumber, formatDate, formatDateTime } from '../../../lib/format';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { useAccount } from '../../../lib/account-queries';
import { AccountAuditTrail } from '../components/account-audit-trail';
import { RecentStatement } from '../../../components/statement/recent-statement';
import { StatementPeriod } from '../../../components/statement/statement-period';
import { errorMessage } from '../../../lib/error-message';
import { StatusText, StatusWithReason } from '../components/request-status';

function AccountFacts({ account }: { account: AccountAnswer }) {
  const { t } = useTranslation();
  const cardState = account.cardStatus === 'success' ? 'success' : account.cardStatus === 'pending' ? 'pending' : null;
  const facts: Array<[string, string]> = [
    [t('dashboard.accountDetail.user'), account.user],
    [t('dashboard.accountDetail.email'), account.email],
    [t('dashboard.accountDetail.accountNumber'), account._id],
    [t('dashboard.accountDetail.nid'), account.nid],
    [t('dashboard.accountDetail.nomineeName'), account.nomineeName],
    [t('dashboard.accountDetail.nomineeId'), account.nomineeId],
    [t('dashboard.accountDetail.nomineeRelation'), account.nomineeRelation],
    [t('dashboard.accountDetail.phone'), account.phone],
    [t('dashboard.accountDetail.permanentArea'), account.permanentArea],
    [t('dashboard.accountDetail.residentialArea'), account.residentialArea],
    [t('dashboard.accountDetail.gender'), account.gender],
    [t('dashboard.accountDetail.birthDate'), formatDate(account.birthDate)],
    [t('dashboard.accountDetail.accountType'), formatAccountType(account.accountType)],
    [t('dashboard.accountDetail.requestedAt'), formatDateTime(account.requestedAt)],
    [t('dashboard.accountDetail.approvedAt'), account.approvedAt ? formatDateTime(account.approvedAt) : '—'],
  ];
  return (
    <div className="rounded-box border border-base-300 bg-base-100 shadow-sm">
      <div className="flex flex-col gap-4 border-b border-base-300 p-5 sm:flex-row sm:items-center">
        <img src={account.img} alt={t('dashboard.accountDetail.photoAlt', { name: account.user })} width="80" height="80" className="h-20 w-20 rounded-full object-cover ring-4 ring-primary/15" />
        <div className="flex flex-1 flex-col gap-1">
          <p className="text-xl font-bold">{account.user}</p>
          <p className="font-mono text-sm text-base-content/70">{account._id}</p>
          <span>
            <StatusWithReason status={account.status === 'success' ? 'active' : account.status} request={account} />
          </span>
        </div>
        <dl className="grid gap-3 sm:grid-cols-2 sm:gap-6 sm:text-right">
          <div>
            <dt className="text-xs uppercase tracking-wide text-base-content/70">{t('dashboard.accountDetail.balance')}</dt>
            <dd className="whitespace-nowrap text-xl font-bold tabular-nums text-primary sm:text-2xl" data-testid="detail-balance">
              {formatBdtNumber(account.amount)}
            </dd>
          </div>
          <div>
            <dt className="text-xs uppercase tracking-wide text-base-content/70">{t('dashboard.accountDetail.totalLoan')}</dt>
            <dd className="whitespace-nowrap text-xl font-bold tabular-nums sm:text-2xl">{formatBdtNumber(account.totalLoanAmount)}</dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-col gap-6 p-5 lg:flex-row">
        <dl className="grid flex-1 gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label} className="border-b border-base-200 pb-2">
              <dt className="text-xs uppercase tracking-wide text-base-content/70">{label}</dt>
              <dd className="font-medium wrap-anywhere">{value}</dd>
            </div>
          ))}
          <div className="border-b border-base-200 pb-2">
            <dt className="text-xs uppercase tracking-wide text-base-content/70">{t('dashboard.accountDetail.cards')}</dt>
            <dd>{cardState ? <StatusText status={cardState} /> : <span className="font-medium">{t('dashboard.accountDetail.cardNone')}</span>}</dd>
          </div>
        </dl>
        {cardState === 'success' && account.cards ? (
          <img
            src={account.cards}
            alt={t('dashboard.accountDetail.cardImageAlt', { type: account.card, name: account.user })}
            width={cardImageWidthPx}
            height={cardImageHeightPx}
            className="h-auto w-full max-w-xs self-start rounded-xl shadow-md"
          />
        ) : null}
      </div>
    </div>
  );
}

/** Read-only view of any account for staff, with its statement and its audit trail. */
export default function DashboardAccountDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const account = useAccount(id);
  const missing = account.error instanceof ApiError && (account.error.status === 404 || account.error.status === 400);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to="/dashboard" className="link link-hover text-sm text-base-content/70">
          ‹ {t('dashboard.accountDetail.back')}
        </Link>
      </div>
      <PageHeader title={t('dashboard.accountDetail.title', { id })} />
      {account.isPending ? <LoadingBlock label={t('common.loading')} /> : null}
      {missing ? <p className="rounded-box border border-dashed border-base-300 p-6 text-center text-base-content/70">{t('dashboard.accountDetail.notFound')}</p> : null}
      {account.isError && !missing ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{errorMessage(account.error, t)}</span>
          <button type="button" className="btn btn-sm" onClick={() => void account.refetch()}>
            {t('dashboard.list.retry')}
          </button>
        </div>
      ) : null}
      {account.data ? (
        <>
          <AccountFacts account={account.data} />
          <RecentStatement
            accountId={id}
            receipts={false}
            texts={{ title: t('dashboard.accountDetail.statementTitle'), empty: t('dashboard.accountDetail.statementEmpty'), older: t('dashboard.accountDetail.statementOlder') }}
          />
          <StatementPeriod accountId={id} receipts={false} />
        </>
      ) : null}
      {/^\d{13}$/.test(id) ? <AccountAuditTrail accountId={id} /> : null}
    </div>
  );
}

import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams } from 'react-router';
import { cardImageHeightPx, cardImageWidthPx } from '../../../../shared/constants';
import { formatDateTime } from '../../../lib/format';
import { formatAccountType } from '../../../lib/format-account-type';
import { AccountFactList, AccountHeader } from '../../../components/account/account-facts';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useAccount } from '../../../lib/account-queries';
import { AccountAuditTrail } from '../components/account-audit-trail';
import { RecentStatement } from '../../../components/statement/recent-statement';
import { StatementPeriod } from '../../../components/statement/statement-period';
import { errorMessage } from '../../../lib/error-message';
import { StatusBadge } from '../../../components/ui/status-badge';
import { StatusWithReason } from '../components/request-status';
import { holderFacts } from '../../../lib/account-words';

function AccountFacts({ account }: { account: AccountAnswer }) {
  const { t } = useTranslation();
  const cardState = account.cardStatus === 'success' ? 'success' : account.cardStatus === 'pending' ? 'pending' : null;
  const facts: Array<[string, string]> = [
    [t('dashboard.accountDetail.accountNumber'), account._id],
    [t('dashboard.accountDetail.accountType'), formatAccountType(account.accountType)],
    ...holderFacts(account, t),
    [t('dashboard.accountDetail.requestedAt'), formatDateTime(account.requestedAt)],
    [t('dashboard.accountDetail.approvedAt'), account.approvedAt ? formatDateTime(account.approvedAt) : '—'],
  ];
  return (
    <div className="rounded-box border border-base-300 bg-base-100 shadow-sm">
      <div className="border-b border-base-300 p-5">
        <AccountHeader
          account={account}
          status={<StatusWithReason status={account.status === 'success' ? 'active' : account.status} request={account} />}
          labels={{ photoAlt: t('dashboard.accountDetail.photoAlt', { name: account.user }), balance: t('dashboard.accountDetail.balance'), totalLoan: t('dashboard.accountDetail.totalLoan') }}
        />
      </div>
      <div className="flex flex-col gap-6 p-5 lg:flex-row">
        <AccountFactList
          facts={facts}
          card={{
            label: t('dashboard.accountDetail.cards'),
            value: cardState ? <StatusBadge status={cardState} label={t(`dashboard.statuses.${cardState}`, { defaultValue: cardState })} nowrap /> : t('dashboard.accountDetail.cardNone'),
          }}
        />
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
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to="/dashboard" className="link link-hover text-sm text-base-content/70">
          ‹ {t('dashboard.accountDetail.back')}
        </Link>
      </div>
      <PageHeader title={t('dashboard.accountDetail.title', { id })} />
      <QueryState
        query={account}
        notFound={<p className="rounded-box border border-dashed border-base-300 p-6 text-center text-base-content/70">{t('dashboard.accountDetail.notFound')}</p>}
        failure={(error, retry) => <ErrorState message={errorMessage(error, t)} retryLabel={t('dashboard.list.retry')} onRetry={retry} />}
      >
        {(loaded) => (
          <>
            <AccountFacts account={loaded} />
            <RecentStatement
              accountId={id}
              receipts={false}
              texts={{ title: t('dashboard.accountDetail.statementTitle'), empty: t('dashboard.accountDetail.statementEmpty'), older: t('dashboard.accountDetail.statementOlder') }}
            />
            <StatementPeriod accountId={id} receipts={false} />
          </>
        )}
      </QueryState>
      {/^\d{13}$/.test(id) ? <AccountAuditTrail accountId={id} /> : null}
    </div>
  );
}

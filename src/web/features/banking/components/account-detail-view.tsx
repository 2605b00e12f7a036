import { useTranslation } from '../../../lib/use-translation';
import { cardImageHeightPx, cardImageWidthPx } from '../../../../shared/constants';
import { formatAccountType } from '../../../lib/format-account-type';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { StatusBadge } from '../../../components/ui/status-badge';
import { DeclinedReason } from './declined-reason';
import { AccountFactList, AccountHeader } from '../../../components/account/account-facts';
import { RecentStatement } from '../../../components/statement/recent-statement';
import { StatementPeriod } from '../../../components/statement/statement-period';
import { holderFacts } from '../../../lib/account-words';
import { TaxCertificateDownload } from './tax-certificate-download';

/** A customer's own account, read-only: its holder, its number and type, its card, and its statement. */
export function AccountDetailView({ account }: { account: AccountAnswer }) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [[t('banking.accountNumber'), account._id], [t('banking.accountType'), formatAccountType(account.accountType)], ...holderFacts(account, t)];
  const cardLabel = account.cardStatus === 'success' ? t('banking.status.success') : account.cardStatus === 'pending' ? t('accountDetail.cardPending') : t('accountDetail.noCard');
  return (
    <div className="flex flex-col gap-6">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-6">
          <AccountHeader
            account={account}
            status={
              <>
                <StatusBadge status={account.status} label={t(`banking.status.${account.status}`)} />
                <DeclinedReason request={account} />
              </>
            }
            labels={{ photoAlt: t('accountDetail.photoAlt', { name: account.user }), balance: t('banking.balance'), totalLoan: t('accountDetail.totalLoan') }}
          />
        </div>
      </div>
      {/* The money first: the statement comes before the identity and nominee details. */}
      <RecentStatement accountId={account._id} receipts texts={{ title: t('accountDetail.statementTitle'), empty: t('accountDetail.statementEmpty'), older: t('accountDetail.statementOlder') }} />
      <StatementPeriod accountId={account._id} receipts />
      {account.status === 'success' ? <TaxCertificateDownload accountId={account._id} openedAt={account.approvedAt ?? account.requestedAt} /> : null}
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-6">
          <h2 className="card-title">{t('accountDetail.detailsTitle')}</h2>
          <AccountFactList facts={rows} card={{ label: t('accountDetail.cards'), value: <StatusBadge status={account.cardStatus ?? 'none'} label={cardLabel} /> }} />
          {account.cardStatus === 'success' && account.cards ? (
            <img src={account.cards} alt={`${account.card} card`} width={cardImageWidthPx} height={cardImageHeightPx} className="h-auto w-full max-w-sm rounded-xl shadow-md" />
          ) : null}
        </div>
      </div>
    </div>
  );
}

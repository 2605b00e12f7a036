import { useTranslation } from '../../../lib/use-translation';
import { cardImageHeightPx, cardImageWidthPx } from '../../../../shared/constants';
import { formatAccountType, formatBdtNumber, formatDate } from '../../../lib/format';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { StatusBadge } from '../../../components/ui/status-badge';
import { DeclinedReason } from './declined-reason';
import { RecentStatement } from '../../../components/statement/recent-statement';
import { StatementPeriod } from '../../../components/statement/statement-period';

/** Every field of spec section 2's single account detail, read-only; reused by the staff dashboard. */
export function AccountDetailView({ account }: { account: AccountAnswer }) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [
    [t('accountDetail.user'), account.user],
    [t('accountDetail.email'), account.email],
    [t('banking.accountNumber'), account._id],
    [t('accountDetail.nid'), account.nid],
    [t('accountDetail.nomineeName'), account.nomineeName],
    [t('accountDetail.nomineeId'), account.nomineeId],
    [t('accountDetail.nomineeRelation'), t(`openAccount.relations.${account.nomineeRelation}`, { defaultValue: account.nomineeRelation })],
    [t('accountDetail.phone'), account.phone],
    [t('accountDetail.permanentArea'), account.permanentArea],
    [t('accountDetail.residentialArea'), account.residentialArea],
    [t('accountDetail.gender'), t(`openAccount.genders.${account.gender}`, { defaultValue: account.gender })],
    [t('accountDetail.birthDate'), formatDate(account.birthDate)],
    [t('banking.accountType'), formatAccountType(account.accountType)],
    [t('accountDetail.role'), formatAccountType(account.accountType)],
  ];
  const cardLabel = account.cardStatus === 'success' ? t('banking.status.success') : account.cardStatus === 'pending' ? t('accountDetail.cardPending') : t('accountDetail.noCard');
  return (
    <div className="flex flex-col gap-6">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-6">
          <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
            <img src={account.img} alt={t('accountDetail.photoAlt', { name: account.user })} width="96" height="96" className="h-24 w-24 rounded-full object-cover ring-4 ring-primary/20" />
            <div className="flex flex-1 flex-col items-center gap-1 sm:items-start">
              <p className="text-xl font-bold">{account.user}</p>
              <p className="font-mono text-sm text-base-content/80">{account._id}</p>
              <StatusBadge status={account.status} label={t(`banking.status.${account.status}`)} />
              <DeclinedReason request={account} />
            </div>
            <dl className="grid grid-cols-2 gap-4 text-center sm:text-right">
              <div>
                <dt className="text-sm text-base-content/80">{t('banking.balance')}</dt>
                <dd className="text-2xl font-bold text-primary" data-testid="detail-balance">
                  {formatBdtNumber(account.amount)}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-base-content/80">{t('accountDetail.totalLoan')}</dt>
                <dd className="text-2xl font-bold">{formatBdtNumber(account.totalLoanAmount)}</dd>
              </div>
            </dl>
          </div>
        </div>
      </div>
      {/* The money first: the statement comes before the identity and nominee details. */}
      <RecentStatement accountId={account._id} receipts texts={{ title: t('accountDetail.statementTitle'), empty: t('accountDetail.statementEmpty'), older: t('accountDetail.statementOlder') }} />
      <StatementPeriod accountId={account._id} receipts />
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-6">
          <h2 className="card-title">{t('accountDetail.detailsTitle')}</h2>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
            {rows.map(([label, value]) => (
              <div key={label} className="border-b border-base-200 pb-2">
                <dt className="text-xs uppercase tracking-wide text-base-content/80">{label}</dt>
                <dd className="font-medium wrap-anywhere">{value}</dd>
              </div>
            ))}
            <div className="border-b border-base-200 pb-2">
              <dt className="text-xs uppercase tracking-wide text-base-content/80">{t('accountDetail.cards')}</dt>
              <dd>
                <StatusBadge status={account.cardStatus ?? 'none'} label={cardLabel} />
              </dd>
            </div>
          </dl>
          {account.cardStatus === 'success' && account.cards ? (
            <img src={account.cards} alt={`${account.card} card`} width={cardImageWidthPx} height={cardImageHeightPx} className="h-auto w-full max-w-sm rounded-xl shadow-md" />
          ) : null}
        </div>
      </div>
    </div>
  );
}

import { useTranslation } from '../../../lib/use-translation';
import { Link, Navigate, useLocation } from 'react-router';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { formatBdtNumber } from '../../../lib/format';
import { formatAccountType } from '../../../lib/format-account-type';
import { PageHeader } from '../../../components/ui/page-header';
import { useMyAccounts } from '../api/accounts';
import { ActiveAccountsState, isActiveAccount } from '../components/active-accounts';

/** The active accounts to send from, each a link to its transfer form carrying the chosen receiver along. */
function AccountChoices({ accounts, search }: { accounts: AccountAnswer[]; search: string }) {
  return (
    <ul className="flex flex-col gap-3">
      {accounts.map((account) => (
        <li key={account._id}>
          <Link to={`/moneyTrans/${account._id}${search}`} className="flex min-h-14 items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4 hover:border-primary">
            <span>
              <span className="block font-semibold">{formatAccountType(account.accountType)}</span>
              <span className="font-mono text-sm text-base-content/80">{account._id}</span>
            </span>
            <span className="whitespace-nowrap font-semibold">{formatBdtNumber(account.amount)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The menu's Transfer: money leaves from one of the customer's active accounts. With one, its
 * transfer form opens at once; with several, the customer picks; with none, says why.
 */
export default function TransferFromPage() {
  const { t } = useTranslation();
  const accounts = useMyAccounts();
  // A receiver chosen on the Saved receivers page (`?receiver=`) goes on to the transfer form.
  const { search } = useLocation();
  const active = accounts.data?.filter(isActiveAccount) ?? [];
  const only = active.length === 1 ? active[0] : undefined;
  if (only) return <Navigate to={`/moneyTrans/${only._id}${search}`} replace />;
  return (
    <section className="mx-auto max-w-3xl">
      <PageHeader
        title={t('transferFrom.title')}
        intro={active.length > 1 ? t('transferFrom.intro') : undefined}
        actions={
          // This page sends within the bank only: a receiver elsewhere is paid from the payment form.
          <Link to="/payments/new" className="btn btn-outline">
            {t('payments.newTitle')}
          </Link>
        }
      />
      <ActiveAccountsState accounts={accounts}>{(choices) => <AccountChoices accounts={choices} search={search} />}</ActiveAccountsState>
    </section>
  );
}

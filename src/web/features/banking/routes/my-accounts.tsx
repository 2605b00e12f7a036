import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { ApiError } from '../../../lib/api-client';
import { formatBdtNumber, formatDate, formatDateTime, formatTime } from '../../../lib/format';
import { readLastKnown } from '../../../lib/last-known';
import { useSession } from '../../../lib/session';
import type { AccountAnswer, DepositAnswer } from '../../../../shared/schemas/banking-answers';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useMyAccounts } from '../api/accounts';
import { useMyDeposits } from '../api/deposits';
import { AccountInterestFacts } from '../components/account-interest';
import { DeclinedReason } from '../components/declined-reason';
import { PendingDeposits } from '../components/pending-deposits';
import { hasLoadFailed } from '../../../lib/load-failed';

/** Deposits staff declined lately, newest first, each with its reason: a refused deposit must not just vanish. */
function DeclinedDeposits({ deposits }: { deposits: DepositAnswer[] }) {
  const { t } = useTranslation();
  if (deposits.length === 0) return null;
  return (
    <div className="rounded-box bg-base-200/60 p-3" data-testid="declined-deposits">
      <h3 className="mb-1 text-sm font-semibold">{t('declinedRequest.depositsTitle')}</h3>
      <ul className="flex flex-col gap-2">
        {deposits.map((deposit) => (
          <li key={deposit._id} className="flex flex-col gap-0.5">
            <span className="flex flex-wrap items-center gap-2 text-sm">
              <StatusBadge status="declined" label={t('declinedRequest.label')} />
              {t('declinedRequest.deposit', { amount: formatBdtNumber(deposit.depositAmount) })}
            </span>
            <DeclinedReason request={deposit} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function AccountCard({ account, pendingDeposits, declinedDeposits }: { account: AccountAnswer; pendingDeposits: DepositAnswer[]; declinedDeposits: DepositAnswer[] }) {
  const { t } = useTranslation();
  const active = account.status === 'success';
  const actions = [
    { to: `/singleDetails/${account._id}`, label: t('myAccounts.details'), always: true },
    { to: `/deposit/${account._id}`, label: t('myAccounts.deposit') },
    { to: `/moneyTrans/${account._id}`, label: t('myAccounts.transfer') },
    // A card asked for or issued is shown below; a second request would only be refused.
    ...(account.cardStatus ? [] : [{ to: `/cardsReq/${account._id}`, label: t('myAccounts.requestCard') }]),
    { to: `/loanReq/${account._id}`, label: t('myAccounts.requestLoan') },
  ];
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm" data-testid="account-card">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="card-title">{account.role}</h2>
            <p className="font-mono text-sm text-base-content/80">{account._id}</p>
          </div>
          <StatusBadge status={account.status} label={t(`banking.status.${account.status}`)} />
        </div>
        <div className="flex flex-col gap-1">
          <p className="text-3xl font-bold text-primary" data-testid="account-balance">
            {formatBdtNumber(account.amount)}
          </p>
          <PendingDeposits deposits={pendingDeposits} />
          {account.status === 'pending' ? <p className="text-sm text-base-content/80">{t('myAccounts.pendingAccount')}</p> : null}
          <DeclinedReason request={account} />
        </div>
        <DeclinedDeposits deposits={declinedDeposits} />
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-base-content/80">{t('myAccounts.cardLabel')}</dt>
            <dd>{account.cardStatus ? <StatusBadge status={account.cardStatus} label={t(`banking.status.${account.cardStatus}`)} /> : t('myAccounts.none')}</dd>
          </div>
          <div>
            <dt className="text-base-content/80">{t('myAccounts.loanLabel')}</dt>
            <dd>{account.loanStatus ? <StatusBadge status={account.loanStatus} label={t(`banking.status.${account.loanStatus}`)} /> : t('myAccounts.none')}</dd>
          </div>
          {account.interest ? <AccountInterestFacts interest={account.interest} /> : null}
        </dl>
        <div className="flex flex-wrap gap-2">
          {actions
            .filter((action) => action.always || active)
            .map((action) => (
              <Link key={action.to} to={action.to} className={`btn btn-sm ${action.always ? 'btn-primary' : 'btn-outline btn-primary'}`}>
                {action.label}
              </Link>
            ))}
        </div>
      </div>
    </li>
  );
}

const declinedDepositsShown = 3;

/** "14:02" today, "24 Nov 2026, 14:02" on an earlier day. */
const sinceWhen = (moment: number) => (formatDate(new Date(moment)) === formatDate(new Date()) ? formatTime(new Date(moment)) : formatDateTime(new Date(moment)));

/**
 * Without a network, the balances this customer last saw here, with when they were true: a phone
 * offline shows them rather than an error (lib/last-known.ts). A refusal from the server is not
 * offline, and still shows as a failure.
 */
function useOfflineAccounts(failure: unknown): { accounts: AccountAnswer[]; at: number } | null {
  const { user } = useSession();
  if ((failure as ApiError | null)?.status !== 0) return null;
  const kept = readLastKnown();
  if (!kept?.accounts || kept.accountsAt === undefined || kept.user.id !== user?.id) return null;
  return { accounts: kept.accounts, at: kept.accountsAt };
}

/** The page when nothing was opened yet: the way to open the first account. */
function NoAccountYet() {
  const { t } = useTranslation();
  return (
    <div className="card border border-dashed border-base-300 bg-base-100">
      <div className="card-body items-center py-12 text-center">
        <p className="text-lg font-semibold">{t('myAccounts.empty')}</p>
        <Link to="/openAcc" className="btn btn-primary">
          {t('openAccount.title')}
        </Link>
      </div>
    </div>
  );
}

/** Each account with the deposits waiting beside its balance and the last few declined. */
function AccountCards({ accounts, deposits }: { accounts: AccountAnswer[]; deposits: DepositAnswer[] | undefined }) {
  const ofAccount = (accountId: string, state: DepositAnswer['depStatus']) => deposits?.filter((deposit) => deposit.accNum === accountId && deposit.depStatus === state) ?? [];
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {accounts.map((account) => (
        // The answer is newest first; the last few declines are enough to explain a missing deposit.
        <AccountCard key={account._id} account={account} pendingDeposits={ofAccount(account._id, 'pending')} declinedDeposits={ofAccount(account._id, 'declined').slice(0, declinedDepositsShown)} />
      ))}
    </ul>
  );
}

/** Offline: the balances last seen here, saying since when, with a way to ask again. */
function BalancesAsOf({ at, onRetry }: { at: number; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="alert alert-info mb-4 flex flex-wrap justify-between text-sm" data-testid="balances-as-of">
      <span>{t('myAccounts.offlineAsOf', { time: sinceWhen(at) })}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export default function MyAccountsPage() {
  const { t } = useTranslation();
  const accounts = useMyAccounts();
  // Asked for beside the accounts, not after them; a failure here leaves the balances standing.
  const deposits = useMyDeposits();
  // The balances show together with what is waiting beside them, so nothing moves down when the
  // deposits arrive a moment later; a failure to load the deposits does not hold the balances back.
  const depositsSettled = !deposits.isPending || hasLoadFailed(deposits);
  const offline = useOfflineAccounts(hasLoadFailed(accounts) ? accounts.failureReason : null);
  const shownAccounts = depositsSettled ? (accounts.data ?? offline?.accounts) : undefined;
  return (
    <section className="mx-auto max-w-5xl">
      <PageHeader
        title={t('myAccounts.title')}
        intro={t('myAccounts.intro')}
        actions={
          shownAccounts?.length ? (
            <Link to="/openAcc" className="btn btn-outline btn-primary btn-sm">
              {t('myAccounts.openAnother')}
            </Link>
          ) : null
        }
      />
      {offline ? (
        <>
          <BalancesAsOf at={offline.at} onRetry={() => void accounts.refetch()} />
          {shownAccounts === undefined ? null : shownAccounts.length === 0 ? <NoAccountYet /> : <AccountCards accounts={shownAccounts} deposits={deposits.data} />}
        </>
      ) : (
        // Until the deposits settle the accounts wait with them, so neither the empty text nor a card shows early.
        <QueryState query={accounts} isEmpty={(list) => depositsSettled && list.length === 0} empty={<NoAccountYet />}>
          {(list) =>
            depositsSettled ? (
              <>
                {hasLoadFailed(deposits) && accounts.isSuccess ? (
                  <ErrorState message={t('myAccounts.depositsUnavailable')} retryLabel={t('common.retry')} onRetry={() => void deposits.refetch()} />
                ) : null}
                <AccountCards accounts={list} deposits={deposits.data} />
              </>
            ) : (
              <LoadingBlock label={t('common.loading')} />
            )
          }
        </QueryState>
      )}
    </section>
  );
}

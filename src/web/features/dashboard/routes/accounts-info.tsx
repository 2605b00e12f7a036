import { useTranslation } from 'react-i18next';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { formatAccountType, formatDate } from '../../../lib/format';
import { useApproveAccount } from '../api/approve-account';
import { useDeleteAccountRequest } from '../api/delete-account-request';
import { useAccountRequests } from '../api/get-account-requests';
import { decisionTexts, RequestListPage, type ListColumn, type ListIdentity, type Decision } from '../components/request-list-page';
import { StatusWithReason } from '../components/request-status';

/** Spec section 4: 'Pending...' while a request waits, 'Success' once issued, otherwise 'Request'. */
function SideStatus({ state }: { state: 'pending' | 'success' | undefined }) {
  const { t } = useTranslation();
  if (state === 'pending') return <span className="whitespace-nowrap font-medium text-warning">{t('dashboard.accounts.cardPending')}</span>;
  if (state === 'success') return <span className="whitespace-nowrap font-medium text-success">{t('dashboard.accounts.cardSuccess')}</span>;
  return (
    <span className="text-base-content/70" title={t('dashboard.accounts.requestHint')}>
      {t('dashboard.accounts.cardRequest')}
    </span>
  );
}

function NotYet() {
  const { t } = useTranslation();
  return (
    <span className="text-base-content/70" title={t('dashboard.list.notYetHint')}>
      —<span className="sr-only">{t('dashboard.list.notYetHint')}</span>
    </span>
  );
}

const isActive = (account: AccountAnswer) => account.status === 'success';
const cardState = (account: AccountAnswer) => (account.cards === 'pending' ? 'pending' : account.cardStatus === 'success' ? 'success' : undefined);

const accountStatuses = ['pending', 'success', 'declined'] as const;

const accountList: ListIdentity<AccountAnswer, (typeof accountStatuses)[number]> = {
  texts: 'dashboard.accounts',
  statuses: accountStatuses,
  useItems: useAccountRequests,
  testIds: { table: 'accounts-table', row: 'account' },
  itemKey: (account) => account._id,
  detailsPath: (account) => `/dashboard/singleAccDetails/${account._id}`,
};

export default function AccountsInfoPage() {
  const { t } = useTranslation();
  const approve = useApproveAccount();
  const decline = useDeleteAccountRequest();

  const decisions = (account: AccountAnswer): Decision[] => {
    if (account.status !== 'pending') return [];
    const id = account._id;
    const texts = (verb: string) => decisionTexts(t, 'dashboard.accounts', verb, { id, name: account.user, type: formatAccountType(account.accountType) });
    return [
      { kind: 'approve', label: t('dashboard.list.approve'), ...texts('approve'), send: (key) => approve.mutateAsync({ id, idempotencyKey: key }).then(() => t('dashboard.accounts.approved')) },
      { kind: 'decline', label: t('dashboard.list.decline'), ...texts('decline'), askReason: true, send: (key, reason) => decline.mutateAsync({ id, idempotencyKey: key, decline: reason }).then(() => t('dashboard.accounts.deleted')) },
    ];
  };

  const columns: Array<ListColumn<AccountAnswer>> = [
    {
      label: t('dashboard.accounts.account'),
      render: (account) => (
        <>
          <span className="font-mono text-sm">{account._id}</span>
          <span className="block text-xs text-base-content/70 max-md:hidden" title={formatDate(account.requestedAt)}>
            {formatAccountType(account.accountType)}
          </span>
        </>
      ),
    },
    {
      label: t('dashboard.accounts.holder'),
      render: (account) => (
        <span className="max-md:text-right">
          <span className="block font-medium">{account.user}</span>
          <span className="block text-xs text-base-content/70 max-md:break-all md:max-w-56 md:truncate" title={account.email}>
            {account.email}
          </span>
        </span>
      ),
    },
    { label: t('dashboard.accounts.status'), render: (account) => <StatusWithReason status={account.status} request={account} /> },
    { label: t('dashboard.accounts.cardStatus'), render: (account) => (isActive(account) ? <SideStatus state={cardState(account)} /> : <NotYet />) },
    { label: t('dashboard.accounts.loanStatus'), render: (account) => (isActive(account) ? <SideStatus state={account.loanStatus} /> : <NotYet />) },
  ];

  return <RequestListPage descriptor={{ ...accountList, columns, decisions }} />;
}

import type { TFunction } from '../../../lib/use-translation';
import { useTranslation } from '../../../lib/use-translation';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { formatDate, formatDigits } from '../../../lib/format';
import { formatAccountType } from '../../../lib/format-account-type';
import type { ConfirmFact } from '../components/confirm-dialog';

import { useApproveAccount } from '../api/approve-account';
import { useDeleteAccountRequest } from '../api/delete-account-request';
import { useAccountRequests } from '../api/get-account-requests';
import { decisionTexts, RequestListPage, type ListColumn, type ListIdentity, type Decision } from '../components/request-list-page';
import { StatusWithReason } from '../components/request-status';
import { relationWord } from '../../../lib/account-words';

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

/**
 * What opening an account rests on, shown in its approval dialog to staff (who may read every
 * account request under the dashboard's access rule): who the customer is (national ID and birth
 * date, with the photo beside them), where they live, and who their nominee is.
 */
function applicantFacts(account: AccountAnswer, t: TFunction): ConfirmFact[] {
  const text = (key: string) => t(`accountDetail.${key}`);
  return [
    { label: text('user'), value: `${account.user} · ${account.role}` },
    { label: text('nid'), value: formatDigits(account.nid) },
    { label: text('birthDate'), value: formatDate(account.birthDate) },
    { label: text('phone'), value: formatDigits(account.phone) },
    { label: text('residentialArea'), value: account.residentialArea, long: true },
    { label: text('permanentArea'), value: account.permanentArea, long: true },
    { label: text('nomineeName'), value: `${account.nomineeName} (${relationWord(t, account.nomineeRelation)})` },
    { label: text('nomineeId'), value: formatDigits(account.nomineeId) },
  ];
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
      {
        kind: 'approve',
        label: t('dashboard.list.approve'),
        ...texts('approve'),
        facts: applicantFacts(account, t),
        document: { label: t('dashboard.accounts.photo'), src: account.img, alt: t('dashboard.accountDetail.photoAlt', { name: account.user }), openLabel: t('dashboard.accounts.openPhoto') },
        send: (key) => approve.mutateAsync({ id, idempotencyKey: key }).then(() => t('dashboard.accounts.approved')),
      },
      {
        kind: 'decline',
        label: t('dashboard.list.decline'),
        ...texts('decline'),
        askReason: true,
        send: (key, reason) => decline.mutateAsync({ id, idempotencyKey: key, decline: reason }).then(() => t('dashboard.accounts.deleted')),
      },
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

  const bulk = { kind: 'account' as const, selectable: (account: AccountAnswer) => account.status === 'pending', describe: (account: AccountAnswer) => `${account.user} · ${account._id}` };
  return <RequestListPage descriptor={{ ...accountList, columns, decisions, bulk }} />;
}

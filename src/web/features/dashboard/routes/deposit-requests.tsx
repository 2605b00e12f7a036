import { useTranslation } from '../../../lib/use-translation';
import type { DepositAnswer } from '../../../../shared/schemas/banking-answers';
import { formatBdtNumber, formatDate, formatTime } from '../../../lib/format';
import { useApproveDeposit } from '../api/approve-deposit';
import { useDeleteDepositRequest } from '../api/delete-deposit-request';
import { useDepositRequests } from '../api/get-deposit-requests';
import { decisionTexts, RequestListPage, type ListColumn, type ListIdentity, type Decision } from '../components/request-list-page';
import { StatusWithReason } from '../components/request-status';

const depositStatuses = ['pending', 'success', 'declined'] as const;

const depositList: ListIdentity<DepositAnswer, (typeof depositStatuses)[number]> = {
  texts: 'dashboard.deposits',
  statuses: depositStatuses,
  useItems: useDepositRequests,
  testIds: { table: 'deposits-table', row: 'deposit' },
  itemKey: (deposit) => deposit._id,
  detailsPath: (deposit) => `/dashboard/singleAccDetails/${deposit.accNum}`,
};

/** Shown at both /dashboard/depositRequest and /dashboard/DepositRequest: the first product linked it both ways. */
export default function DepositRequestsPage() {
  const { t } = useTranslation();
  const approve = useApproveDeposit();
  const decline = useDeleteDepositRequest();

  const decisions = (deposit: DepositAnswer): Decision[] => {
    if (deposit.depStatus !== 'pending') return [];
    const id = deposit._id;
    const texts = (verb: string) => decisionTexts(t, 'dashboard.deposits', verb, { amount: formatBdtNumber(deposit.depositAmount), account: deposit.accNum, email: deposit.email });
    return [
      { kind: 'approve', label: t('dashboard.list.approve'), ...texts('approve'), send: (key) => approve.mutateAsync({ id, idempotencyKey: key }).then(() => t('dashboard.deposits.approved')) },
      {
        kind: 'decline',
        label: t('dashboard.list.decline'),
        ...texts('decline'),
        askReason: true,
        send: (key, reason) => decline.mutateAsync({ id, idempotencyKey: key, decline: reason }).then(() => t('dashboard.deposits.deleted')),
      },
    ];
  };

  const columns: Array<ListColumn<DepositAnswer>> = [
    {
      label: t('dashboard.deposits.userEmail'),
      render: (deposit) => (
        <span className="max-md:text-right">
          <span className="block text-sm max-md:break-all md:max-w-44 md:truncate" title={deposit.email}>
            {deposit.email}
          </span>
          <span className="block text-xs text-base-content/70">{deposit.user}</span>
        </span>
      ),
    },
    { label: t('dashboard.deposits.accountNumber'), className: 'font-mono text-sm', render: (deposit) => deposit.accNum },
    // The reference the customer was given when asking, and that the credit carries: what they quote.
    { label: t('dashboard.deposits.reference'), className: 'font-mono text-sm whitespace-nowrap', render: (deposit) => deposit.reference },
    { label: t('dashboard.deposits.amount'), align: 'right', className: 'whitespace-nowrap font-semibold tabular-nums', render: (deposit) => formatBdtNumber(deposit.depositAmount) },
    {
      label: t('dashboard.deposits.requested'),
      className: 'text-sm',
      render: (deposit) => (
        <>
          <time dateTime={deposit.requestedAt} className="whitespace-nowrap md:block">
            {formatDate(deposit.requestedAt)}
          </time>{' '}
          <span className="whitespace-nowrap text-xs text-base-content/70 md:block">{formatTime(deposit.requestedAt)}</span>
        </>
      ),
    },
    { label: t('dashboard.deposits.status'), render: (deposit) => <StatusWithReason status={deposit.depStatus} request={deposit} /> },
  ];

  const bulk = {
    kind: 'deposit' as const,
    selectable: (deposit: DepositAnswer) => deposit.depStatus === 'pending',
    describe: (deposit: DepositAnswer) => `${formatBdtNumber(deposit.depositAmount)} · ${deposit.accNum}`,
  };
  return <RequestListPage descriptor={{ ...depositList, columns, decisions, bulk }} />;
}

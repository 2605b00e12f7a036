import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBdtNumber } from '../../../../shared/money';
import type { DepositAnswer } from '../../../../shared/schemas/banking-answers';
import { PageHeader } from '../../../components/ui/page-header';
import { useApproveDeposit } from '../api/approve-deposit';
import { useDeleteDepositRequest } from '../api/delete-deposit-request';
import { useDepositRequests } from '../api/get-deposit-requests';
import { ConfirmDialog, type ConfirmRequest } from '../components/confirm-dialog';
import { Cell, DataTable, Row } from '../components/data-table';
import { formatDate, formatTime } from '../components/format';
import { ListPanel } from '../components/list-panel';
import { PendingButton, StatusText } from '../components/request-status';
import { useListPage } from '../components/use-list-page';

const statuses = ['pending', 'success'] as const;

/** Shown at both /dashboard/depositRequest and /dashboard/DepositRequest: the spec names it both ways. */
export default function DepositRequestsPage() {
  const { t } = useTranslation();
  const list = useListPage(statuses);
  const deposits = useDepositRequests(list.params);
  const approve = useApproveDeposit();
  const remove = useDeleteDepositRequest();
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);

  const askApprove = (deposit: DepositAnswer) =>
    setConfirming({
      subject: deposit._id,
      title: t('dashboard.deposits.approveTitle'),
      body: t('dashboard.deposits.approveBody', { amount: formatBdtNumber(deposit.depositAmount), account: deposit.accNum, email: deposit.email }),
      confirmLabel: t('dashboard.deposits.approveConfirm'),
      tone: 'primary',
      run: async (idempotencyKey) => {
        await approve.mutateAsync({ id: deposit._id, idempotencyKey });
        toast.success(t('dashboard.deposits.approved'));
      },
    });
  const askDelete = (deposit: DepositAnswer) =>
    setConfirming({
      subject: deposit._id,
      title: t('dashboard.deposits.deleteTitle'),
      body: t('dashboard.deposits.deleteBody', { amount: formatBdtNumber(deposit.depositAmount), account: deposit.accNum }),
      confirmLabel: t('dashboard.deposits.deleteConfirm'),
      tone: 'error',
      run: async (idempotencyKey) => {
        await remove.mutateAsync({ id: deposit._id, idempotencyKey });
        toast.success(t('dashboard.deposits.deleted'));
      },
    });

  const columns = [
    { label: t('dashboard.deposits.userEmail') },
    { label: t('dashboard.deposits.accountNumber') },
    { label: t('dashboard.deposits.amount'), className: 'text-right' },
    { label: t('dashboard.deposits.requested') },
    { label: t('dashboard.deposits.status') },
    { label: t('dashboard.list.details') },
    { label: t('dashboard.list.delete'), className: 'text-right' },
  ];

  return (
    <>
      <PageHeader title={t('dashboard.deposits.title')} intro={t('dashboard.deposits.intro')} />
      <ListPanel
        query={deposits}
        params={list.params}
        filter={{ statuses, status: list.status, statusLabel: (status) => t(`dashboard.deposits.filters.${status}`), onStatusChange: list.setStatus }}
        onOffsetChange={list.setOffset}
        empty={t('dashboard.deposits.empty')}
        emptyFiltered={t('dashboard.deposits.emptyFiltered')}
      >
        {(rows) => (
          <DataTable columns={columns} testId="deposits-table">
            {rows.map((deposit) => (
              <Row key={deposit._id} testId={`deposit-${deposit._id}`}>
                <Cell label={t('dashboard.deposits.userEmail')}>
                  <span className="max-md:text-right">
                    <span className="block text-sm max-md:break-all md:max-w-44 md:truncate" title={deposit.email}>
                      {deposit.email}
                    </span>
                    <span className="block text-xs text-base-content/60">{deposit.user}</span>
                  </span>
                </Cell>
                <Cell label={t('dashboard.deposits.accountNumber')} className="font-mono text-sm">
                  {deposit.accNum}
                </Cell>
                <Cell label={t('dashboard.deposits.amount')} className="whitespace-nowrap text-right font-semibold tabular-nums">
                  {formatBdtNumber(deposit.depositAmount)}
                </Cell>
                <Cell label={t('dashboard.deposits.requested')} className="text-sm">
                  <time dateTime={deposit.requestedAt} className="whitespace-nowrap md:block">
                    {formatDate(deposit.requestedAt)}
                  </time>{' '}
                  <span className="whitespace-nowrap text-xs text-base-content/60 md:block">{formatTime(deposit.requestedAt)}</span>
                </Cell>
                <Cell label={t('dashboard.deposits.status')}>
                  {deposit.depStatus === 'pending' ? (
                    <PendingButton hint={t('dashboard.deposits.approveHint', { amount: formatBdtNumber(deposit.depositAmount) })} onClick={() => askApprove(deposit)} />
                  ) : (
                    <StatusText status={deposit.depStatus} />
                  )}
                </Cell>
                <Cell label={t('dashboard.list.details')}>
                  <Link to={`/dashboard/singleAccDetails/${deposit.accNum}`} className="link link-primary whitespace-nowrap text-sm">
                    {t('dashboard.list.details')}
                  </Link>
                </Cell>
                <Cell label={t('dashboard.list.delete')} className={deposit.depStatus === 'pending' ? 'text-right' : 'text-right max-md:hidden'}>
                  {deposit.depStatus === 'pending' ? (
                    <button type="button" className="btn btn-outline btn-error btn-xs" onClick={() => askDelete(deposit)}>
                      {t('dashboard.list.delete')}
                    </button>
                  ) : (
                    <span className="text-base-content/40">—</span>
                  )}
                </Cell>
              </Row>
            ))}
          </DataTable>
        )}
      </ListPanel>
      <ConfirmDialog request={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}

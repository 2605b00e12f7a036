import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBdtNumber } from '../../../../shared/money';
import type { LoanAnswer } from '../../../../shared/schemas/banking-answers';
import { PageHeader } from '../../../components/ui/page-header';
import { useApproveLoan } from '../api/approve-loan';
import { useDeleteLoanRequest } from '../api/delete-loan-request';
import { useLoanRequests } from '../api/get-loan-requests';
import { ConfirmDialog, type ConfirmRequest } from '../components/confirm-dialog';
import { Cell, DataTable, Row } from '../components/data-table';
import { ListPanel } from '../components/list-panel';
import { PendingButton, StatusText } from '../components/request-status';
import { useListPage } from '../components/use-list-page';

const statuses = ['pending', 'success', 'repaid'] as const;

export default function LoanRequestsPage() {
  const { t } = useTranslation();
  const list = useListPage(statuses);
  const loans = useLoanRequests(list.params);
  const approve = useApproveLoan();
  const remove = useDeleteLoanRequest();
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);
  const typeName = (loan: LoanAnswer) => t(`dashboard.loans.types.${loan.loan}`, { defaultValue: loan.loan });

  const askApprove = (loan: LoanAnswer) =>
    setConfirming({
      subject: loan._id,
      title: t('dashboard.loans.approveTitle'),
      body: t('dashboard.loans.approveBody', { amount: formatBdtNumber(loan.lAmount), account: loan.accNum, name: loan.name, total: formatBdtNumber(loan.totalAmount), months: loan.lDuration }),
      confirmLabel: t('dashboard.loans.approveConfirm'),
      tone: 'primary',
      run: async (idempotencyKey) => {
        await approve.mutateAsync({ id: loan._id, idempotencyKey });
        toast.success(t('dashboard.loans.approved'));
      },
    });
  const askDelete = (loan: LoanAnswer) =>
    setConfirming({
      subject: loan._id,
      title: t('dashboard.loans.deleteTitle'),
      body: t('dashboard.loans.deleteBody', { type: typeName(loan).toLowerCase(), name: loan.name, amount: formatBdtNumber(loan.lAmount) }),
      confirmLabel: t('dashboard.loans.deleteConfirm'),
      tone: 'error',
      run: async (idempotencyKey) => {
        await remove.mutateAsync({ id: loan._id, idempotencyKey });
        toast.success(t('dashboard.loans.deleted'));
      },
    });

  const columns = [
    { label: t('dashboard.loans.accountType') },
    { label: t('dashboard.loans.userName') },
    { label: t('dashboard.loans.income'), className: 'text-right' },
    { label: t('dashboard.loans.loanType') },
    { label: t('dashboard.loans.amount'), className: 'text-right' },
    { label: t('dashboard.loans.status') },
    { label: t('dashboard.list.details') },
    { label: t('dashboard.list.delete'), className: 'text-right' },
  ];

  return (
    <>
      <PageHeader title={t('dashboard.loans.title')} intro={t('dashboard.loans.intro')} />
      <ListPanel
        query={loans}
        params={list.params}
        filter={{ statuses, status: list.status, statusLabel: (status) => t(`dashboard.loans.filters.${status}`), onStatusChange: list.setStatus }}
        onOffsetChange={list.setOffset}
        empty={t('dashboard.loans.empty')}
        emptyFiltered={t('dashboard.loans.emptyFiltered')}
      >
        {(rows) => (
          <DataTable columns={columns} testId="loans-table">
            {rows.map((loan) => {
              const status = loan.repaid ? 'repaid' : loan.status;
              return (
                <Row key={loan._id} testId={`loan-${loan._id}`}>
                  <Cell label={t('dashboard.loans.accountType')}>{loan.accountType}</Cell>
                  <Cell label={t('dashboard.loans.userName')}>
                    <span className="max-md:text-right">
                      <span className="block font-medium">{loan.name}</span>
                      <span className="block font-mono text-xs text-base-content/60">{loan.accNum}</span>
                    </span>
                  </Cell>
                  <Cell label={t('dashboard.loans.income')} className="whitespace-nowrap text-right tabular-nums">
                    {formatBdtNumber(loan.income)}
                  </Cell>
                  <Cell label={t('dashboard.loans.loanType')}>{typeName(loan)}</Cell>
                  <Cell label={t('dashboard.loans.amount')} className="text-right">
                    <span>
                      <span className="block whitespace-nowrap font-medium tabular-nums">{formatBdtNumber(loan.lAmount)}</span>
                      <span className="block whitespace-nowrap text-xs text-base-content/60">{t('dashboard.loans.months', { count: Number(loan.lDuration) })}</span>
                      <span className="block whitespace-nowrap text-xs text-base-content/60">{t('dashboard.loans.totalToRepay', { total: formatBdtNumber(loan.totalAmount) })}</span>
                    </span>
                  </Cell>
                  <Cell label={t('dashboard.loans.status')}>
                    {status === 'pending' ? <PendingButton hint={t('dashboard.loans.approveHint', { name: loan.name })} onClick={() => askApprove(loan)} /> : <StatusText status={status} />}
                  </Cell>
                  <Cell label={t('dashboard.list.details')}>
                    <Link to={`/singleLoanDetail/${loan._id}`} className="link link-primary whitespace-nowrap text-sm">
                      {t('dashboard.list.details')}
                    </Link>
                  </Cell>
                  <Cell label={t('dashboard.list.delete')} className={status === 'pending' ? 'text-right' : 'text-right max-md:hidden'}>
                    {status === 'pending' ? (
                      <button type="button" className="btn btn-outline btn-error btn-xs" onClick={() => askDelete(loan)}>
                        {t('dashboard.list.delete')}
                      </button>
                    ) : (
                      <span className="text-base-content/40">—</span>
                    )}
                  </Cell>
                </Row>
              );
            })}
          </DataTable>
        )}
      </ListPanel>
      <ConfirmDialog request={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}

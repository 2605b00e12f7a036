import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { PageHeader } from '../../../components/ui/page-header';
import { useApproveAccount } from '../api/approve-account';
import { useDeleteAccountRequest } from '../api/delete-account-request';
import { useAccountRequests } from '../api/get-account-requests';
import { ConfirmDialog, type ConfirmRequest } from '../components/confirm-dialog';
import { Cell, DataTable, Row } from '../components/data-table';
import { formatDate } from '../components/format';
import { ListPanel } from '../components/list-panel';
import { PendingButton, StatusText } from '../components/request-status';
import { useListPage } from '../components/use-list-page';

const statuses = ['pending', 'success'] as const;

/** Spec section 4: 'Pending...' while a request waits, 'Success' once issued, otherwise 'Request'. */
function SideStatus({ state }: { state: 'pending' | 'success' | undefined }) {
  const { t } = useTranslation();
  if (state === 'pending') return <span className="whitespace-nowrap font-medium text-warning">{t('dashboard.accounts.cardPending')}</span>;
  if (state === 'success') return <span className="whitespace-nowrap font-medium text-success">{t('dashboard.accounts.cardSuccess')}</span>;
  return (
    <span className="text-base-content/60" title={t('dashboard.accounts.requestHint')}>
      {t('dashboard.accounts.cardRequest')}
    </span>
  );
}

function NotYet() {
  const { t } = useTranslation();
  return (
    <span className="text-base-content/40" title={t('dashboard.list.notYetHint')}>
      —<span className="sr-only">{t('dashboard.list.notYetHint')}</span>
    </span>
  );
}

export default function AccountsInfoPage() {
  const { t } = useTranslation();
  const list = useListPage(statuses);
  const accounts = useAccountRequests(list.params);
  const approve = useApproveAccount();
  const remove = useDeleteAccountRequest();
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);

  const askApprove = (account: AccountAnswer) =>
    setConfirming({
      subject: account._id,
      title: t('dashboard.accounts.approveTitle'),
      body: t('dashboard.accounts.approveBody', { id: account._id, name: account.user, type: account.role }),
      confirmLabel: t('dashboard.accounts.approveConfirm'),
      tone: 'primary',
      run: async (idempotencyKey) => {
        await approve.mutateAsync({ id: account._id, idempotencyKey });
        toast.success(t('dashboard.accounts.approved'));
      },
    });
  const askDelete = (account: AccountAnswer) =>
    setConfirming({
      subject: account._id,
      title: t('dashboard.accounts.deleteTitle'),
      body: t('dashboard.accounts.deleteBody', { id: account._id, name: account.user }),
      confirmLabel: t('dashboard.accounts.deleteConfirm'),
      tone: 'error',
      run: async (idempotencyKey) => {
        await remove.mutateAsync({ id: account._id, idempotencyKey });
        toast.success(t('dashboard.accounts.deleted'));
      },
    });

  const columns = [
    { label: t('dashboard.accounts.account') },
    { label: t('dashboard.accounts.holder') },
    { label: t('dashboard.accounts.status') },
    { label: t('dashboard.accounts.cardStatus') },
    { label: t('dashboard.accounts.loanStatus') },
    { label: t('dashboard.list.actions'), className: 'text-right' },
  ];

  return (
    <>
      <PageHeader title={t('dashboard.accounts.title')} intro={t('dashboard.accounts.intro')} />
      <ListPanel
        query={accounts}
        params={list.params}
        filter={{ statuses, status: list.status, statusLabel: (status) => t(`dashboard.accounts.filters.${status}`), onStatusChange: list.setStatus }}
        onOffsetChange={list.setOffset}
        empty={t('dashboard.accounts.empty')}
        emptyFiltered={t('dashboard.accounts.emptyFiltered')}
      >
        {(rows) => (
          <DataTable columns={columns} testId="accounts-table">
            {rows.map((account) => {
              const active = account.status === 'success';
              return (
                <Row key={account._id} testId={`account-${account._id}`}>
                  <Cell label={t('dashboard.accounts.account')}>
                    <span className="font-mono text-sm">{account._id}</span>
                    <span className="block text-xs text-base-content/60 max-md:hidden" title={formatDate(account.requestedAt)}>
                      {account.role}
                    </span>
                  </Cell>
                  <Cell label={t('dashboard.accounts.holder')}>
                    <span className="max-md:text-right">
                      <span className="block font-medium">{account.user}</span>
                      <span className="block text-xs text-base-content/60 max-md:break-all md:max-w-56 md:truncate" title={account.email}>
                        {account.email}
                      </span>
                    </span>
                  </Cell>
                  <Cell label={t('dashboard.accounts.status')}>
                    {active ? (
                      <StatusText status="success" />
                    ) : (
                      <PendingButton hint={t('dashboard.accounts.approveHint', { id: account._id })} onClick={() => askApprove(account)} />
                    )}
                  </Cell>
                  <Cell label={t('dashboard.accounts.cardStatus')}>{active ? <SideStatus state={account.cards === 'pending' ? 'pending' : account.cardStatus === 'success' ? 'success' : undefined} /> : <NotYet />}</Cell>
                  <Cell label={t('dashboard.accounts.loanStatus')}>{active ? <SideStatus state={account.loanStatus} /> : <NotYet />}</Cell>
                  <Cell label={t('dashboard.list.actions')} className="text-right">
                    <span className="flex justify-end gap-2">
                      <Link to={`/dashboard/singleAccDetails/${account._id}`} className="btn btn-outline btn-primary btn-xs">
                        {t('dashboard.list.details')}
                      </Link>
                      {active ? null : (
                        <button type="button" className="btn btn-outline btn-error btn-xs" onClick={() => askDelete(account)}>
                          {t('dashboard.list.delete')}
                        </button>
                      )}
                    </span>
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

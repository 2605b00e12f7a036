import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { RegisteredUser } from '../../../../shared/schemas/users';
import { staffRole } from '../../../../shared/constants';
import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../auth/api/get-session';
import { useUserStatusActions } from '../api/user-status';
import { useUsers } from '../api/get-users';
import { ConfirmDialog, type ConfirmRequest } from '../components/confirm-dialog';
import { Cell, DataTable, Row } from '../components/data-table';
import { formatDate } from '../components/format';
import { ListPanel } from '../components/list-panel';
import { StatusText } from '../components/request-status';
import { useListPage } from '../components/use-list-page';

const statuses = ['active', 'disabled'] as const;

function Avatar({ user }: { user: RegisteredUser }) {
  const { t } = useTranslation();
  if (user.image) return <img src={user.image} alt={t('dashboard.users.photoAlt', { name: user.fullName })} width="36" height="36" className="h-9 w-9 shrink-0 rounded-full object-cover ring-1 ring-base-300" />;
  return (
    <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary" aria-hidden="true">
      {user.fullName.charAt(0).toUpperCase()}
    </span>
  );
}

export default function AllUsersPage() {
  const { t } = useTranslation();
  const { user: me } = useSession();
  const list = useListPage(statuses);
  const users = useUsers(list.params);
  const actions = useUserStatusActions();
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);

  // The words of each status change: a customer changes at once; another staff member takes two
  // people, the first asks and a second approves.
  const statusChanges = {
    disable: { texts: { title: 'deleteTitle', body: 'deleteBody', staffBody: 'deleteStaffBody', confirm: 'deleteConfirm', done: 'deleted' }, tone: 'error', mutation: actions.remove },
    enable: { texts: { title: 'enableTitle', body: 'enableBody', staffBody: 'enableStaffBody', confirm: 'enableConfirm', done: 'enabled' }, tone: 'primary', mutation: actions.enable },
  } as const;

  const askStatusChange = (user: RegisteredUser, action: keyof typeof statusChanges) => {
    const { texts, tone, mutation } = statusChanges[action];
    const staffTarget = user.role === staffRole;
    setConfirming({
      subject: user._id,
      title: t(`dashboard.users.${texts.title}`),
      body: t(`dashboard.users.${staffTarget ? texts.staffBody : texts.body}`, { name: user.fullName, email: user.email }),
      confirmLabel: t(staffTarget ? 'dashboard.users.askApproval' : `dashboard.users.${texts.confirm}`),
      tone,
      run: async (idempotencyKey) => {
        const answer = await mutation.mutateAsync({ id: user._id, idempotencyKey });
        toast.success(t(answer.pendingApproval ? 'dashboard.users.sentForApproval' : `dashboard.users.${texts.done}`));
      },
    });
  };

  const askDecision = (user: RegisteredUser, decision: 'approve' | 'cancel') => {
    const change = user.waitingChange;
    if (!change) return;
    setConfirming({
      subject: `${user._id}:${decision}`,
      title: t(decision === 'approve' ? `dashboard.users.approve.${change.action}Title` : 'dashboard.users.withdrawTitle'),
      body: t(decision === 'approve' ? `dashboard.users.approve.${change.action}Body` : 'dashboard.users.withdrawBody', { name: user.fullName, requester: change.requestedBy.fullName }),
      confirmLabel: t(decision === 'approve' ? 'dashboard.users.approveConfirm' : 'dashboard.users.withdrawConfirm'),
      tone: decision === 'approve' && change.action === 'disable' ? 'error' : 'primary',
      run: async (idempotencyKey) => {
        await (decision === 'approve' ? actions.approve : actions.cancel).mutateAsync({ id: user._id, idempotencyKey });
        toast.success(t(decision === 'approve' ? `dashboard.users.approved.${change.action}` : 'dashboard.users.withdrawn'));
      },
    });
  };

  const rowActions = (user: RegisteredUser, isMe: boolean) => {
    if (isMe) return null;
    if (user.waitingChange) {
      const askedByMe = user.waitingChange.requestedBy._id === me?.id;
      return (
        <span className="inline-flex flex-wrap justify-end gap-2">
          {askedByMe ? null : (
            <button type="button" className="btn btn-primary btn-xs" onClick={() => askDecision(user, 'approve')}>
              {t('dashboard.users.approveAction')}
            </button>
          )}
          <button type="button" className="btn btn-outline btn-xs" onClick={() => askDecision(user, 'cancel')}>
            {t('dashboard.users.withdrawAction')}
          </button>
        </span>
      );
    }
    if (user.disabled) {
      return (
        <button type="button" className="btn btn-outline btn-primary btn-xs whitespace-nowrap" onClick={() => askStatusChange(user, 'enable')}>
          {t('dashboard.users.enableAction')}
        </button>
      );
    }
    return (
      <button type="button" className="btn btn-outline btn-error btn-xs" onClick={() => askStatusChange(user, 'disable')}>
        {t('dashboard.list.delete')}
      </button>
    );
  };

  const columns = [
    { label: t('dashboard.users.name') },
    { label: t('dashboard.users.email') },
    { label: t('dashboard.users.role') },
    { label: t('dashboard.users.registered') },
    { label: t('dashboard.users.status') },
    { label: t('dashboard.users.actions'), className: 'text-right' },
  ];

  return (
    <>
      <PageHeader title={t('dashboard.users.title')} intro={t('dashboard.users.intro')} />
      <ListPanel
        query={users}
        params={list.params}
        filter={{ statuses, status: list.status, statusLabel: (status) => t(`dashboard.users.filters.${status}`), onStatusChange: list.setStatus }}
        onOffsetChange={list.setOffset}
        empty={t('dashboard.users.empty')}
        emptyFiltered={t('dashboard.users.emptyFiltered')}
      >
        {(rows) => (
          <DataTable columns={columns} testId="users-table">
            {rows.map((user) => {
              const isMe = user._id === me?.id;
              return (
                <Row key={user._id} testId={`user-${user.email}`}>
                  <Cell label={t('dashboard.users.name')}>
                    <span className="flex items-center gap-3">
                      <Avatar user={user} />
                      <span className="font-medium">{user.fullName}</span>
                      {isMe ? <span className="badge badge-primary badge-sm">{t('dashboard.users.you')}</span> : null}
                    </span>
                  </Cell>
                  <Cell label={t('dashboard.users.email')} className="break-all text-sm">
                    {user.email}
                  </Cell>
                  <Cell label={t('dashboard.users.role')}>{user.role === staffRole ? t('dashboard.users.roles.staff') : t('dashboard.users.roles.user')}</Cell>
                  <Cell label={t('dashboard.users.registered')} className="whitespace-nowrap text-sm">
                    {formatDate(user.createdAt)}
                  </Cell>
                  <Cell label={t('dashboard.users.status')}>
                    <span className="inline-flex flex-col items-end gap-1 md:items-start">
                      <StatusText status={user.disabled ? 'disabled' : 'active'} />
                      {user.waitingChange ? (
                        <span className="max-w-48 text-right text-xs leading-snug md:text-left" data-testid="waiting-change">
                          <span className="badge badge-warning badge-sm h-auto whitespace-normal py-0.5">{t(`dashboard.users.waiting.${user.waitingChange.action}`)}</span>{' '}
                          <span className="text-base-content/70">{t('dashboard.users.askedBy', { name: user.waitingChange.requestedBy.fullName })}</span>
                        </span>
                      ) : null}
                    </span>
                  </Cell>
                  <Cell label={t('dashboard.users.actions')} className={isMe ? 'text-right max-md:hidden' : 'text-right'}>
                    {rowActions(user, isMe) ?? <span className="text-base-content/40">—</span>}
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

import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { RegisteredUser } from '../../../../shared/schemas/users';
import { staffRole } from '../../../../shared/constants';
import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../auth/api/get-session';
import { useDeleteUser } from '../api/delete-user';
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
  const remove = useDeleteUser();
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);

  const askDelete = (user: RegisteredUser) =>
    setConfirming({
      subject: user._id,
      title: t('dashboard.users.deleteTitle'),
      body: t('dashboard.users.deleteBody', { name: user.fullName, email: user.email }),
      confirmLabel: t('dashboard.users.deleteConfirm'),
      tone: 'error',
      run: async (idempotencyKey) => {
        await remove.mutateAsync({ id: user._id, idempotencyKey });
        toast.success(t('dashboard.users.deleted'));
      },
    });

  const columns = [
    { label: t('dashboard.users.name') },
    { label: t('dashboard.users.email') },
    { label: t('dashboard.users.role') },
    { label: t('dashboard.users.registered') },
    { label: t('dashboard.users.status') },
    { label: t('dashboard.list.delete'), className: 'text-right' },
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
                    <StatusText status={user.disabled ? 'disabled' : 'active'} />
                  </Cell>
                  <Cell label={t('dashboard.list.delete')} className={isMe || user.disabled ? 'text-right max-md:hidden' : 'text-right'}>
                    {isMe || user.disabled ? (
                      <span className="text-base-content/40">—</span>
                    ) : (
                      <button type="button" className="btn btn-outline btn-error btn-xs" onClick={() => askDelete(user)}>
                        {t('dashboard.list.delete')}
                      </button>
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

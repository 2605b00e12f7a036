import { useTranslation } from '../../../lib/use-translation';
import { staffRole } from '../../../../shared/constants';
import type { RegisteredUser } from '../../../../shared/schemas/users';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useUsers } from '../api/get-users';
import { useUserStatusActions } from '../api/user-status';
import { RequestListPage, type Decision, type ListColumn, type ListIdentity } from '../components/request-list-page';
import { StatusBadge } from '../../../components/ui/status-badge';

function Avatar({ user }: { user: RegisteredUser }) {
  const { t } = useTranslation();
  if (user.image)
    return <img src={user.image} alt={t('dashboard.users.photoAlt', { name: user.fullName })} width="36" height="36" className="h-9 w-9 shrink-0 rounded-full object-cover ring-1 ring-base-300" />;
  return (
    <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary" aria-hidden="true">
      {user.fullName.charAt(0).toUpperCase()}
    </span>
  );
}

function UserStatus({ user }: { user: RegisteredUser }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-col items-end gap-1 md:items-start">
      <StatusBadge status={user.disabled ? 'disabled' : 'active'} label={t(`dashboard.statuses.${user.disabled ? 'disabled' : 'active'}`)} nowrap />
      {user.waitingChange ? (
        <span className="max-w-48 text-right text-xs leading-snug md:text-left" data-testid="waiting-change">
          <span className="badge badge-warning badge-sm h-auto whitespace-normal py-0.5">{t(`dashboard.users.waiting.${user.waitingChange.action}`)}</span>{' '}
          <span className="text-base-content/70">{t('dashboard.users.askedBy', { name: user.waitingChange.requestedBy.fullName })}</span>
        </span>
      ) : null}
    </span>
  );
}

const userStatuses = ['active', 'disabled'] as const;

const userList: ListIdentity<RegisteredUser, (typeof userStatuses)[number]> = {
  texts: 'dashboard.users',
  statuses: userStatuses,
  useItems: useUsers,
  testIds: { table: 'users-table', row: 'user' },
  itemKey: (user) => user.email,
};

export default function AllUsersPage() {
  const { t } = useTranslation();
  const { user: me } = useSession();
  const mutations = useUserStatusActions();
  const users = (text: string, values: Record<string, string> = {}) => t(`dashboard.users.${text}`, values);

  // A customer changes at once; disabling or re-enabling another staff member takes two people:
  // the first asks, and the answer says so, then a second one approves or the first withdraws.
  const statusChange = (user: RegisteredUser, verb: 'disable' | 'enable'): Decision => {
    const staffTarget = user.role === staffRole;
    const names = { name: user.fullName, email: user.email };
    const words = verb === 'disable' ? { body: 'deleteBody', staffBody: 'deleteStaffBody', done: 'deleted' } : { body: 'enableBody', staffBody: 'enableStaffBody', done: 'enabled' };
    const mutation = verb === 'disable' ? mutations.remove : mutations.enable;
    return {
      kind: verb === 'disable' ? 'decline' : 'other',
      label: users(`${verb}Action`),
      hint: users(`${verb}Hint`, names),
      title: users(`${verb}Title`),
      body: users(staffTarget ? words.staffBody : words.body, names),
      confirmLabel: staffTarget ? users('askApproval') : users(`${verb}Confirm`),
      send: (key) => mutation.mutateAsync({ id: user._id, idempotencyKey: key }).then((answer) => users(answer.pendingApproval ? 'sentForApproval' : words.done)),
    };
  };

  const waitingDecisions = (user: RegisteredUser, change: NonNullable<RegisteredUser['waitingChange']>): Decision[] => {
    const names = { name: user.fullName, requester: change.requestedBy.fullName };
    const withdraw: Decision = {
      kind: 'other',
      label: users('withdrawAction'),
      hint: users('withdrawHint', names),
      title: users('withdrawTitle'),
      body: users('withdrawBody', names),
      confirmLabel: users('withdrawConfirm'),
      send: (key) => mutations.cancel.mutateAsync({ id: user._id, idempotencyKey: key }).then(() => users('withdrawn')),
    };
    if (change.requestedBy._id === me?.id) return [withdraw];
    const approval: Decision = {
      kind: 'approve',
      label: users('approveAction'),
      hint: users(`approve.${change.action}Hint`, names),
      title: users(`approve.${change.action}Title`),
      body: users(`approve.${change.action}Body`, names),
      confirmLabel: users('approveConfirm'),
      tone: change.action === 'disable' ? 'error' : 'primary',
      send: (key) => mutations.approve.mutateAsync({ id: user._id, idempotencyKey: key }).then(() => users(`approved.${change.action}`)),
    };
    return [approval, withdraw];
  };

  const decisions = (user: RegisteredUser): Decision[] => {
    if (user._id === me?.id) return [];
    if (user.waitingChange) return waitingDecisions(user, user.waitingChange);
    return [statusChange(user, user.disabled ? 'enable' : 'disable')];
  };

  const columns: Array<ListColumn<RegisteredUser>> = [
    {
      label: t('dashboard.users.name'),
      render: (user) => (
        <span className="flex items-center gap-3">
          <Avatar user={user} />
          <span className="font-medium">{user.fullName}</span>
          {user._id === me?.id ? <span className="badge badge-primary badge-sm">{t('dashboard.users.you')}</span> : null}
        </span>
      ),
    },
    { label: t('dashboard.users.email'), className: 'break-all text-sm', render: (user) => user.email },
    { label: t('dashboard.users.role'), render: (user) => (user.role === staffRole ? t('dashboard.users.roles.staff') : t('dashboard.users.roles.user')) },
    { label: t('dashboard.users.registered'), className: 'whitespace-nowrap text-sm', render: (user) => formatDate(user.createdAt) },
    { label: t('dashboard.users.status'), render: (user) => <UserStatus user={user} /> },
  ];

  return <RequestListPage descriptor={{ ...userList, columns, decisions }} />;
}

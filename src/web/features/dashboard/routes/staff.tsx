import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import type { z } from 'zod';
import { staffInvitationSchema, type StaffMember } from '../../../../shared/schemas/staff';
import { FormError } from '../../../components/ui/form-error';
import { FormField } from '../../../components/ui/form-field';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../../lib/session';
import { useStaffActions, useStaffMembers } from '../api/staff-members';
import { errorMessage } from '../../../lib/error-message';
import { ConfirmDialog, type ConfirmRequest } from '../components/confirm-dialog';
import { ListFailure } from '../components/list-failure';
import { Cell, DataTable, Row } from '../components/data-table';
import { StatusBadge } from '../../../components/ui/status-badge';

type FormInput = z.input<typeof staffInvitationSchema>;
type FormOutput = z.output<typeof staffInvitationSchema>;

/** An administrator invites a staff member: the e-mail with the one-time link goes out at once. */
function InviteForm() {
  const { t } = useTranslation();
  const { invite } = useStaffActions();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(staffInvitationSchema), defaultValues: { name: '', email: '', administrator: false } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await invite.mutateAsync(values);
      toast.success(t('dashboard.staff.invited', { email: values.email }));
      form.reset();
    } catch (error) {
      applyServerErrors(error, form.setError, ['name', 'email']);
      if (!(error instanceof ApiError && ('name' in error.fields || 'email' in error.fields))) setFormError(errorMessage(error, t));
    }
  });

  return (
    <section aria-labelledby="invite-staff" className="card mb-6 border border-base-300 bg-base-100 shadow-sm">
      <form className="card-body gap-4 p-4 sm:p-6" onSubmit={onSubmit} noValidate data-testid="invite-staff-form">
        <div>
          <h2 id="invite-staff" className="card-title text-lg">
            {t('dashboard.staff.inviteTitle')}
          </h2>
          <p className="mt-1 text-sm text-base-content/80">{t('dashboard.staff.inviteIntro')}</p>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <FormField id="invite-name" label={t('dashboard.staff.name')} error={errors.name?.message}>
            <input id="invite-name" className={`input w-full ${errors.name ? 'input-error' : ''}`} autoComplete="off" aria-invalid={errors.name ? true : undefined} {...form.register('name')} />
          </FormField>
          <FormField id="invite-email" label={t('dashboard.staff.email')} error={errors.email?.message}>
            <input
              id="invite-email"
              type="email"
              className={`input w-full ${errors.email ? 'input-error' : ''}`}
              autoComplete="off"
              aria-invalid={errors.email ? true : undefined}
              {...form.register('email')}
            />
          </FormField>
        </div>
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input type="checkbox" className="checkbox checkbox-primary mt-0.5" {...form.register('administrator')} />
          <span>
            <span className="font-medium">{t('dashboard.staff.makeAdministrator')}</span>
            <span className="block text-base-content/70">{t('dashboard.staff.administratorHint')}</span>
          </span>
        </label>
        <FormError message={formError} />
        <div>
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting}>
            {isSubmitting ? t('dashboard.staff.inviting') : t('dashboard.staff.invite')}
          </button>
        </div>
      </form>
    </section>
  );
}

type StaffTableProps = { members: StaffMember[]; myId: string | undefined; onAsk: (member: StaffMember, action: 'disable' | 'enable') => void };

/** One row per staff member; the reader's own row is marked and has no action (no one disables themselves). */
function StaffTable({ members, myId, onAsk }: StaffTableProps) {
  const { t } = useTranslation();
  const columns = [
    { label: t('dashboard.staff.name') },
    { label: t('dashboard.staff.email') },
    { label: t('dashboard.staff.role') },
    { label: t('dashboard.staff.status') },
    { label: t('dashboard.staff.invitedAt') },
    { label: t('dashboard.staff.lastSignIn') },
    { label: t('dashboard.staff.actions') },
  ];
  const label = (index: number) => columns[index]?.label ?? '';
  return (
    <DataTable columns={columns} testId="staff-table">
      {members.map((member) => (
        <Row key={member._id} testId={`staff-${member.email}`}>
          <Cell label={label(0)} className="font-medium">
            <span className="flex flex-wrap items-center gap-2">
              {member.name}
              {member._id === myId ? <span className="badge badge-primary badge-sm">{t('dashboard.staff.you')}</span> : null}
            </span>
          </Cell>
          <Cell label={label(1)} className="break-all text-sm">
            {member.email}
          </Cell>
          <Cell label={label(2)}>{member.administrator ? t('dashboard.staff.roles.administrator') : t('dashboard.staff.roles.staff')}</Cell>
          <Cell label={label(3)}>
            <StatusBadge status={member.status} label={t(`dashboard.staff.statuses.${member.status}`)} />
          </Cell>
          <Cell label={label(4)} className="text-sm">
            {member.invitedAt ? (
              <span>
                {formatDate(member.invitedAt)}
                {member.invitedBy ? <span className="block text-base-content/70">{t('dashboard.staff.invitedBy', { name: member.invitedBy })}</span> : null}
                {member.invitationExpiresAt ? <span className="block text-base-content/70">{t('dashboard.staff.linkUntil', { when: formatDateTime(member.invitationExpiresAt) })}</span> : null}
              </span>
            ) : (
              t('dashboard.staff.notInvited')
            )}
          </Cell>
          <Cell label={label(5)} className="text-sm">
            {member.lastSignedInAt ? formatDateTime(member.lastSignedInAt) : t('dashboard.staff.never')}
          </Cell>
          <Cell label={label(6)}>
            {member._id === myId ? null : member.status === 'disabled' ? (
              <button
                type="button"
                className="btn btn-sm btn-outline btn-primary whitespace-nowrap"
                onClick={() => onAsk(member, 'enable')}
                aria-label={t('dashboard.staff.enableHint', { name: member.name })}
              >
                {t('dashboard.staff.enableAction')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-sm btn-outline btn-error whitespace-nowrap"
                onClick={() => onAsk(member, 'disable')}
                aria-label={t('dashboard.staff.disableHint', { name: member.name })}
              >
                {member.status === 'invited' ? t('dashboard.staff.withdrawAction') : t('dashboard.staff.disableAction')}
              </button>
            )}
          </Cell>
        </Row>
      ))}
    </DataTable>
  );
}

/**
 * The bank's staff members for administrators: who they are, their role and status, when they
 * were invited and last signed in; an administrator invites, disables and re-enables them.
 */
export default function StaffPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.staff.title'));
  const { user: me } = useSession();
  const members = useStaffMembers();
  const { changeStatus } = useStaffActions();
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);

  const ask = (member: StaffMember, action: 'disable' | 'enable') => {
    const values = { name: member.name, email: member.email };
    setConfirming({
      subject: `${member._id}:${action}`,
      title: t(`dashboard.staff.${action}Title`),
      body: t(member.status === 'invited' ? 'dashboard.staff.withdrawBody' : `dashboard.staff.${action}Body`, values),
      confirmLabel: t(`dashboard.staff.${action}Confirm`),
      tone: action === 'disable' ? 'error' : 'primary',
      run: async (key) => {
        await changeStatus.mutateAsync({ id: member._id, idempotencyKey: key, action });
        toast.success(t(`dashboard.staff.${action}d`, values));
      },
    });
  };

  return (
    <div>
      <h1 className="mb-1 text-2xl font-bold">{t('dashboard.staff.title')}</h1>
      <p className="mb-5 text-sm text-base-content/80">{t('dashboard.staff.intro')}</p>
      <InviteForm />
      <QueryState query={members} failure={(error, retry) => <ListFailure error={error} onRetry={retry} />}>
        {(list) => <StaffTable members={list} myId={me?.id} onAsk={ask} />}
      </QueryState>
      <ConfirmDialog request={confirming} onClose={() => setConfirming(null)} />
    </div>
  );
}

import { useMutation, useQuery } from '@tanstack/react-query';
import { staffInvitationAnswerSchema, staffStatusAnswerSchema, type StaffInvitationInput, type StaffMember } from '../../../../shared/schemas/staff';
import { apiGet, apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { dashboardKeys, useRefreshDashboard, type StaffDecision } from './dashboard-keys';

const staffKey = [...dashboardKeys.all, 'staff-members'] as const;

/** GET /api/staffMembers: every staff member with role, status, invitation and last sign-in (administrators). */
export const useStaffMembers = () => useQuery({ queryKey: staffKey, queryFn: ({ signal }) => apiGet<StaffMember[]>('/api/staffMembers', signal) });

/** POST /api/staffInvitations: e-mails the invitee a one-time link. */
export const inviteStaffMember = (input: StaffInvitationInput) => apiRequestChecked(staffInvitationAnswerSchema, '/api/staffInvitations', { method: 'POST', body: input });

/** POST /api/staffMembers/{id}/disable or /enable: at once; disabling signs them out everywhere. */
export const changeStaffStatus = ({ id, idempotencyKey, action }: StaffDecision & { action: 'disable' | 'enable' }) =>
  apiRequestChecked(staffStatusAnswerSchema, `/api/staffMembers/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: {}, headers: idempotencyHeader(idempotencyKey) });

export function useStaffActions() {
  const refresh = useRefreshDashboard();
  return {
    invite: useMutation({ mutationFn: inviteStaffMember, onSuccess: refresh }),
    changeStatus: useMutation({ mutationFn: changeStaffStatus, onSuccess: refresh }),
  };
}

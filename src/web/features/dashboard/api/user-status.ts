import { useMutation } from '@tanstack/react-query';
import { userDeleteAnswerSchema, userStatusAnswerSchema } from '../../../../shared/schemas/users';
import { apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecision } from './dashboard-keys';

const userPath = (id: string) => `/api/allUsers/${encodeURIComponent(id)}`;

/**
 * DELETE /api/allUsers/{id}: disables a customer's sign-in at once and ends their sessions; their
 * records stay. For another staff member it asks, and a second staff member must approve.
 */
export const deleteUser = ({ id, idempotencyKey }: StaffDecision) => apiRequestChecked(userDeleteAnswerSchema, userPath(id), { method: 'DELETE', headers: idempotencyHeader(idempotencyKey) });

/** Lets a disabled user sign in again (a staff member: once a second staff member approves). */
export const enableUser = ({ id, idempotencyKey }: StaffDecision) =>
  apiRequestChecked(userStatusAnswerSchema, `${userPath(id)}/enable`, { method: 'POST', body: {}, headers: idempotencyHeader(idempotencyKey) });

/** Approves another staff member's request to disable or re-enable a staff member. */
export const approveUserChange = ({ id, idempotencyKey }: StaffDecision) =>
  apiRequestChecked(userStatusAnswerSchema, `${userPath(id)}/approveChange`, { method: 'POST', body: {}, headers: idempotencyHeader(idempotencyKey) });

/** Withdraws a request waiting for approval. */
export const cancelUserChange = ({ id, idempotencyKey }: StaffDecision) =>
  apiRequestChecked(userStatusAnswerSchema, `${userPath(id)}/cancelChange`, { method: 'POST', body: {}, headers: idempotencyHeader(idempotencyKey) });

export function useUserStatusActions() {
  const refresh = useRefreshDashboard();
  return {
    remove: useMutation({ mutationFn: deleteUser, onSuccess: refresh }),
    enable: useMutation({ mutationFn: enableUser, onSuccess: refresh }),
    approve: useMutation({ mutationFn: approveUserChange, onSuccess: refresh }),
    cancel: useMutation({ mutationFn: cancelUserChange, onSuccess: refresh }),
  };
}

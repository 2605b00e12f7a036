import { useMutation, useQuery } from '@tanstack/react-query';
import type { StaffInvitationAcceptInput, StaffInvitationPreview } from '../../../../shared/schemas/staff';
import { apiPost, apiRequestChecked } from '../../../lib/api-client';

/** POST /api/staffInvitations/lookup: whom the link invites (the token goes in the body, never in an address). */
export const useStaffInvitation = (token: string) =>
  useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: () => apiPost<StaffInvitationPreview>('/api/staffInvitations/lookup', { token }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

/**
 * POST /api/staffInvitations/accept: sets the invitee's password; the link is spent. The answer's
 * schema is loaded, not imported: this page is public and loads zod only when its form checks.
 */
const acceptedAnswer = () => import('../../../../shared/schemas/staff').then((schemas) => schemas.staffInvitationAcceptedAnswerSchema);
export const useAcceptStaffInvitation = () =>
  useMutation({ mutationFn: (input: StaffInvitationAcceptInput) => apiRequestChecked(acceptedAnswer, '/api/staffInvitations/accept', { method: 'POST', body: input }) });

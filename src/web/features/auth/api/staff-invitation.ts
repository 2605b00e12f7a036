import { useMutation, useQuery } from '@tanstack/react-query';
import type { StaffInvitationAcceptInput, StaffInvitationPreview } from '../../../../shared/schemas/staff';
import { apiPost } from '../../../lib/api-client';

/** POST /api/staffInvitations/lookup: whom the link invites (the token goes in the body, never in an address). */
export const useStaffInvitation = (token: string) =>
  useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: () => apiPost<StaffInvitationPreview>('/api/staffInvitations/lookup', { token }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

/** POST /api/staffInvitations/accept: sets the invitee's password; the link is spent. */
export const useAcceptStaffInvitation = () => useMutation({ mutationFn: (input: StaffInvitationAcceptInput) => apiPost<{ acknowledged: true }>('/api/staffInvitations/accept', input) });

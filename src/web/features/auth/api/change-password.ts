import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '../../../../shared/schemas/auth';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export const changePassword = (input: ChangePasswordInput) => apiPost<unknown>('/api/auth/change-password', input);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

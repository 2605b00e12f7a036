import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '../../../../shared/schemas/auth';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export const signIn = (input: LoginInput) => apiPost<unknown>('/api/auth/sign-in/email', input);

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

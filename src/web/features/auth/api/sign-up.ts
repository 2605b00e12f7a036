import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '../../../../shared/schemas/auth';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';

/**
 * better-auth's sign-up stores the name and signs the new user in. The spec's client then recorded
 * the user with its photo (POST /api/users); registration asks no photo now, so there is nothing
 * left to record.
 */
export async function signUp(input: RegisterInput): Promise<void> {
  await apiPost('/api/auth/sign-up/email', input);
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

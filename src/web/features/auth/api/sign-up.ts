import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '../../../../shared/schemas/auth';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';

/** better-auth's sign-up signs the new user in; the spec's client then records the user (POST /api/users). */
export async function signUp(input: RegisterInput): Promise<void> {
  await apiPost('/api/auth/sign-up/email', input);
  await apiPost('/api/users', { fullName: input.name, email: input.email, image: input.image });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

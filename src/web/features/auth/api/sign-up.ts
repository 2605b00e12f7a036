import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '../../../../shared/schemas/auth';
import type { Language } from '../../../../shared/language';
import type { StepUpCheckAnswer } from '../../../../shared/schemas/two-factor';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/**
 * better-auth's sign-up stores the name and signs the new user in. The spec's client then recorded
 * the user with its photo (POST /api/users); registration asks no photo now, so there is nothing
 * left to record.
 */
export async function signUp(input: RegisterInput): Promise<void> {
  await apiPost('/api/auth/sign-up/email', input);
}

/** Sends the code that proves the visitor holds the number they register with, in their language. */
export const requestSignUpCode = (phoneNumber: string, language: Language) => apiPost<StepUpCheckAnswer>('/api/auth/sign-up/phone-code', { phoneNumber, language });

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

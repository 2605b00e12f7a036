import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '../../../../shared/schemas/auth';
import type { Language } from '../../../../shared/language';
import type { StepUpCheckAnswer } from '../../../../shared/schemas/two-factor';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';

/** better-auth's sign-up signs the new user in; the spec's client then records the user (POST /api/users). */
export async function signUp(input: RegisterInput): Promise<void> {
  await apiPost('/api/auth/sign-up/email', input);
  await apiPost('/api/users', { fullName: input.name, email: input.email, image: input.image });
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

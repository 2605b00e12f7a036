import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '../../../../shared/schemas/auth';
import type { Language } from '../../../../shared/language';
import { apiPost, apiRequestChecked } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/**
 * better-auth's sign-up stores the name and signs the new user in. The spec's client then recorded
 * the user with its photo (POST /api/users); registration asks no photo now, so there is nothing
 * left to record.
 */
export async function signUp(input: RegisterInput): Promise<void> {
  await apiPost('/api/auth/sign-up/email', input);
}

/** The answer's schema, loaded rather than imported: the registration page is public and loads zod only when its form checks. */
const stepUpCheckAnswer = () => import('../../../../shared/schemas/two-factor').then((schemas) => schemas.stepUpCheckAnswerSchema);

/** Sends the code that proves the visitor holds the number they register with, in their language. */
export const requestSignUpCode = (phoneNumber: string, language: Language) => apiRequestChecked(stepUpCheckAnswer, '/api/auth/sign-up/phone-code', { method: 'POST', body: { phoneNumber, language } });

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

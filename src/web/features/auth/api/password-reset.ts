import { useMutation } from '@tanstack/react-query';
import type { PasswordResetInput, PasswordResetRequestInput } from '../../../../shared/schemas/auth';
import { apiRequestChecked } from '../../../lib/api-client';

// The answers' schemas are loaded, not imported: the two password-reset pages are public, and load
// zod only when their forms check.
const authAnswers = () => import('../../../../shared/schemas/auth');
const resetLinkAnswer = () => authAnswers().then((schemas) => schemas.resetLinkAnswerSchema);
const doneAnswer = () => authAnswers().then((schemas) => schemas.doneAnswerSchema);

export const requestPasswordReset = (input: PasswordResetRequestInput) => apiRequestChecked(resetLinkAnswer, '/api/auth/request-password-reset', { method: 'POST', body: input });
export const resetPassword = (input: PasswordResetInput) => apiRequestChecked(doneAnswer, '/api/auth/reset-password', { method: 'POST', body: input });
export const signOutEverywhere = () => apiRequestChecked(doneAnswer, '/api/auth/sign-out-everywhere', { method: 'POST', body: {} });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

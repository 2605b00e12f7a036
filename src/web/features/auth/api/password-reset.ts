import { useMutation } from '@tanstack/react-query';
import type { PasswordResetInput, PasswordResetRequestInput } from '../../../../shared/schemas/auth';
import { apiPost } from '../../../lib/api-client';

export type ResetLinkAnswer = { status: true; message: string };

export const requestPasswordReset = (input: PasswordResetRequestInput) => apiPost<ResetLinkAnswer>('/api/auth/request-password-reset', input);
export const resetPassword = (input: PasswordResetInput) => apiPost<{ status: true }>('/api/auth/reset-password', input);
export const signOutEverywhere = () => apiPost<{ status: true }>('/api/auth/sign-out-everywhere', {});

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

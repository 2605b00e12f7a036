import type { RecoveryCodesAnswer, TwoFactorEnrolmentAnswer, TwoFactorPasswordAndCodeInput, TwoFactorReplaceInput } from '../../../../shared/schemas/two-factor';
import { apiPost } from '../../../lib/api-client';

/** Starts an enrolment: the secret, its QR code and the recovery codes, shown once. */
export const startTwoFactor = (password: string) => apiPost<TwoFactorEnrolmentAnswer>('/api/auth/two-factor/enable', { password });

/** A code from the app: confirms an enrolment when signed in, completes a sign-in otherwise. */
export const verifyTotpCode = (code: string) => apiPost<unknown>('/api/auth/two-factor/verify-totp', { code });

/** Completes a sign-in with a recovery code. */
export const verifyRecoveryCode = (code: string) => apiPost<unknown>('/api/auth/two-factor/verify-backup-code', { code });

export const renewRecoveryCodes = (input: TwoFactorPasswordAndCodeInput) => apiPost<RecoveryCodesAnswer>('/api/auth/two-factor/generate-backup-codes', input);

export const turnOffTwoFactor = (input: TwoFactorPasswordAndCodeInput) => apiPost<unknown>('/api/auth/two-factor/disable', input);

/** Starts replacing the app (password and a code of the current app, or a recovery code): the new app's secret, QR code and recovery codes. */
export const startReplacement = (input: TwoFactorReplaceInput) => apiPost<TwoFactorEnrolmentAnswer>('/api/auth/two-factor/replace', input);

/** The new app's first code: the replacement is in force and every other session ends. */
export const confirmReplacement = (code: string) => apiPost<unknown>('/api/auth/two-factor/confirm-replacement', { code });

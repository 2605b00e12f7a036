import type { TwoFactorPasswordAndCodeInput, TwoFactorReplaceInput } from '../../../../shared/schemas/two-factor';
import { apiPost, apiRequestChecked } from '../../../lib/api-client';

// The secrets and recovery codes shown once are read through the schemas the server answers with;
// loaded, not imported, as the sign-in page (public) verifies its codes with this module too. The
// answers of the other calls (better-auth's, relayed) are not read.
const twoFactorAnswers = () => import('../../../../shared/schemas/two-factor');
const enrolmentAnswer = () => twoFactorAnswers().then((schemas) => schemas.twoFactorEnrolmentAnswerSchema);
const recoveryCodesAnswer = () => twoFactorAnswers().then((schemas) => schemas.recoveryCodesAnswerSchema);

/** Starts an enrolment: the secret, its QR code and the recovery codes, shown once. */
export const startTwoFactor = (password: string) => apiRequestChecked(enrolmentAnswer, '/api/auth/two-factor/enable', { method: 'POST', body: { password } });

/** A code from the app: confirms an enrolment when signed in, completes a sign-in otherwise. */
export const verifyTotpCode = (code: string) => apiPost<unknown>('/api/auth/two-factor/verify-totp', { code });

/** Completes a sign-in with a recovery code. */
export const verifyRecoveryCode = (code: string) => apiPost<unknown>('/api/auth/two-factor/verify-backup-code', { code });

export const renewRecoveryCodes = (input: TwoFactorPasswordAndCodeInput) => apiRequestChecked(recoveryCodesAnswer, '/api/auth/two-factor/generate-backup-codes', { method: 'POST', body: input });

export const turnOffTwoFactor = (input: TwoFactorPasswordAndCodeInput) => apiPost<unknown>('/api/auth/two-factor/disable', input);

/** Starts replacing the app (password and a code of the current app, or a recovery code): the new app's secret, QR code and recovery codes. */
export const startReplacement = (input: TwoFactorReplaceInput) => apiRequestChecked(enrolmentAnswer, '/api/auth/two-factor/replace', { method: 'POST', body: input });

/** The new app's first code: the replacement is in force and every other session ends. */
export const confirmReplacement = (code: string) => apiPost<unknown>('/api/auth/two-factor/confirm-replacement', { code });

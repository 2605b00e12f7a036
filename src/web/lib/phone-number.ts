import { phoneVerifiedAnswerSchema, stepUpCheckAnswerSchema } from '../../shared/schemas/two-factor';
import { apiRequestChecked } from './api-client';

/** Sends a code to the number to verify it (the password too: the number becomes a second factor). */
export const requestPhoneCode = (phoneNumber: string, password: string) => apiRequestChecked(stepUpCheckAnswerSchema, '/api/phoneNumber/code', { method: 'POST', body: { phoneNumber, password } });

/** The code the SMS brought: the number is then where step-up codes go. */
export const verifyPhoneNumber = (phoneNumber: string, code: string) => apiRequestChecked(phoneVerifiedAnswerSchema, '/api/phoneNumber/verify', { method: 'POST', body: { phoneNumber, code } });

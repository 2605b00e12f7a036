import type { StepUpCheckAnswer } from '../../shared/schemas/two-factor';
import { apiPost } from './api-client';

/** Sends a code to the number to verify it (the password too: the number becomes a second factor). */
export const requestPhoneCode = (phoneNumber: string, password: string) => apiPost<StepUpCheckAnswer>('/api/phoneNumber/code', { phoneNumber, password });

/** The code the SMS brought: the number is then where step-up codes go. */
export const verifyPhoneNumber = (phoneNumber: string, code: string) => apiPost<{ phoneNumber: string }>('/api/phoneNumber/verify', { phoneNumber, code });

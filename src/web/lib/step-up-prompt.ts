import type { ApiError } from './api-client';

/** What the dialog is asked: how the code comes, where an SMS went, an error to show (a wrong code). */
export type StepUpRequest = {
  mode: 'app' | 'sms' | 'setup';
  sentTo?: string | undefined;
  error: ApiError | null;
  answer: (reply: StepUpReply | null) => void;
};
/** A code typed, or `again`: send a new SMS code (or the number was just verified: ask the check again). */
export type StepUpReply = { kind: 'code'; code: string } | { kind: 'again' };

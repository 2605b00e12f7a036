import { nameEnquiryAnswerSchema, participantEnquiryAnswerSchema, type NameEnquiryInput } from '../../../../shared/schemas/name-enquiry';
import { apiRequestChecked } from '../../../lib/api-client';

/**
 * Who holds this account number: the name masked and the account's type; a 404 when no account
 * there can receive money. Read through its schema: the customer confirms this name before money moves.
 */
export const lookUpName = (accNum: string) => apiRequestChecked(nameEnquiryAnswerSchema, '/api/nameEnquiry', { method: 'POST', body: { accNum } satisfies NameEnquiryInput });

/**
 * Who holds this account or wallet number at another bank or wallet, as the switch answers: the
 * name masked (the switch tells no account type); a 404 when nothing there can receive money.
 */
export const lookUpNameAt = (participant: string, accNum: string) =>
  apiRequestChecked(participantEnquiryAnswerSchema, '/api/nameEnquiry', { method: 'POST', body: { accNum, participant } satisfies NameEnquiryInput });

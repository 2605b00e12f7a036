import { nameEnquiryAnswerSchema, type NameEnquiryInput } from '../../../../shared/schemas/name-enquiry';
import { apiRequestChecked } from '../../../lib/api-client';

/**
 * Who holds this account number: the name masked and the account's type; a 404 when no account
 * there can receive money. Read through its schema: the customer confirms this name before money moves.
 */
export const lookUpName = (accNum: string) => apiRequestChecked(nameEnquiryAnswerSchema, '/api/nameEnquiry', { method: 'POST', body: { accNum } satisfies NameEnquiryInput });

import type { NameEnquiryAnswer, NameEnquiryInput } from '../../../../shared/schemas/name-enquiry';
import { apiRequest } from '../../../lib/api-client';

/** Who holds this account number: the name masked and the account's type; a 404 when no account there can receive money. */
export const lookUpName = (accNum: string) => apiRequest<NameEnquiryAnswer>('/api/nameEnquiry', { method: 'POST', body: { accNum } satisfies NameEnquiryInput });

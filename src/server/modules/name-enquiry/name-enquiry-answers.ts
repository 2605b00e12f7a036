import type { NameEnquiryAnswer } from '../../../shared/schemas/name-enquiry';
import { withWireFieldNames } from '../../errors';
import type { EnquiredHolder } from './name-enquiry.service';

/**
 * The name enquiry's wire vocabulary (`docs/wire-names.md`): the account number asked about is
 * `accNum` on the wire, in the question, the answer and a refusal's field.
 */
export const toNameEnquiryAnswer = (holder: EnquiredHolder): NameEnquiryAnswer => ({ accNum: holder.accountNumber, maskedName: holder.maskedName, accountType: holder.accountType });

export const inNameEnquiryWireNames = (refusal: unknown): unknown => withWireFieldNames(refusal, { accountNumber: 'accNum', receiverAccount: 'accNum' });

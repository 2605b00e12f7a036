import type { SignedInUser } from '../auth/signed-in-user';

/**
 * A transfer in the bank's words, whatever the request called its fields (`transfer-answers.ts`
 * maps the wire's): from the customer's account `senderAccountId` to `receiverAccountId`, whose
 * holder the customer looked up and confirmed (`confirmedReceiverName`, the masked name the name
 * enquiry showed), `amountPoisha` (1,500.50 BDT is 1,50,050n).
 */
export type TransferCommand = { senderAccountId: string; receiverAccountId: string; confirmedReceiverName: string; amountPoisha: bigint };
/**
 * A customer's transfer as the batch decides it. `secondFactorConfirmed`: the request carried a
 * fresh code from the customer's authenticator app, checked before the batch; a transfer without
 * one counts against what may be sent without a code (`unconfirmed-transfers.ts`).
 */
export type TransferOrder = { user: SignedInUser; command: TransferCommand; secondFactorConfirmed?: boolean };
export type TransferResult = { entryId: string; reference: string; senderBalancePoisha: bigint };

import { buildMessage, MessageError, parseMessage, type CreditTransfer, type Message, type PaymentReturn, type Reason, type StatusReport } from '../../../clearing-house/protocol/messages';
import { switchSenderId, verifyMessage } from '../../../clearing-house/protocol/signature';
import { sameName } from '../../../shared/same-name';
import type { Database, Transaction } from '../../db/client';
import { writeTogether } from '../../db/write-together';
import { AppError, assertInvariant } from '../../errors';
import { lockAccounts, lockedBalancesOf } from '../accounts/accounts.repository';
import { bankAccountSlot, bankAccounts, postJournalEntry } from '../ledger/ledger';
import { deferredNoticesWriteOf } from '../notices/notices.service';
import { newMessageId } from './clearing-client';
import { statusEventOf } from './clearing-outbox';
import { applyToPayment } from './payment-application';
import { claimInboxMessage, isOwnerDisabled, keepClearingMessage, recordInboxAnswer, rememberClearingNonce } from './clearing.repository';
import { ownParticipantCode } from './payments.service';

/**
 * What the clearing house delivers to the bank: inward payments (pacs.008), the later status of the
 * bank's own payments (pacs.002: a BEFTN session's settlement, or a refusal) and returns of them
 * (pacs.004). Each goes through the inbox, keyed by its message id, in the transaction that acts on
 * it, so a delivery heard twice (the switch retries until it hears 2xx) is answered as the first
 * time and moves no money again.
 */

/** A delivery as it arrived: the headers its signature is in, and the body as sent. */
export type Delivery = { headers: Record<string, string | string[] | undefined>; body: string };

/** The answer: a signed pacs.002 for an inward payment (`answerXml`), nothing for a report or a return. */
export type DeliveryAnswer = { answerXml: string | null };

const refused = (code: string, message: string) => new AppError(401, code, message);

/**
 * Checks the switch's signature and nonce before anything is read or written: an unsigned,
 * stale, replayed or badly signed delivery is refused with 401 and leaves no trace but the log.
 */
async function verifiedMessage(db: Database, key: string, delivery: Delivery): Promise<Message> {
  const check = await verifyMessage({
    headers: delivery.headers,
    body: delivery.body,
    keyOf: (sender) => (sender === switchSenderId ? key : undefined),
    rememberNonce: (sender, nonce) => rememberClearingNonce(db, sender, nonce),
    now: new Date(),
  });
  if (!check.ok) throw refused(check.reason, 'The delivery is not signed by the clearing house, or not freshly');
  try {
    return parseMessage(delivery.body);
  } catch (error) {
    if (error instanceof MessageError) throw new AppError(400, 'invalid_message', error.message, { [error.field]: error.message });
    throw error;
  }
}

export async function receiveDelivery(db: Database, key: string, delivery: Delivery): Promise<DeliveryAnswer> {
  const message = await verifiedMessage(db, key, delivery);
  if (message.type !== 'pacs.008' && message.type !== 'pacs.002' && message.type !== 'pacs.004') {
    throw new AppError(400, 'not_a_delivery', `The bank takes no ${message.type} from the clearing house`);
  }
  return db.transaction(async (tx) => {
    const claim = await claimInboxMessage(tx, message.messageId, message.type);
    if (!claim.first) return { answerXml: claim.answerXml };
    if (message.type === 'pacs.008') return { answerXml: await creditInward(tx, message, delivery.body) };
    const paymentId = message.type === 'pacs.002' ? await applyLaterStatus(tx, message) : await applyReturn(tx, message);
    await keepClearingMessage(tx, { direction: 'in', messageId: message.messageId, messageType: message.type, paymentId, xml: delivery.body });
    return { answerXml: null };
  });
}

async function applyLaterStatus(tx: Transaction, report: StatusReport): Promise<string | null> {
  // The bank sends no returns of its own yet, so a report can only be about one of its payments.
  if (report.originalMessageType !== 'pacs.008') return null;
  const payment = await applyToPayment(tx, report.originalMessageId, statusEventOf(report), { messageId: report.messageId, clearingReference: report.clearingReference });
  return payment?.id ?? null;
}

async function applyReturn(tx: Transaction, payment: PaymentReturn): Promise<string | null> {
  if (payment.instructedAgent !== ownParticipantCode) return null;
  const returned = await applyToPayment(tx, payment.originalMessageId, { kind: 'return', reasonCode: payment.reason.code }, { messageId: payment.messageId });
  return returned?.id ?? null;
}

/** Why an inward payment cannot be credited, in ISO's words, or undefined when it can. */
function refusalOf(transfer: CreditTransfer, account: { status: string; holder_name: string } | undefined, ownerDisabled: boolean): Reason | undefined {
  if (transfer.creditorAgent !== ownParticipantCode) return { code: 'RC01', text: 'The creditor agent is not this bank' };
  // A pending or declined account was never opened: to the payer it is no account at all.
  if (!account || account.status !== 'active') return { code: 'AC01', text: 'No account that can receive money has this number' };
  // Staff disabled the customer: the account exists, and money must not reach it until they
  // enable them again; the payer's bank is told it is blocked, and its customer gets it back.
  if (ownerDisabled) return { code: 'AC06', text: 'The account is blocked' };
  if (!sameName(account.holder_name, transfer.creditor.name)) return { code: 'NARR', text: 'The name does not match the account' };
  return undefined;
}

/**
 * Credits an inward payment to the account it names, or refuses it, in the inbox's transaction:
 * the entry (the bank's settlement account to the customer), the customer's notice, both
 * messages kept, and the answer stored for a repeated delivery. Answers the pacs.002 to sign.
 */
async function creditInward(tx: Transaction, transfer: CreditTransfer, xml: string): Promise<string> {
  const locked = await lockAccounts(tx, [transfer.creditor.account]);
  const account = locked.get(transfer.creditor.account);
  const ownerDisabled = account !== undefined && (await isOwnerDisabled(tx, account.owner_user_id));
  const refusal = refusalOf(transfer, account, ownerDisabled);
  if (!refusal) {
    assertInvariant(account && transfer.amountPoisha > 0n, 'an inward payment credits an active account with a positive amount');
    const movement = {
      kind: 'payment_in',
      amountPoisha: transfer.amountPoisha.toString(),
      rail: transfer.rail,
      fromParticipant: transfer.debtorAgent,
      fromAccount: transfer.debtor.account,
      fromHolder: transfer.debtor.name,
    } as const;
    const postings = [
      { accountCode: bankAccountSlot(bankAccounts.settlement, account.id), amountPoisha: -transfer.amountPoisha },
      { accountCode: account.id, amountPoisha: transfer.amountPoisha },
    ];
    const posted = await postJournalEntry(tx, { movement, postings }, lockedBalancesOf([account]));
    assertInvariant(posted.balancesAfter.get(account.id) === BigInt(account.balance_poisha) + transfer.amountPoisha, 'the inward payment reached the account whole');
    const notice = deferredNoticesWriteOf([
      {
        userId: account.owner_user_id,
        name: account.holder_name,
        kind: 'transfer-in',
        at: new Date(),
        params: {
          amountPoisha: transfer.amountPoisha.toString(),
          accountId: account.id,
          counterpartyName: transfer.debtor.name,
          counterpartyAccountId: transfer.debtor.account,
          reference: posted.reference,
        },
      },
    ]);
    if (notice) await writeTogether(tx, [notice]);
  }
  const answer: StatusReport = {
    type: 'pacs.002',
    messageId: newMessageId(ownParticipantCode),
    createdAt: new Date(),
    originalMessageId: transfer.messageId,
    originalMessageType: 'pacs.008',
    originalEndToEndId: transfer.endToEndId,
    status: refusal ? 'RJCT' : 'ACSC',
    ...(refusal ? { reason: refusal } : {}),
  };
  const answerXml = buildMessage(answer);
  await keepClearingMessage(tx, { direction: 'in', messageId: transfer.messageId, messageType: 'pacs.008', xml });
  await keepClearingMessage(tx, { direction: 'out', messageId: answer.messageId, messageType: 'pacs.002', xml: answerXml });
  await recordInboxAnswer(tx, transfer.messageId, answerXml);
  return answerXml;
}

import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { directoryEntry, isWalletNumber, type Rail } from '../shared/bank-directory';
import type { Clock } from './clock';
import type { Faults, FaultRule } from './faults';
import { sameName, seededHolder, walletLimits } from './holders';
import {
  buildMessage,
  parseMessage,
  parseMessageOf,
  reasonCodes,
  type CreditTransfer,
  type NameEnquiry,
  type NameEnquiryReport,
  type PaymentReturn,
  type Reason,
  type ReasonCode,
  type Statement,
  type StatementRequest,
  type StatusReport,
  type TransactionStatus,
} from './protocol/messages';
import { signMessage, switchSenderId, verifyMessage, signatureFreshnessMs } from './protocol/signature';
import { beftnReturnDeadline, beftnSessionById, beftnSessionFor, dhakaDate, dhakaInstant, nextBeftnSession, rtgsMinimumPoisha, rtgsWindow } from './rails';
import * as store from './store';

export type ParticipantConfig = {
  /** The key this participant and the switch share for signing, both ways. */
  key: string;
  /** Where the switch delivers inward payments, returns and late status reports; none: it only asks. */
  inboundUrl?: string;
  /** How far the participant's position may go below zero (its settlement account's cover). */
  netDebitCapPoisha?: bigint;
};

export const defaultNetDebitCapPoisha = 100_000_000_00n;
const jobsPerTick = 50;
const deliveryTimeoutMs = 5_000;
const retryDelayMaxMs = 60_000;

/** A refusal of the message itself (not of the payment): the HTTP layer answers it as a 4xx. */
export class SwitchRefusal extends Error {
  constructor(
    readonly status: 403 | 404 | 409,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type TransferAnswer = { answer: StatusReport; faults: FaultRule[] };

/**
 * Bangladesh Bank's switch as this simulator plays it: it takes a participant's payments, settles
 * them between participants' positions by each rail's rules, answers for the banks and wallets it
 * simulates, delivers to the participants that have an inbound address, and returns on demand.
 */
export class ClearingSwitch {
  private ticking: Promise<void> | undefined;

  constructor(
    private readonly db: PGlite,
    readonly clock: Clock,
    readonly faults: Faults,
    private readonly participants: ReadonlyMap<string, ParticipantConfig>,
    /** How a delivery reaches a participant's inbound address: over the network, unless the switch runs inside the participant. */
    private readonly post: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  keyOf(participant: string): string | undefined {
    return this.participants.get(participant)?.key;
  }

  private isLive(participant: string): boolean {
    return this.participants.get(participant)?.inboundUrl !== undefined;
  }

  async rememberNonce(sender: string, nonce: string): Promise<boolean> {
    return store.rememberNonce(this.db, sender, nonce, new Date());
  }

  async record(participant: string, direction: 'received' | 'sent', xml: string, type: string, messageId?: string): Promise<void> {
    await store.recordMessage(this.db, { participant, direction, type, xml, at: this.clock.now(), ...(messageId ? { messageId } : {}) });
  }

  async creditTransfer(sender: string, message: CreditTransfer, xml: string): Promise<TransferAnswer> {
    const now = this.clock.now();
    if (message.debtorAgent !== sender) return { answer: rejectionOf(message, { code: 'RC01', text: 'The debtor agent must be the sender' }, now), faults: [] };
    return this.db.transaction(async (tx) => {
      const existing = await store.paymentByMessage(tx, sender, message.messageId);
      if (existing) {
        const original = parseMessageOf(existing.requestXml, 'pacs.008');
        if (!sameInstruction(original, message)) return { answer: rejectionOf(message, { code: 'DU01', text: 'This message id was used for another payment' }, now), faults: [] };
        return { answer: statusReportOf(existing, reportedStatus(existing), now), faults: [] };
      }
      const faults = this.faults.takeForPayment(message.rail);
      const injected = faults.find((fault) => fault.kind === 'reject');
      const refusal = injected ? { code: injected.reason, ...(injected.text ? { text: injected.text } : {}) } : await this.refusalOf(tx, sender, message, now);
      const live = this.isLive(message.creditorAgent);
      const session = message.rail === 'BEFTN' ? beftnSessionFor(now) : undefined;
      const settlesNow = !refusal && !live && message.rail !== 'BEFTN';
      const payment: store.PaymentRow = {
        reference: await store.nextPaymentReference(tx, dhakaDate(now)),
        debtorAgent: sender,
        messageId: message.messageId,
        endToEndId: message.endToEndId,
        rail: message.rail,
        creditorAgent: message.creditorAgent,
        creditorAccount: message.creditor.account,
        amountPoisha: message.amountPoisha,
        status: refusal ? 'RJCT' : settlesNow ? 'ACSC' : 'ACSP',
        reasonCode: refusal?.code ?? null,
        reasonText: refusal?.text ?? null,
        sessionId: session?.id ?? null,
        receivedAt: now,
        settledAt: settlesNow ? now : null,
        outOfOrder: faults.some((fault) => fault.kind === 'out-of-order'),
        requestXml: xml,
      };
      await store.insertPayment(tx, payment);
      if (settlesNow) await this.book(tx, payment, now);
      if (!refusal && live) await this.deliver(tx, message.creditorAgent, xml, 'pacs.008', message.messageId, session?.closesAt ?? now, payment.reference);
      const returnLater = faults.find((fault) => fault.kind === 'return-later');
      if (returnLater && !refusal) {
        await store.enqueueJob(tx, {
          kind: 'return',
          participant: sender,
          dueAt: new Date((session?.closesAt ?? now).getTime() + returnLater.afterSeconds * 1000),
          payload: { paymentReference: payment.reference, reasonCode: returnLater.reason },
        });
      }
      const final = payment.status !== 'ACSP';
      const answeredLater = faults.some((fault) => fault.kind === 'timeout' || fault.kind === 'out-of-order');
      if (final && answeredLater) await this.notifyStatus(tx, payment, now);
      const answered = final && payment.outOfOrder ? statusReportOf(payment, 'ACSP', now) : statusReportOf(payment, payment.status === 'RTND' ? 'ACSC' : payment.status, now);
      return { answer: answered, faults };
    });
  }

  /** Why the switch or the simulated receiver refuses a payment, or undefined when it goes through. */
  private async refusalOf(tx: store.Executor, sender: string, message: CreditTransfer, now: Date): Promise<Reason | undefined> {
    const receiver = directoryEntry(message.creditorAgent);
    if (!receiver || message.creditorAgent === sender) return { code: 'RC01', text: 'No other bank or wallet has this code' };
    if (!receiver.rails.includes(message.rail)) return { code: 'AG03', text: `${receiver.nameEn} does not take ${message.rail}` };
    if (message.rail === 'RTGS') {
      if (message.amountPoisha < rtgsMinimumPoisha) return { code: 'AM02', text: 'RTGS takes payments of at least 1,00,000 BDT' };
      const window = rtgsWindow(now);
      if (!window.open) return { code: 'TM01', text: window.reason === 'non_working_day' ? 'RTGS is closed on weekends and holidays' : 'RTGS takes customer payments from 10:00 to 17:00' };
    }
    const cap = this.participants.get(sender)?.netDebitCapPoisha ?? defaultNetDebitCapPoisha;
    const position = await store.positionOf(tx, sender);
    if (position - message.amountPoisha < -cap) return { code: 'AM04', text: "The sender's settlement account does not cover this payment" };
    if (this.isLive(message.creditorAgent)) return undefined;
    // BEFTN asks the receiving bank nothing before the session: it finds out whether the account
    // and the name are its holder's when it posts the credit, and returns what it cannot post.
    if (message.rail === 'BEFTN') return undefined;
    return this.receiverRefusal(tx, message, now);
  }

  private async receiverRefusal(tx: store.Executor, message: CreditTransfer, now: Date): Promise<Reason | undefined> {
    const account = message.creditor.account;
    const wallet = walletLimits[message.creditorAgent];
    if (wallet && !isWalletNumber(account)) return { code: 'AC01', text: 'A wallet is addressed by an 11-digit mobile number starting 01' };
    const holder = seededHolder(message.creditorAgent, account);
    const status = holderRefusal(holder);
    if (status) return status;
    if (!sameName(holder!.name, message.creditor.name)) return { code: 'NARR', text: 'The name does not match the account' };
    if (wallet) {
      if (message.amountPoisha > wallet.perTransferPoisha) return { code: 'AM02', text: 'Above the wallet’s limit for one transfer' };
      const today = await store.creditedSince(tx, message.creditorAgent, account, dhakaInstant(dhakaDate(now), 0));
      if (today + message.amountPoisha > wallet.perDayPoisha) return { code: 'AM02', text: 'Above the wallet’s daily limit for this holder' };
    }
    return undefined;
  }

  async statusEnquiry(sender: string, originalMessageId: string): Promise<StatusReport> {
    const payment = await store.paymentByMessage(this.db, sender, originalMessageId);
    if (!payment) throw new SwitchRefusal(404, 'unknown_message', 'The switch has no payment with this message id from this sender');
    return statusReportOf(payment, reportedStatus(payment), this.clock.now());
  }

  async nameEnquiry(sender: string, request: NameEnquiry): Promise<NameEnquiryReport> {
    if (request.assigner !== sender) throw new SwitchRefusal(403, 'not_the_sender', 'The assigner must be the sender');
    const base = {
      type: 'acmt.024' as const,
      messageId: `V${randomUUID().replaceAll('-', '').slice(0, 30)}`,
      createdAt: this.clock.now(),
      originalMessageId: request.messageId,
      account: request.account,
    };
    const receiver = directoryEntry(request.assignee);
    if (!receiver || !receiver.rails.includes('NPSB')) return { ...base, verified: false, reason: { code: receiver ? 'AG03' : 'RC01' } };
    if (walletLimits[request.assignee] && !isWalletNumber(request.account)) return { ...base, verified: false, reason: { code: 'AC01' } };
    const holder = seededHolder(request.assignee, request.account);
    const refusal = holderRefusal(holder);
    if (refusal) return { ...base, verified: false, reason: { code: refusal.code } };
    return { ...base, verified: true, name: holder!.name };
  }

  async paymentReturn(sender: string, message: PaymentReturn): Promise<StatusReport> {
    const now = this.clock.now();
    const answer = (status: TransactionStatus, reason?: Reason): StatusReport => ({
      type: 'pacs.002',
      messageId: `S${message.messageId}`.slice(0, 35),
      createdAt: now,
      originalMessageId: message.messageId,
      originalMessageType: 'pacs.004',
      originalEndToEndId: message.originalEndToEndId,
      status,
      ...(reason ? { reason } : {}),
    });
    if (message.instructingAgent !== sender) return answer('RJCT', { code: 'RC01', text: 'The instructing agent must be the sender' });
    return this.db.transaction(async (tx) => {
      if (await store.returnByMessage(tx, sender, message.messageId)) return answer('ACSC');
      const payment = await store.paymentByMessage(tx, message.instructedAgent, message.originalMessageId);
      if (!payment || payment.creditorAgent !== sender || payment.endToEndId !== message.originalEndToEndId)
        return answer('RJCT', { code: 'MS03', text: 'No payment to the sender matches the original message' });
      if (payment.status !== 'ACSC') return answer('RJCT', { code: 'MS03', text: 'Only a settled payment, not yet returned, can be returned' });
      if (payment.amountPoisha !== message.amountPoisha) return answer('RJCT', { code: 'MS03', text: 'A return must be of the whole amount' });
      if (payment.rail === 'BEFTN' && payment.sessionId && now >= beftnReturnDeadline(beftnSessionById(payment.sessionId))) {
        return answer('RJCT', { code: 'TM01', text: 'A BEFTN return must come within the two sessions after settlement' });
      }
      await this.returnPayment(tx, payment, { messageId: message.messageId, returnId: message.returnId, reason: message.reason }, now);
      return answer('ACSC');
    });
  }

  async statement(sender: string, request: StatementRequest): Promise<Statement> {
    if (request.participant !== sender) throw new SwitchRefusal(403, 'not_the_sender', 'A participant may ask only for its own statement');
    return this.statementOf(sender, request.from, request.to);
  }

  async statementOf(participant: string, from: Date, to: Date): Promise<Statement> {
    const opening = await store.positionAt(this.db, participant, from);
    const entries = await store.entriesBetween(this.db, participant, from, to);
    const closing = entries.reduce((sum, entry) => sum + entry.amountPoisha, opening);
    return {
      type: 'camt.053',
      messageId: `T${randomUUID().replaceAll('-', '').slice(0, 30)}`,
      createdAt: this.clock.now(),
      statementId: `${participant}-${from.toISOString().slice(0, 16)}`.slice(0, 35),
      participant,
      from,
      to,
      openingPoisha: opening,
      closingPoisha: closing,
      entries: entries.map((entry) => ({
        amountPoisha: entry.amountPoisha < 0n ? -entry.amountPoisha : entry.amountPoisha,
        direction: entry.amountPoisha < 0n ? 'DBIT' : 'CRDT',
        bookedAt: entry.bookedAt,
        rail: entry.rail,
        kind: entry.kind,
        messageId: entry.messageId,
        endToEndId: entry.endToEndId,
        clearingReference: entry.paymentReference,
      })),
    };
  }

  /** An inward credit from a simulated bank or wallet to a live participant, delivered by the next ticks. */
  async injectInward(input: {
    to: string;
    account: string;
    name: string;
    amountPoisha: bigint;
    rail: Rail;
    from: string;
    debtorName: string;
    debtorAccount: string;
    remittanceInformation?: string;
  }): Promise<{ reference: string; messageId: string; endToEndId: string }> {
    if (!this.isLive(input.to)) throw new SwitchRefusal(404, 'unknown_participant', 'The receiver is not a participant with an inbound address');
    if (!directoryEntry(input.from) || this.isLive(input.from)) throw new SwitchRefusal(404, 'unknown_sender', 'The sender must be a bank or wallet the switch simulates');
    const now = this.clock.now();
    const id = randomUUID().replaceAll('-', '').slice(0, 24);
    const message: CreditTransfer = {
      type: 'pacs.008',
      messageId: `M${id}`,
      createdAt: now,
      rail: input.rail,
      endToEndId: `E${id}`,
      transactionId: `X${id}`,
      amountPoisha: input.amountPoisha,
      debtor: { name: input.debtorName, account: input.debtorAccount },
      debtorAgent: input.from,
      creditor: { name: input.name, account: input.account },
      creditorAgent: input.to,
      ...(input.remittanceInformation ? { remittanceInformation: input.remittanceInformation } : {}),
    };
    const xml = buildMessage(message);
    parseMessage(xml);
    const session = input.rail === 'BEFTN' ? beftnSessionFor(now) : undefined;
    const reference = await this.db.transaction(async (tx) => {
      const payment: store.PaymentRow = {
        reference: await store.nextPaymentReference(tx, dhakaDate(now)),
        debtorAgent: input.from,
        messageId: message.messageId,
        endToEndId: message.endToEndId,
        rail: input.rail,
        creditorAgent: input.to,
        creditorAccount: input.account,
        amountPoisha: input.amountPoisha,
        status: 'ACSP',
        reasonCode: null,
        reasonText: null,
        sessionId: session?.id ?? null,
        receivedAt: now,
        settledAt: null,
        outOfOrder: false,
        requestXml: xml,
      };
      await store.insertPayment(tx, payment);
      await this.deliver(tx, input.to, xml, 'pacs.008', message.messageId, session?.closesAt ?? now, payment.reference);
      return payment.reference;
    });
    return { reference, messageId: message.messageId, endToEndId: message.endToEndId };
  }

  async books(): Promise<{ positions: Record<string, string>; sumPoisha: bigint }> {
    const all = await store.positions(this.db);
    let sum = 0n;
    for (const value of all.values()) sum += value;
    return { positions: Object.fromEntries([...all].map(([participant, value]) => [participant, value.toString()])), sumPoisha: sum };
  }

  paymentByMessage(debtorAgent: string, messageId: string): Promise<store.PaymentRow | undefined> {
    return store.paymentByMessage(this.db, debtorAgent, messageId);
  }

  messagesOf(participant: string) {
    return store.messagesOf(this.db, participant);
  }

  pendingJobs(): Promise<number> {
    return store.pendingJobCount(this.db);
  }

  /** Settles closed BEFTN sessions and runs the jobs now due; one tick at a time. */
  tick(): Promise<void> {
    this.ticking ??= this.runTick().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  private async runTick(): Promise<void> {
    if (this.faults.isDown()) return;
    const now = this.clock.now();
    await store.forgetNoncesBefore(this.db, new Date(Date.now() - 2 * signatureFreshnessMs));
    for (const payment of await store.beftnPaymentsAwaitingSettlement(this.db)) {
      if (this.isLive(payment.creditorAgent) || beftnSessionById(payment.sessionId!).closesAt > now) continue;
      await this.db.transaction(async (tx) => {
        await this.book(tx, payment, now);
        await this.notifyStatus(tx, { ...payment, status: 'ACSC' }, now);
        await this.returnWhatCannotBePosted(tx, payment, now);
      });
    }
    for (const job of await store.dueJobs(this.db, now, jobsPerTick)) {
      if (job.kind === 'return') await this.runReturnJob(job.id, job.payload, now);
      else await this.runDelivery(job.id, job.participant, job.attempts, job.payload);
    }
  }

  /**
   * A simulated bank posts a settled BEFTN credit as a real one does, after the session: an
   * account it does not have, cannot credit, or holds under another name sends the money back, as
   * a return in the next session (well inside the two BEFTN allows), with the reason.
   */
  private async returnWhatCannotBePosted(tx: store.Executor, payment: store.PaymentRow, now: Date): Promise<void> {
    const refusal = await this.receiverRefusal(tx, parseMessageOf(payment.requestXml, 'pacs.008'), now);
    if (!refusal) return;
    const nextSession = nextBeftnSession(beftnSessionById(payment.sessionId!));
    await store.enqueueJob(tx, {
      kind: 'return',
      participant: payment.debtorAgent,
      dueAt: new Date(Math.max(now.getTime(), nextSession.closesAt.getTime())),
      payload: { paymentReference: payment.reference, reasonCode: refusal.code, ...(refusal.text ? { reasonText: refusal.text } : {}) },
    });
  }

  private async runReturnJob(id: number, payload: store.ReturnPayload, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const payment = await store.paymentByReference(tx, payload.paymentReference);
      if (payment?.status === 'ACSC') {
        const reason = { code: payload.reasonCode as ReasonCode, text: payload.reasonText ?? reasonCodes[payload.reasonCode as ReasonCode] };
        await this.returnPayment(tx, payment, { messageId: `R${payment.reference}`, returnId: `RT${payment.reference}`, reason }, now);
      }
      await store.finishJob(tx, id, now);
    });
  }

  private async runDelivery(id: number, participant: string, attempts: number, payload: store.DeliverPayload): Promise<void> {
    const config = this.participants.get(participant);
    try {
      if (!config?.inboundUrl) throw new Error('The participant has no inbound address');
      const response = await this.post(config.inboundUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/xml', ...signMessage({ sender: switchSenderId, key: config.key, body: payload.xml }) },
        body: payload.xml,
        signal: AbortSignal.timeout(deliveryTimeoutMs),
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`The participant answered ${response.status}`);
      await this.record(participant, 'sent', payload.xml, payload.messageType, payload.messageId);
      if (payload.messageType === 'pacs.008' && payload.paymentReference) await this.applyAnswer(participant, config.key, response.headers, body, payload.paymentReference);
      await store.finishJob(this.db, id, this.clock.now());
    } catch (error) {
      const delayMs = Math.min(retryDelayMaxMs, 1000 * 2 ** attempts);
      await store.retryJob(this.db, id, new Date(this.clock.now().getTime() + delayMs), error instanceof Error ? error.message : String(error));
    }
  }

  /** The receiver's signed pacs.002 for a delivered payment settles or rejects it, once. */
  private async applyAnswer(participant: string, key: string, headers: Headers, body: string, reference: string): Promise<void> {
    const check = await verifyMessage({
      headers: Object.fromEntries(headers.entries()),
      body,
      keyOf: (sender) => (sender === participant ? key : undefined),
      rememberNonce: (sender, nonce) => this.rememberNonce(sender, nonce),
      now: new Date(),
    });
    if (!check.ok) throw new Error(`The participant's answer is not signed right (${check.reason})`);
    const answer = parseMessageOf(body, 'pacs.002');
    await this.record(participant, 'received', body, 'pacs.002', answer.messageId);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const payment = await store.paymentByReference(tx, reference);
      if (!payment || payment.status !== 'ACSP' || answer.originalMessageId !== payment.messageId) return;
      if (answer.status === 'ACSC') {
        await this.book(tx, payment, now);
        await this.notifyStatus(tx, { ...payment, status: 'ACSC' }, now);
      } else if (answer.status === 'RJCT') {
        await store.setPaymentStatus(tx, reference, { status: 'RJCT', reasonCode: answer.reason?.code ?? 'MS03', ...(answer.reason?.text ? { reasonText: answer.reason.text } : {}) });
        await this.notifyStatus(tx, { ...payment, status: 'RJCT', reasonCode: answer.reason?.code ?? 'MS03', reasonText: answer.reason?.text ?? null }, now);
      }
    });
  }

  private async book(tx: store.Executor, payment: store.PaymentRow, now: Date): Promise<void> {
    await store.bookMovement(tx, {
      payer: payment.debtorAgent,
      payee: payment.creditorAgent,
      amountPoisha: payment.amountPoisha,
      kind: 'payment',
      paymentReference: payment.reference,
      messageId: payment.messageId,
      endToEndId: payment.endToEndId,
      rail: payment.rail,
      at: now,
    });
    await store.setPaymentStatus(tx, payment.reference, { status: 'ACSC', settledAt: now });
  }

  private async returnPayment(tx: store.Executor, payment: store.PaymentRow, input: { messageId: string; returnId: string; reason: Reason }, now: Date): Promise<void> {
    await store.bookMovement(tx, {
      payer: payment.creditorAgent,
      payee: payment.debtorAgent,
      amountPoisha: payment.amountPoisha,
      kind: 'return',
      paymentReference: payment.reference,
      messageId: input.messageId,
      endToEndId: payment.endToEndId,
      rail: payment.rail,
      at: now,
    });
    await store.setPaymentStatus(tx, payment.reference, { status: 'RTND' });
    await store.insertReturn(tx, {
      reference: payment.reference,
      instructingAgent: payment.creditorAgent,
      messageId: input.messageId,
      returnId: input.returnId,
      reasonCode: input.reason.code,
      ...(input.reason.text ? { reasonText: input.reason.text } : {}),
      at: now,
    });
    if (!this.isLive(payment.debtorAgent)) return;
    const xml = buildMessage({
      type: 'pacs.004',
      messageId: input.messageId,
      createdAt: now,
      rail: payment.rail,
      returnId: input.returnId,
      originalMessageId: payment.messageId,
      originalEndToEndId: payment.endToEndId,
      amountPoisha: payment.amountPoisha,
      reason: input.reason,
      instructingAgent: payment.creditorAgent,
      instructedAgent: payment.debtorAgent,
    });
    await this.deliver(tx, payment.debtorAgent, xml, 'pacs.004', input.messageId, now);
  }

  /** Tells a live sender its payment's final status; after an out-of-order fault, a stale ACSP follows it. */
  private async notifyStatus(tx: store.Executor, payment: store.PaymentRow, now: Date): Promise<void> {
    if (!this.isLive(payment.debtorAgent)) return;
    const final = statusReportOf(payment, payment.status === 'RTND' ? 'ACSC' : payment.status, now);
    await this.deliver(tx, payment.debtorAgent, buildMessage(final), 'pacs.002', final.messageId, now);
    if (payment.outOfOrder) {
      const stale = statusReportOf(payment, 'ACSP', payment.receivedAt);
      // Due at the same moment, it goes out after the final report: jobs run in (due, id) order.
      await this.deliver(tx, payment.debtorAgent, buildMessage(stale), 'pacs.002', stale.messageId, now);
    }
  }

  private async deliver(tx: store.Executor, participant: string, xml: string, messageType: string, messageId: string, dueAt: Date, paymentReference?: string): Promise<void> {
    const payload: store.DeliverPayload = { xml, messageType, messageId, ...(paymentReference ? { paymentReference } : {}) };
    const copies = this.faults.takeDuplicate() ? 2 : 1;
    for (let copy = 0; copy < copies; copy += 1) await store.enqueueJob(tx, { kind: 'deliver', participant, dueAt, payload });
  }
}

function holderRefusal(holder: ReturnType<typeof seededHolder>): Reason | undefined {
  if (!holder) return { code: 'AC01', text: 'No account with this number' };
  if (holder.status === 'closed') return { code: 'AC04', text: 'The account is closed' };
  if (holder.status === 'blocked') return { code: 'AC06', text: 'The account is blocked' };
  return undefined;
}

function sameInstruction(left: CreditTransfer, right: CreditTransfer): boolean {
  return (
    left.endToEndId === right.endToEndId &&
    left.amountPoisha === right.amountPoisha &&
    left.rail === right.rail &&
    left.creditorAgent === right.creditorAgent &&
    left.creditor.account === right.creditor.account
  );
}

function reportedStatus(payment: store.PaymentRow): TransactionStatus {
  return payment.status === 'RTND' ? 'ACSC' : payment.status;
}

/** One status of one payment has one message id, so a resent or re-asked answer is recognisably the same. */
export function statusReportOf(payment: store.PaymentRow, status: TransactionStatus, at: Date): StatusReport {
  return {
    type: 'pacs.002',
    messageId: `${payment.reference}${status}`,
    createdAt: at,
    originalMessageId: payment.messageId,
    originalMessageType: 'pacs.008',
    originalEndToEndId: payment.endToEndId,
    status,
    ...(status === 'RJCT' ? { reason: { code: (payment.reasonCode ?? 'MS03') as ReasonCode, ...(payment.reasonText ? { text: payment.reasonText } : {}) } } : {}),
    clearingReference: payment.reference,
  };
}

function rejectionOf(message: CreditTransfer, reason: Reason, at: Date): StatusReport {
  return {
    type: 'pacs.002',
    messageId: `J${randomUUID().replaceAll('-', '').slice(0, 30)}`,
    createdAt: at,
    originalMessageId: message.messageId,
    originalMessageType: 'pacs.008',
    originalEndToEndId: message.endToEndId,
    status: 'RJCT',
    reason,
  };
}

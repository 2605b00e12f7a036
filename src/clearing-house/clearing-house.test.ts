import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startClearingHouse, type ClearingHouse } from './clearing-house';
import { Clock } from './clock';
import type { CreditTransfer, Message, NameEnquiryReport, StatusReport } from './protocol/messages';
import { signatureHeaders, signMessage } from './protocol/signature';
import { sendToSwitch, startTestParticipant, type TestParticipant } from './test-participant';

const key = 'padma-shared-key-'.padEnd(40, 'x');
/** A Wednesday, 12:30 in Dhaka: RTGS open, BEFTN's second session. */
const wednesdayNoon = new Date('2026-11-25T12:30:00+06:00');

let house: ClearingHouse;
let padma: TestParticipant;

function transfer(change: Partial<CreditTransfer> = {}): CreditTransfer {
  const id = randomUUID().replaceAll('-', '').slice(0, 20);
  return {
    type: 'pacs.008',
    messageId: `P${id}`,
    createdAt: new Date(),
    rail: 'NPSB',
    endToEndId: `E${id}`,
    transactionId: `T${id}`,
    amountPoisha: 1_500_00n,
    debtor: { name: 'Karim Hossain', account: '1002003004' },
    debtorAgent: 'PADMA',
    creditor: { name: 'Rahim Uddin', account: '1011100012345' },
    creditorAgent: 'DBBL',
    ...change,
  };
}

async function send(message: Message | string, options: Parameters<typeof sendToSwitch>[4] = {}) {
  return sendToSwitch(house.url, 'PADMA', key, message, options);
}

async function pay(change: Partial<CreditTransfer> = {}): Promise<StatusReport> {
  const answer = await send(transfer(change));
  expect(answer.status).toBe(200);
  return answer.message as StatusReport;
}

async function books(): Promise<{ positions: Record<string, string>; sumPoisha: string }> {
  return (await fetch(`${house.url}/control/books`)).json() as Promise<{ positions: Record<string, string>; sumPoisha: string }>;
}

async function control(path: string, body: unknown): Promise<Response> {
  return fetch(`${house.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function settleDeliveries(): Promise<void> {
  await house.tick();
  await house.tick();
}

beforeAll(async () => {
  padma = await startTestParticipant('PADMA', key);
  house = await startClearingHouse({
    participants: { PADMA: { key, inboundUrl: padma.inboundUrl, netDebitCapPoisha: 10_000_000_00n } },
    embedded: true,
    mode: 'test',
    clock: new Clock({ at: wednesdayNoon, frozen: true }),
    tickMs: false,
    timeoutHoldMs: 2_000,
  });
});

afterAll(async () => {
  await house?.close();
  await padma?.close();
});

beforeEach(async () => {
  house.clearing.faults.clear();
  house.clearing.clock.set(wednesdayNoon, true);
  padma.received.length = 0;
  padma.refuse = () => undefined;
  await settleDeliveries();
  padma.received.length = 0;
});

describe('the clearing house: name enquiry', () => {
  async function enquire(assignee: string, account: string): Promise<NameEnquiryReport> {
    const answer = await send({ type: 'acmt.023', messageId: `N${randomUUID().slice(0, 20)}`, createdAt: new Date(), assigner: 'PADMA', assignee, account });
    return answer.message as NameEnquiryReport;
  }

  it('answers the holder’s name, or why there is none', async () => {
    expect(await enquire('BKASH', '01711000001')).toMatchObject({ verified: true, name: 'Karima Begum' });
    expect(await enquire('DBBL', '1011100012345')).toMatchObject({ verified: true, name: 'Rahim Uddin' });
    expect(await enquire('BKASH', '01711000002')).toMatchObject({ verified: false, reason: { code: 'AC06' } });
    expect(await enquire('DBBL', '1011100099999')).toMatchObject({ verified: false, reason: { code: 'AC04' } });
    expect(await enquire('NAGAD', '01899999999')).toMatchObject({ verified: false, reason: { code: 'AC01' } });
    expect(await enquire('NAGAD', '1234')).toMatchObject({ verified: false, reason: { code: 'AC01' } });
    expect(await enquire('BKB', '0300100012345')).toMatchObject({ verified: false, reason: { code: 'AG03' } });
  });
});

describe('the clearing house: NPSB and the books', () => {
  it('settles an NPSB payment at once, moves both positions, and keeps their sum at zero', async () => {
    const before = await books();
    const answer = await pay({ amountPoisha: 2_500_50n });
    expect(answer).toMatchObject({ status: 'ACSC' });
    expect(answer.clearingReference).toMatch(/^CH20261125\d{8}$/);
    const after = await books();
    expect(BigInt(after.positions.PADMA!) - BigInt(before.positions.PADMA ?? '0')).toBe(-2_500_50n);
    expect(BigInt(after.positions.DBBL!) - BigInt(before.positions.DBBL ?? '0')).toBe(2_500_50n);
    expect(after.sumPoisha).toBe('0');
  });

  it('answers a resent payment with its first answer and books it once; another payment under the same id is refused', async () => {
    const message = transfer();
    const first = (await send(message)).message as StatusReport;
    const before = await books();
    const again = (await send(message)).message as StatusReport;
    expect(again).toMatchObject({ status: 'ACSC', messageId: first.messageId, clearingReference: first.clearingReference });
    expect(await books()).toEqual(before);
    const reused = (await send({ ...message, amountPoisha: 1n })).message as StatusReport;
    expect(reused).toMatchObject({ status: 'RJCT', reason: { code: 'DU01' } });
  });

  it.each([
    ['an unknown account', { creditor: { name: 'Nobody', account: '999' } }, 'AC01'],
    ['a closed account', { creditor: { name: 'Salma Akter', account: '1011100099999' } }, 'AC04'],
    ['a blocked account', { creditorAgent: 'SONALI', creditor: { name: 'Abdul Karim', account: '0002633012345' } }, 'AC06'],
    ['another name', { creditor: { name: 'Rahima Khatun', account: '1011100012345' } }, 'NARR'],
    ['a bank without NPSB', { creditorAgent: 'BKB', creditor: { name: 'Abul Kashem', account: '0300100012345' } }, 'AG03'],
    ['an unknown bank', { creditorAgent: 'NOBANK' }, 'RC01'],
    ['a payment to oneself', { creditorAgent: 'PADMA' }, 'RC01'],
    ['a wallet number that is not a mobile number', { creditorAgent: 'BKASH', creditor: { name: 'Karima Begum', account: '1011100012345' } }, 'AC01'],
    ['a wallet transfer above its limit', { creditorAgent: 'ROCKET', creditor: { name: 'Habibur Rahman', account: '01911000001' }, amountPoisha: 25_000_01n }, 'AM02'],
    ['a payment beyond the sender’s cover', { amountPoisha: 20_000_000_00n }, 'AM04'],
    ['a debtor agent that is not the sender', { debtorAgent: 'CITY' }, 'RC01'],
  ] as const)('refuses %s with its reason and books nothing', async (_case, change, code) => {
    const before = await books();
    expect(await pay(change as Partial<CreditTransfer>)).toMatchObject({ status: 'RJCT', reason: { code } });
    expect(await books()).toEqual(before);
  });

  it('pays a wallet holder within the wallet’s limits, and refuses past its daily limit', async () => {
    const holder = { creditorAgent: 'UPAY', creditor: { name: 'mitu  DAS', account: '01611000001' } };
    expect(await pay({ ...holder, amountPoisha: 25_000_00n })).toMatchObject({ status: 'ACSC' });
    expect(await pay({ ...holder, amountPoisha: 25_000_00n })).toMatchObject({ status: 'ACSC' });
    expect(await pay({ ...holder, amountPoisha: 1_00n })).toMatchObject({ status: 'RJCT', reason: { code: 'AM02' } });
  });
});

describe('the clearing house: RTGS', () => {
  const large = { rail: 'RTGS' as const, amountPoisha: 1_00_000_00n };

  it('takes at least 1,00,000 BDT from 10:00 to 17:00 on working days', async () => {
    expect(await pay(large)).toMatchObject({ status: 'ACSC' });
    expect(await pay({ ...large, amountPoisha: 99_999_99n })).toMatchObject({ status: 'RJCT', reason: { code: 'AM02' } });
    house.clearing.clock.set(new Date('2026-11-25T09:59:00+06:00'), true);
    expect(await pay(large)).toMatchObject({ status: 'RJCT', reason: { code: 'TM01' } });
    house.clearing.clock.set(new Date('2026-11-25T17:00:00+06:00'), true);
    expect(await pay(large)).toMatchObject({ status: 'RJCT', reason: { code: 'TM01' } });
    house.clearing.clock.set(new Date('2026-11-27T12:00:00+06:00'), true);
    expect(await pay(large)).toMatchObject({ status: 'RJCT', reason: { code: 'TM01', text: 'RTGS is closed on weekends and holidays' } });
    house.clearing.clock.set(new Date('2026-12-16T12:00:00+06:00'), true);
    expect(await pay(large)).toMatchObject({ status: 'RJCT', reason: { code: 'TM01' } });
  });
});

describe('the clearing house: BEFTN', () => {
  it('accepts into the open session, settles when it closes, and tells the sender', async () => {
    const before = await books();
    const answer = await pay({ rail: 'BEFTN', amountPoisha: 5_000_00n });
    expect(answer.status).toBe('ACSP');
    await settleDeliveries();
    expect(await books()).toEqual(before);
    const clock = await control('/control/clock', { at: '2026-11-25T15:00:00+06:00', frozen: true });
    expect(await clock.json()).toEqual({ now: '2026-11-25T09:00:00.000Z', frozen: true });
    await settleDeliveries();
    const after = await books();
    expect(BigInt(after.positions.PADMA!) - BigInt(before.positions.PADMA ?? '0')).toBe(-5_000_00n);
    expect(padma.received).toMatchObject([{ type: 'pacs.002', originalMessageId: expect.any(String), status: 'ACSC', clearingReference: answer.clearingReference }]);
    expect(after.sumPoisha).toBe('0');
  });

  it('checks a BEFTN credit at a bank without name enquiry when it posts it: the holder’s name stays, another name or number comes back in the next session', async () => {
    const before = await books();
    const toBkb = (name: string, account = '0300100012345') => pay({ rail: 'BEFTN', amountPoisha: 2_000_00n, creditorAgent: 'BKB', creditor: { name, account } });
    const kept = await toBkb('ABUL  kashem');
    const wrongName = await toBkb('Abul Kasem');
    const noAccount = await toBkb('Abul Kashem', '0300100099999');
    const closed = await toBkb('Rokeya Khanam', '0300100054321');
    expect([kept, wrongName, noAccount, closed].map((answer) => answer.status)).toEqual(['ACSP', 'ACSP', 'ACSP', 'ACSP']);
    house.clearing.clock.set(new Date('2026-11-25T15:00:00+06:00'), true);
    await settleDeliveries();
    expect(padma.received.map((message) => message.type)).toEqual(['pacs.002', 'pacs.002', 'pacs.002', 'pacs.002']);
    expect(BigInt((await books()).positions.PADMA!) - BigInt(before.positions.PADMA ?? '0')).toBe(-4n * 2_000_00n);
    house.clearing.clock.set(new Date('2026-11-26T00:00:00+06:00'), true);
    await settleDeliveries();
    const returns = padma.received.filter((message) => message.type === 'pacs.004');
    expect(returns.map((message) => [message.originalMessageId, message.reason.code])).toEqual(
      expect.arrayContaining([
        [wrongName.originalMessageId, 'NARR'],
        [noAccount.originalMessageId, 'AC01'],
        [closed.originalMessageId, 'AC04'],
      ]),
    );
    expect(returns).toHaveLength(3);
    const after = await books();
    expect(BigInt(after.positions.PADMA!) - BigInt(before.positions.PADMA ?? '0')).toBe(-2_000_00n);
    expect(after.sumPoisha).toBe('0');
  });

  it('takes a participant’s return of an inward BEFTN credit within two sessions, not after', async () => {
    const inward = async () => {
      const response = await control('/control/inward', { to: 'PADMA', account: '1002003004', name: 'Karim Hossain', amount: '750.25', rail: 'BEFTN' });
      expect(response.status).toBe(200);
      return (await response.json()) as { reference: string; messageId: string; endToEndId: string };
    };
    const returnOf = (credit: { messageId: string; endToEndId: string }) =>
      send({
        type: 'pacs.004',
        messageId: `R${randomUUID().slice(0, 20)}`,
        createdAt: new Date(),
        rail: 'BEFTN',
        returnId: 'RT1',
        originalMessageId: credit.messageId,
        originalEndToEndId: credit.endToEndId,
        amountPoisha: 750_25n,
        reason: { code: 'AC04' },
        instructingAgent: 'PADMA',
        instructedAgent: 'DBBL',
      });
    const kept = await inward();
    const returned = await inward();
    const before = await books();
    house.clearing.clock.set(new Date('2026-11-25T15:00:00+06:00'), true);
    await settleDeliveries();
    expect(padma.received.filter((message) => message.type === 'pacs.008')).toHaveLength(2);
    expect(BigInt((await books()).positions.PADMA!) - BigInt(before.positions.PADMA ?? '0')).toBe(2n * 750_25n);
    house.clearing.clock.set(new Date('2026-11-25T23:00:00+06:00'), true);
    expect((await returnOf(returned)).message).toMatchObject({ status: 'ACSC', originalMessageType: 'pacs.004' });
    expect(BigInt((await books()).positions.PADMA!) - BigInt(before.positions.PADMA ?? '0')).toBe(750_25n);
    house.clearing.clock.set(new Date('2026-11-26T12:00:00+06:00'), true);
    expect((await returnOf(kept)).message).toMatchObject({ status: 'RJCT', reason: { code: 'TM01' } });
    expect((await books()).sumPoisha).toBe('0');
  });
});

describe('the clearing house: inward credits', () => {
  it('delivers an injected credit, books it when accepted, and not when the participant refuses', async () => {
    const before = await books();
    await control('/control/inward', { to: 'PADMA', account: '1002003004', name: 'Karim Hossain', amount: 100, from: 'BKASH', debtorAccount: '01711000001', debtorName: 'Karima Begum' });
    await settleDeliveries();
    padma.refuse = () => ({ code: 'AC01' });
    await control('/control/inward', { to: 'PADMA', account: '999', name: 'Nobody', amount: 200 });
    await settleDeliveries();
    expect(padma.received.map((message) => message.type)).toEqual(['pacs.008', 'pacs.008']);
    const after = await books();
    expect(BigInt(after.positions.PADMA!) - BigInt(before.positions.PADMA ?? '0')).toBe(100_00n);
    expect(BigInt(after.positions.BKASH!) - BigInt(before.positions.BKASH ?? '0')).toBe(-100_00n);
  });

  it('refuses an inward credit with a bad amount or receiver, naming the field', async () => {
    const badAmount = await control('/control/inward', { to: 'PADMA', account: '1', name: 'A', amount: '1.001' });
    expect(badAmount.status).toBe(400);
    expect(await badAmount.json()).toMatchObject({ field: 'amount' });
    expect((await control('/control/inward', { to: 'CITY', account: '1', name: 'A', amount: 1 })).status).toBe(404);
  });
});

describe('the clearing house: faults', () => {
  it('delays its answer', async () => {
    await control('/control/faults', { kind: 'delay', ms: 600 });
    const started = Date.now();
    expect(await pay()).toMatchObject({ status: 'ACSC' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    const again = Date.now();
    await pay();
    expect(Date.now() - again).toBeLessThan(600);
  });

  it('keeps the payment but never answers on a timeout: an enquiry and a late report tell the outcome', async () => {
    await control('/control/faults', { kind: 'timeout' });
    const message = transfer();
    await expect(send(message, { signal: AbortSignal.timeout(500) })).rejects.toThrow();
    const enquiry = await send({ type: 'pacs.028', messageId: `Q${randomUUID().slice(0, 20)}`, createdAt: new Date(), originalMessageId: message.messageId });
    expect(enquiry.message).toMatchObject({ type: 'pacs.002', status: 'ACSC', originalMessageId: message.messageId });
    await settleDeliveries();
    expect(padma.received).toMatchObject([{ type: 'pacs.002', status: 'ACSC', originalMessageId: message.messageId }]);
    const unknown = await send({ type: 'pacs.028', messageId: `Q${randomUUID().slice(0, 20)}`, createdAt: new Date(), originalMessageId: 'never-sent' });
    expect(unknown).toMatchObject({ status: 404, json: { error: 'unknown_message' } });
  });

  it('rejects with the reason it is given, for the rail it is given', async () => {
    await control('/control/faults', { kind: 'reject', reason: 'AM04', rail: 'RTGS' });
    expect(await pay()).toMatchObject({ status: 'ACSC' });
    expect(await pay({ rail: 'RTGS', amountPoisha: 2_00_000_00n })).toMatchObject({ status: 'RJCT', reason: { code: 'AM04' } });
    expect(await pay({ rail: 'RTGS', amountPoisha: 2_00_000_00n })).toMatchObject({ status: 'ACSC' });
  });

  it('accepts, then returns the payment later and delivers the pacs.004', async () => {
    await control('/control/faults', { kind: 'return-later', reason: 'AC04', afterSeconds: 120 });
    const before = await books();
    const answer = await pay({ amountPoisha: 300_00n });
    expect(answer.status).toBe('ACSC');
    await settleDeliveries();
    expect(padma.received).toEqual([]);
    await control('/control/clock', { advanceMs: 120_000 });
    await settleDeliveries();
    expect(padma.received).toMatchObject([{ type: 'pacs.004', originalEndToEndId: answer.originalEndToEndId, amountPoisha: 300_00n, reason: { code: 'AC04' }, instructedAgent: 'PADMA' }]);
    expect(await books()).toEqual(before);
    const enquiry = await send({ type: 'pacs.028', messageId: `Q${randomUUID().slice(0, 20)}`, createdAt: new Date(), originalMessageId: answer.originalMessageId });
    expect(enquiry.message).toMatchObject({ status: 'ACSC' });
  });

  it('delivers a message twice on a duplicate fault, and the books count it once', async () => {
    await control('/control/faults', { kind: 'duplicate' });
    const before = await books();
    await control('/control/inward', { to: 'PADMA', account: '1002003004', name: 'Karim Hossain', amount: 10 });
    await settleDeliveries();
    const deliveries = padma.received.filter((message) => message.type === 'pacs.008');
    expect(deliveries).toHaveLength(2);
    expect(deliveries[0]).toEqual(deliveries[1]);
    expect(BigInt((await books()).positions.PADMA!) - BigInt(before.positions.PADMA ?? '0')).toBe(10_00n);
  });

  it('sends the statuses out of order: the final one, then a stale interim one', async () => {
    await control('/control/faults', { kind: 'out-of-order' });
    const answer = await pay();
    expect(answer.status).toBe('ACSP');
    await settleDeliveries();
    expect(padma.received.map((message) => (message as StatusReport).status)).toEqual(['ACSC', 'ACSP']);
  });

  it('is down for the seconds it is told, then answers again', async () => {
    await control('/control/down', { seconds: 1 });
    expect((await send(transfer())).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await pay()).toMatchObject({ status: 'ACSC' });
  });

  it('refuses a fault it does not know, naming the field', async () => {
    const response = await control('/control/faults', { kind: 'reject', reason: 'ZZ01' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'reason' });
  });
});

describe('the clearing house: authentication', () => {
  it('refuses unsigned, wrongly signed, stale, replayed and unknown senders’ messages', async () => {
    const body = (await import('./protocol/messages')).buildMessage(transfer());
    const signed = signMessage({ sender: 'PADMA', key, body });
    const expectRefused = async (headers: Record<string, string>, reason: string) => {
      expect(await send(body, { headers })).toMatchObject({ status: 401, json: { error: reason } });
    };
    await expectRefused({}, 'unsigned');
    await expectRefused(signMessage({ sender: 'PADMA', key: 'w'.repeat(40), body }), 'bad_signature');
    await expectRefused({ ...signed, [signatureHeaders.signature]: signed[signatureHeaders.signature].replace(/^./, (c) => (c === '0' ? '1' : '0')) }, 'bad_signature');
    await expectRefused(signMessage({ sender: 'PADMA', key, body, now: new Date(Date.now() - 10 * 60_000) }), 'stale');
    await expectRefused(signMessage({ sender: 'CITY', key, body }), 'unknown_sender');
    expect((await send(body, { headers: signed })).status).toBe(200);
    await expectRefused(signed, 'replayed');
  });

  it('refuses a malformed message, naming the element', async () => {
    const answer = await send('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.028.001.03"><FIToFIPmtStsReq><GrpHdr/></FIToFIPmtStsReq></Document>');
    expect(answer).toMatchObject({ status: 400, json: { error: 'invalid_message', field: '/Document/FIToFIPmtStsReq/GrpHdr/MsgId' } });
  });
});

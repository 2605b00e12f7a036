import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../../clearing-house/clock';
import type { CreditTransfer, NameEnquiryReport, StatusReport } from '../../../clearing-house/protocol/messages';
import { startTestSwitch, type TestSwitch } from '../../test-support/clearing';
import { clearingClient, newMessageId, type ClearingClient, type ExchangeOutcome } from './clearing-client';

const key = 'padma-clearing-client-key-'.padEnd(40, 'k');
/** A Wednesday, 12:30 in Dhaka. */
const wednesdayNoon = new Date('2026-11-25T12:30:00+06:00');

let testSwitch: TestSwitch;
let client: ClearingClient;

function payment(change: Partial<CreditTransfer> = {}): CreditTransfer {
  const messageId = newMessageId('PADMA');
  return {
    type: 'pacs.008',
    messageId,
    createdAt: new Date(),
    rail: 'NPSB',
    endToEndId: `E${messageId.slice(-20)}`,
    transactionId: `T${messageId.slice(-20)}`,
    amountPoisha: 2_500_00n,
    debtor: { name: 'Nasima Begum', account: '2089827254211' },
    debtorAgent: 'PADMA',
    creditor: { name: 'Rahim Uddin', account: '1011100012345' },
    creditorAgent: 'DBBL',
    ...change,
  };
}

const answered = <T>(outcome: ExchangeOutcome) => {
  if (outcome.kind !== 'answered') throw new Error(`expected an answer, got ${JSON.stringify(outcome)}`);
  return outcome.answer as T;
};
beforeAll(async () => {
  testSwitch = await startTestSwitch(key, new Clock({ at: wednesdayNoon, frozen: true }));
  client = testSwitch.client;
});

afterEach(async () => {
  await testSwitch.control('DELETE', 'faults');
});

afterAll(async () => {
  await testSwitch.house.close();
});

describe('the bank’s wire to the clearing house', () => {
  it('makes message ids within ISO 20022’s 35 characters, each one new', () => {
    const ids = new Set(Array.from({ length: 1_000 }, () => newMessageId('PADMA')));
    expect(ids.size).toBe(1_000);
    for (const id of ids) expect(id).toMatch(/^PADMA\d{14}[0-9a-f]{16}$/);
  });

  it('asks a receiver’s name and keeps both messages as sent and received', async () => {
    const exchange = await client.exchange({ type: 'acmt.023', messageId: newMessageId('PADMA'), createdAt: new Date(), assigner: 'PADMA', assignee: 'BKASH', account: '01711000001' });
    expect(answered<NameEnquiryReport>(exchange.outcome)).toMatchObject({ type: 'acmt.024', verified: true, name: 'Karima Begum' });
    expect(exchange.sentXml).toContain('01711000001');
    expect(exchange.outcome.kind === 'answered' && exchange.outcome.answerXml).toContain('Karima Begum');
  });

  it('sends a payment and reads its settlement or its refusal with the reason', async () => {
    expect(answered<StatusReport>((await client.exchange(payment())).outcome)).toMatchObject({ status: 'ACSC' });
    const wrongName = await client.exchange(payment({ creditor: { name: 'Someone Else', account: '1011100012345' } }));
    expect(answered<StatusReport>(wrongName.outcome)).toMatchObject({ status: 'RJCT', reason: { code: 'NARR' } });
  });

  it('counts a payment as unknown when no answer comes in time, and a status request then tells what happened', async () => {
    await testSwitch.control('POST', 'faults', { kind: 'timeout' });
    const sent = payment();
    expect((await client.exchange(sent)).outcome).toEqual({ kind: 'unknown', cause: 'timeout' });
    const status = await client.exchange({ type: 'pacs.028', messageId: newMessageId('PADMA'), createdAt: new Date(), originalMessageId: sent.messageId });
    expect(answered<StatusReport>(status.outcome)).toMatchObject({ originalMessageId: sent.messageId, status: 'ACSC' });
  });

  it('hears from a status request that the switch never received a payment', async () => {
    const never = await client.exchange({ type: 'pacs.028', messageId: newMessageId('PADMA'), createdAt: new Date(), originalMessageId: newMessageId('PADMA') });
    expect(never.outcome).toMatchObject({ kind: 'refused', httpStatus: 404, error: 'unknown_message' });
  });

  it('counts the switch being down as unknown, not as a refusal', async () => {
    await testSwitch.control('POST', 'down', { seconds: 2 });
    expect((await client.exchange(payment())).outcome).toEqual({ kind: 'unknown', cause: 'switch_down' });
  });

  it('is refused when it signs with a key the switch does not share', async () => {
    const impostor = clearingClient({ url: testSwitch.house.url, participant: 'PADMA', key: 'not-the-shared-key-'.padEnd(40, 'z'), answerTimeoutMs: 1_000 }, testSwitch.rememberNonce);
    expect((await impostor.exchange(payment())).outcome).toMatchObject({ kind: 'refused', httpStatus: 401, error: 'bad_signature' });
  });

  it('believes no answer signed with a nonce it has seen before', async () => {
    const replaying = clearingClient({ url: testSwitch.house.url, participant: 'PADMA', key, answerTimeoutMs: 1_000 }, () => Promise.resolve(false));
    expect((await replaying.exchange(payment())).outcome).toEqual({ kind: 'unknown', cause: 'unreadable_answer' });
  });

  it('counts a switch it cannot reach as unknown', async () => {
    const nowhere = clearingClient({ url: 'http://127.0.0.1:9', participant: 'PADMA', key, answerTimeoutMs: 1_000 }, testSwitch.rememberNonce);
    expect((await nowhere.exchange(payment())).outcome).toEqual({ kind: 'unknown', cause: 'unreachable' });
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../tests/support/free-port';
import { startClearingHouse } from './clearing-house';
import { Clock } from './clock';
import type { NameEnquiryReport, Statement, StatusReport } from './protocol/messages';
import { signMessage } from './protocol/signature';
import { sendToSwitch, startTestParticipant, type TestParticipant } from './test-participant';

const key = 'process-test-key-'.padEnd(48, 'z');
const dhakaNoon = new Date('2026-11-25T12:30:00+06:00');
let dataRoot: string;

beforeAll(() => {
  dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'clearing-house-'));
});

afterAll(() => {
  fs.rmSync(dataRoot, { recursive: true, force: true });
});

function transferTo(creditorAgent: string, account: string, name: string, amountPoisha: bigint) {
  const id = randomUUID().replaceAll('-', '').slice(0, 20);
  return {
    type: 'pacs.008' as const,
    messageId: `P${id}`,
    createdAt: new Date(),
    rail: 'NPSB' as const,
    endToEndId: `E${id}`,
    transactionId: `T${id}`,
    amountPoisha,
    debtor: { name: 'Karim Hossain', account: '1002003004' },
    debtorAgent: 'PADMA',
    creditor: { name, account },
    creditorAgent,
  };
}

describe('the clearing house after a restart', () => {
  it('keeps its books, its payments, its pending deliveries and the nonces it has seen', async () => {
    const dataDir = path.join(dataRoot, 'in-process');
    const participant = await startTestParticipant('PADMA', key);
    const options = { participants: { PADMA: { key, inboundUrl: participant.inboundUrl } }, port: 0, dataDir, mode: 'test' as const, tickMs: false as const };
    const first = await startClearingHouse({ ...options, clock: new Clock({ at: dhakaNoon, frozen: true }) });
    const payment = transferTo('CITY', '2301234567001', 'Nusrat Jahan', 12_345_67n);
    const body = (await import('./protocol/messages')).buildMessage(payment);
    const headers = signMessage({ sender: 'PADMA', key, body });
    const answer = await sendToSwitch(first.url, 'PADMA', key, body, { headers });
    expect(answer.message).toMatchObject({ status: 'ACSC' });
    const beftn = await sendToSwitch(first.url, 'PADMA', key, { ...transferTo('CITY', '2301234567001', 'Nusrat Jahan', 50_00n), rail: 'BEFTN' });
    expect(beftn.message).toMatchObject({ status: 'ACSP' });
    const books = await (await fetch(`${first.url}/control/books`)).json();
    await first.close();

    const second = await startClearingHouse({ ...options, clock: new Clock({ at: new Date('2026-11-25T15:00:00+06:00'), frozen: true }) });
    try {
      expect(await (await fetch(`${second.url}/control/books`)).json()).toEqual(books);
      expect(await sendToSwitch(second.url, 'PADMA', key, body, { headers })).toMatchObject({ status: 401, json: { error: 'replayed' } });
      const enquiry = await sendToSwitch(second.url, 'PADMA', key, { type: 'pacs.028', messageId: 'Q-after-restart', createdAt: new Date(), originalMessageId: payment.messageId });
      expect(enquiry.message).toMatchObject({ status: 'ACSC', clearingReference: (answer.message as StatusReport).clearingReference });
      await second.tick();
      await second.tick();
      expect(participant.received).toMatchObject([{ type: 'pacs.002', status: 'ACSC', originalMessageId: (beftn.message as StatusReport).originalMessageId }]);
      expect((await (await fetch(`${second.url}/control/books`)).json()).positions.PADMA).toBe(String(-12_345_67n - 50_00n));
    } finally {
      await second.close();
      await participant.close();
    }
  }, 180_000);

  it('refuses the control API in production mode', async () => {
    const house = await startClearingHouse({ participants: { PADMA: { key } }, embedded: true, mode: 'production', tickMs: false });
    try {
      expect((await fetch(`${house.url}/control/books`)).status).toBe(404);
      expect((await fetch(`${house.url}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"kind":"timeout"}' })).status).toBe(404);
    } finally {
      await house.close();
    }
  });
});

describe('npm run clearing, end to end', () => {
  let child: ChildProcess | undefined;
  let participant: TestParticipant;
  let url: string;

  async function startProcess(): Promise<void> {
    const port = await findFreePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/clearing-house/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        CLEARING_PORT: String(port),
        CLEARING_DATA_DIR: path.join(dataRoot, 'process'),
        CLEARING_MODE: 'test',
        CLEARING_PARTICIPANTS: 'PADMA',
        CLEARING_KEY_PADMA: key,
        CLEARING_INBOUND_URL_PADMA: participant.inboundUrl,
      },
      stdio: 'ignore',
    });
    // A new PGlite folder takes seconds to create, many more when the machine is busy.
    for (let attempt = 0; attempt < 1800; attempt += 1) {
      if (
        await fetch(`${url}/health`).then(
          (response) => response.ok,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The clearing house did not start');
  }

  async function stopProcess(): Promise<void> {
    const running = child;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }

  beforeAll(async () => {
    participant = await startTestParticipant('PADMA', key);
  });

  afterAll(async () => {
    await stopProcess();
    await participant.close();
  });

  it('looks a wallet holder up, pays her, credits us, and states both on a statement that survives a restart', async () => {
    await startProcess();
    const from = new Date(Date.now() - 60_000);
    const enquiry = await sendToSwitch(url, 'PADMA', key, { type: 'acmt.023', messageId: 'N-e2e', createdAt: new Date(), assigner: 'PADMA', assignee: 'NAGAD', account: '01811000001' });
    const name = (enquiry.message as NameEnquiryReport).name!;
    expect(name).toBe('Shirin Sultana');
    const paid = await sendToSwitch(url, 'PADMA', key, transferTo('NAGAD', '01811000001', name, 2_000_00n));
    expect(paid.message).toMatchObject({ status: 'ACSC' });
    const injected = await fetch(`${url}/control/inward`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'PADMA', account: '1002003004', name: 'Karim Hossain', amount: '500.50' }),
    });
    expect(injected.status).toBe(200);
    await expect.poll(() => participant.received.filter((message) => message.type === 'pacs.008').length).toBe(1);
    await expect.poll(async () => ((await (await fetch(`${url}/control/books`)).json()) as { positions: Record<string, string> }).positions.PADMA).toBe(String(-2_000_00n + 500_50n));

    const statementRequest = { type: 'camt.060' as const, messageId: 'A-e2e', createdAt: new Date(), participant: 'PADMA', from, to: new Date(Date.now() + 60_000) };
    const statement = (await sendToSwitch(url, 'PADMA', key, statementRequest)).message as Statement;
    expect(statement).toMatchObject({ type: 'camt.053', openingPoisha: 0n, closingPoisha: -2_000_00n + 500_50n });
    expect(statement.entries.map((entry) => [entry.direction, entry.amountPoisha])).toEqual([
      ['DBIT', 2_000_00n],
      ['CRDT', 500_50n],
    ]);

    await stopProcess();
    await startProcess();
    const again = (await sendToSwitch(url, 'PADMA', key, { ...statementRequest, messageId: 'A-e2e-2' })).message as Statement;
    expect(again.entries).toEqual(statement.entries);
    expect(again.closingPoisha).toBe(statement.closingPoisha);
  }, 400_000);
});

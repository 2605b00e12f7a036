import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bookMovement, insertPayment, openStore, positionOf, positions, type PaymentRow } from './store';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'clearing-store-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const payment = (reference: string, amountPoisha: bigint): PaymentRow => ({
  reference,
  debtorAgent: 'PADMA',
  messageId: `M${reference}`,
  endToEndId: `E${reference}`,
  rail: 'NPSB',
  creditorAgent: 'DBBL',
  creditorAccount: '1011100012345',
  amountPoisha,
  status: 'ACSC',
  reasonCode: null,
  reasonText: null,
  sessionId: null,
  receivedAt: new Date(),
  settledAt: new Date(),
  outOfOrder: false,
  requestXml: '<Document/>',
});

describe('the switch’s positions', () => {
  it('keeps each participant’s position as the sum of its entries, and makes it from the entries for books kept before it was', async () => {
    const books = await openStore(folder);
    for (const [reference, amount] of [
      ['CH1', 1_500_00n],
      ['CH2', 250_00n],
    ] as const) {
      await insertPayment(books, payment(reference, amount));
      await bookMovement(books, {
        payer: 'PADMA',
        payee: 'DBBL',
        amountPoisha: amount,
        kind: 'payment',
        paymentReference: reference,
        messageId: `M${reference}`,
        endToEndId: `E${reference}`,
        rail: 'NPSB',
        at: new Date(),
      });
    }
    expect(await positions(books)).toEqual(
      new Map([
        ['DBBL', 1_750_00n],
        ['PADMA', -1_750_00n],
      ]),
    );
    expect(await positionOf(books, 'PADMA')).toBe(-1_750_00n);
    expect(await positionOf(books, 'CITY')).toBe(0n);
    // As books written before the running sums existed.
    await books.exec('DELETE FROM participant_position');
    await books.close();

    const reopened = await openStore(folder);
    expect(await positions(reopened)).toEqual(
      new Map([
        ['DBBL', 1_750_00n],
        ['PADMA', -1_750_00n],
      ]),
    );
    await expect(
      bookMovement(reopened, { payer: 'PADMA', payee: 'PADMA', amountPoisha: 1n, kind: 'payment', paymentReference: 'CH1', messageId: 'M', endToEndId: 'E', rail: 'NPSB', at: new Date() }),
    ).rejects.toThrow('between two participants');
    await reopened.close();
  });
});

import { describe, expect, it } from 'vitest';
import { statementLineToCsv } from './statement-range-csv';

describe('statementLineToCsv', () => {
  it('gives each line its time in Dhaka, not in UTC, and masks the account numbers in its description', () => {
    const row = statementLineToCsv(
      {
        id: '1',
        date: '2026-11-21T19:15:00.000Z',
        kind: 'transfer',
        description: 'Transfer of 3,500.50 BDT from Rahim Uddin (1000000000014) to Karim Ali (1000000000022)',
        movement: null,
        debit: null,
        credit: 3500.5,
        balance: 3500.5,
        entryId: '6f1c2c56-0d4e-4c1e-9a59-6b0d1f3a9c11',
        reference: '7K2M-9QRB-4TXW',
      },
      'en',
    );
    // 19:15 UTC on the 21st is a quarter past one in the night of the 22nd in Dhaka.
    expect(row).toBe('"2026-11-22 01:15:00 +06:00","Transfer of 3,500.50 BDT from Rahim Uddin (••••0014) to Karim Ali (••••0022)","","3500.50","3500.50","7K2M-9QRB-4TXW"');
  });
});

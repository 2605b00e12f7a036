import { describe, expect, it } from 'vitest';
import { statementToCsv } from './statement-csv';

describe('statementToCsv', () => {
  it('gives each line its time in Dhaka, not in UTC', () => {
    const csv = statementToCsv({
      accountId: '1000000000014',
      nextBefore: null,
      lines: [{ id: '1', date: '2026-11-21T19:15:00.000Z', kind: 'deposit', description: 'Cash deposit', debit: null, credit: 3500.5, balance: 3500.5, entryId: '6f1c2c56-0d4e-4c1e-9a59-6b0d1f3a9c11' }],
    });
    const [header, line] = csv.split('\r\n');
    expect(header).toBe('"Date","Description","Debit (BDT)","Credit (BDT)","Balance (BDT)"');
    // 19:15 UTC on the 21st is a quarter past one in the night of the 22nd in Dhaka.
    expect(line).toBe('"2026-11-22 01:15:00 +06:00","Cash deposit","","3500.50","3500.50"');
  });
});

import { describe, expect, it } from 'vitest';
import { paymentQuoteSchema, paymentSchema } from './payments';

const account = '1234567890123';
const toBkb = { accountId: account, receiverParticipant: 'BKB', receiverAccount: '0300100012345', amount: '2500' };
const toDbbl = { accountId: account, receiverParticipant: 'DBBL', receiverAccount: '1011100012345', amount: '2500' };

/** The fields a refusal names, each with its first message (as the server's error answer has it). */
const fieldsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).reverse().map((issue) => [issue.path.join('.'), issue.message]));

describe('the receiver’s name at a bank that answers no name enquiry', () => {
  it('is required for BKB, RAKUB and PKB, in the quote and the payment, naming the field', () => {
    for (const participant of ['BKB', 'RAKUB', 'PKB']) {
      const quote = paymentQuoteSchema.safeParse({ ...toBkb, receiverParticipant: participant });
      expect(fieldsOf(quote), participant).toEqual({ receiverName: expect.stringMatching(/^Receiver’s name is required: .* takes no name look-up/) });
      expect(Object.keys(fieldsOf(paymentSchema.safeParse({ ...toBkb, receiverParticipant: participant })))).toEqual(['receiverName']);
    }
  });

  it('refuses a blank, too short, too long or hidden-character name', () => {
    const cases: Array<[string, RegExp]> = [
      ['   ', /^Receiver’s name is required/],
      ['A', /at least 2 characters/],
      ['A'.repeat(101), /at most 100 characters/],
      ['Abul\u202EKashem', /^Receiver’s name must not contain .*U\+202E/],
      ['Abul\nKashem', /^Receiver’s name must not contain line breaks/],
    ];
    for (const [receiverName, message] of cases) {
      const fields = fieldsOf(paymentQuoteSchema.safeParse({ ...toBkb, receiverName }));
      expect(Object.keys(fields), JSON.stringify(receiverName)).toEqual(['receiverName']);
      expect(fields.receiverName).toMatch(message);
    }
  });

  it('takes a name in any script, trimmed and composed, and wants no confirmed name', () => {
    expect(paymentQuoteSchema.parse({ ...toBkb, receiverName: '  Abul Kashem ' }).receiverName).toBe('Abul Kashem');
    expect(paymentSchema.parse({ ...toBkb, receiverName: 'আবুল কাশেম', rail: 'BEFTN' })).toMatchObject({ receiverName: 'আবুল কাশেম', rail: 'BEFTN', amount: 250_000n });
    const confirmed = paymentSchema.safeParse({ ...toBkb, receiverName: 'Abul Kashem', confirmedName: 'AB** KA****' });
    expect(Object.keys(fieldsOf(confirmed))).toEqual(['confirmedName']);
  });
});

describe('the receiver’s name at a bank that answers the name enquiry', () => {
  it('is the confirmed name from the look-up, as before; a typed one is refused', () => {
    expect(paymentQuoteSchema.safeParse(toDbbl).success).toBe(true);
    expect(paymentSchema.safeParse({ ...toDbbl, confirmedName: 'RA*** UD***' }).success).toBe(true);
    expect(fieldsOf(paymentSchema.safeParse(toDbbl))).toEqual({ confirmedName: 'Look up the receiver’s account and confirm the name' });
    expect(Object.keys(fieldsOf(paymentQuoteSchema.safeParse({ ...toDbbl, receiverName: 'Rahim Uddin' })))).toEqual(['receiverName']);
    expect(Object.keys(fieldsOf(paymentSchema.safeParse({ ...toDbbl, confirmedName: 'RA*** UD***', receiverName: 'Rahim Uddin' })))).toEqual(['receiverName']);
  });
});

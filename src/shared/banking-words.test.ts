import { describe, expect, it } from 'vitest';
import { accountTypeIn, describeLine, describeMovement, describeStoredMovement } from './banking-words';

const transfer = { kind: 'transfer', amountPoisha: '12500050', fromAccountId: '1000000000014', fromHolder: 'Rahim Uddin', toAccountId: '1000000000022', toHolder: 'করিম আলী' } as const;

describe('describeMovement', () => {
  it('writes every kind in both languages, Bangla in Bangla digits and টাকা', () => {
    expect(describeMovement({ kind: 'deposit', amountPoisha: '150000' }, 'en')).toBe('Cash deposit of 1,500.00 BDT');
    expect(describeMovement({ kind: 'deposit', amountPoisha: '150000' }, 'bn')).toBe('নগদ জমা: ১,৫০০.০০ টাকা');
    expect(describeMovement(transfer, 'en')).toBe('Transfer of 1,25,000.50 BDT from Rahim Uddin (1000000000014) to করিম আলী (1000000000022)');
    expect(describeMovement(transfer, 'bn')).toBe('স্থানান্তর: ১,২৫,০০০.৫০ টাকা, Rahim Uddin (১০০০০০০০০০০১৪) থেকে করিম আলী (১০০০০০০০০০০২২)-এর হিসাবে');
    expect(describeMovement(transfer, 'bn', { maskAccounts: true })).toBe('স্থানান্তর: ১,২৫,০০০.৫০ টাকা, Rahim Uddin (••••০০১৪) থেকে করিম আলী (••••০০২২)-এর হিসাবে');
    expect(describeMovement({ kind: 'loan_disbursement', amountPoisha: '5000000', loanType: 'car' }, 'en')).toBe('Car loan of 50,000.00 BDT disbursed');
    expect(describeMovement({ kind: 'loan_disbursement', amountPoisha: '5000000', loanType: 'car' }, 'bn')).toBe('গাড়ি ঋণ বিতরণ: ৫০,০০০.০০ টাকা');
    expect(describeMovement({ kind: 'loan_repayment', amountPoisha: '100', loanType: 'home' }, 'en')).toBe('Home loan repayment of 1.00 BDT');
    expect(describeMovement({ kind: 'loan_repayment', amountPoisha: '100', loanType: 'home' }, 'bn')).toBe('গৃহ ঋণের কিস্তি পরিশোধ: ১.০০ টাকা');
  });

  it('writes the year’s excise duty, and what of it is still due when the account could not pay it all', () => {
    const whole = { kind: 'excise_charged', amountPoisha: '50000', duePoisha: '0', year: '2026' } as const;
    const part = { ...whole, amountPoisha: '12000', duePoisha: '38000' };
    expect(describeMovement(whole, 'en')).toBe('Excise duty for 2026: 500.00 BDT');
    expect(describeMovement(whole, 'bn')).toBe('২০২৬ সালের আবগারি শুল্ক: ৫০০.০০ টাকা');
    expect(describeMovement(part, 'en')).toBe('Excise duty for 2026: 120.00 BDT, 380.00 BDT still due');
    expect(describeMovement(part, 'bn')).toBe('২০২৬ সালের আবগারি শুল্ক: ১২০.০০ টাকা; বকেয়া ৩৮০.০০ টাকা');
  });

  it('writes excise duty still due taken at a later close, the years it pays and what is still owed', () => {
    const some = { kind: 'excise_collected', amountPoisha: '30000', duePoisha: '8000', years: '2026' } as const;
    const rest = { ...some, amountPoisha: '23000', duePoisha: '0', years: '2025,2026' };
    expect(describeMovement(some, 'en')).toBe('Excise duty due for 2026 collected: 300.00 BDT, 80.00 BDT still due');
    expect(describeMovement(some, 'bn')).toBe('২০২৬ সালের বকেয়া আবগারি শুল্ক আদায়: ৩০০.০০ টাকা; এখনও বকেয়া ৮০.০০ টাকা');
    expect(describeMovement(rest, 'en')).toBe('Excise duty due for 2025, 2026 collected: 230.00 BDT');
    expect(describeMovement(rest, 'bn')).toBe('২০২৫, ২০২৬ সালের বকেয়া আবগারি শুল্ক আদায়: ২৩০.০০ টাকা');
    expect(describeStoredMovement('excise_collected', { amountPoisha: '100', duePoisha: '0', years: '26' }, 'Excise duty due collected', 'en')).toBe('Excise duty due collected');
  });

  it('writes payments to and from other banks and wallets, with the bank’s or wallet’s name in the reader’s language', () => {
    const out = { kind: 'payment_out', amountPoisha: '1000000', chargePoisha: '1150', rail: 'NPSB', toParticipant: 'BKASH', toAccount: '01711000001', toHolder: 'Karima Begum' } as const;
    expect(describeMovement(out, 'en')).toBe('NPSB payment of 10,000.00 BDT to Karima Begum (bKash 01711000001), charge 11.50 BDT (VAT included)');
    expect(describeMovement(out, 'bn')).toBe('NPSB-এ পাঠানো: ১০,০০০.০০ টাকা, Karima Begum (বিকাশ ০১৭১১০০০০০১)-কে; খরচ ১১.৫০ টাকা (ভ্যাটসহ)');
    expect(describeMovement({ ...out, chargePoisha: '0', toParticipant: 'DBBL', toAccount: '1011100012345', toHolder: 'Rahim Uddin' }, 'en')).toBe(
      'NPSB payment of 10,000.00 BDT to Rahim Uddin (Dutch-Bangla Bank PLC 1011100012345)',
    );
    const back = { kind: 'payment_back', amountPoisha: '1001150', rail: 'BEFTN', toParticipant: 'DBBL', toAccount: '1011100012345', toHolder: 'Rahim Uddin', why: 'returned' } as const;
    expect(describeMovement(back, 'en', { maskAccounts: true })).toBe('Returned: BEFTN payment of 10,011.50 BDT to Rahim Uddin (Dutch-Bangla Bank PLC ••••2345)');
    expect(describeMovement({ ...back, why: 'rejected' }, 'bn')).toBe('ফেরত (গৃহীত হয়নি): Rahim Uddin (ডাচ্-বাংলা ব্যাংক পিএলসি ১০১১১০০০১২৩৪৫)-কে পাঠানো ১০,০১১.৫০ টাকা');
    const received = { kind: 'payment_in', amountPoisha: '250000', rail: 'NPSB', fromParticipant: 'NAGAD', fromAccount: '01811000001', fromHolder: 'Shirin Sultana' } as const;
    expect(describeMovement(received, 'en')).toBe('NPSB payment of 2,500.00 BDT from Shirin Sultana (Nagad 01811000001)');
    expect(describeMovement(received, 'bn')).toBe('NPSB-এ জমা: ২,৫০০.০০ টাকা, Shirin Sultana (নগদ ০১৮১১০০০০০১) থেকে');
    expect(describeMovement({ ...received, fromParticipant: 'GONE' }, 'en')).toBe('NPSB payment of 2,500.00 BDT from Shirin Sultana (GONE 01811000001)');
  });

  it('falls back to the stored English words when the data is missing or not whole, masking numbers when asked', () => {
    expect(describeStoredMovement('deposit', {}, 'Cash deposit at the branch', 'bn')).toBe('Cash deposit at the branch');
    expect(describeStoredMovement('deposit', { amountPoisha: '100' }, 'ignored', 'bn')).toBe('নগদ জমা: ১.০০ টাকা');
    expect(describeLine({ movement: null, description: 'Paid to 1000000000014' }, 'en', { maskAccounts: true })).toBe('Paid to ••••0014');
  });
});

describe('accountTypeIn', () => {
  it('names every account type in both languages and shows an unknown word as it is', () => {
    expect(accountTypeIn('savings', 'en')).toBe('Savings');
    expect(accountTypeIn('student', 'bn')).toBe('ছাত্র');
    expect(accountTypeIn('fixed', 'bn')).toBe('স্থায়ী আমানত');
    expect(accountTypeIn('Savings', 'bn')).toBe('Savings');
  });
});

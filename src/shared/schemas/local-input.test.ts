import { describe, expect, it } from 'vitest';
import { formatBdtIn, parseAmountToPoisha } from '../money';
import { loginSchema, registerSchema } from './auth';
import { accountNumber, accountRequestFields, cardRequestSchema, depositRequestSchema, genders, loanRequestSchema, nationalId, nomineeRelations } from './banking';
import { contactMessageSchema } from './contact';
import { bangladeshMobile } from './fields';

const phone = bangladeshMobile('Phone No. is required', 'Phone No. must be a Bangladeshi mobile number');

describe('Bangladeshi mobile numbers', () => {
  it.each([['01712-345678'], ['01712345678'], ['+8801712345678'], ['+880 1712-345678'], ['+880-1712-345 678'], ['0171 234 5678'], ['০১৭১২-৩৪৫৬৭৮'], ['+৮৮০১৭১২৩৪৫৬৭৮']])(
    'accepts %s and stores +8801712345678',
    (typed) => {
      expect(phone.parse(typed)).toBe('+8801712345678');
    },
  );

  it.each([['01212345678'], ['0171234567'], ['017123456789'], ['+880171234567'], ['1712345678'], ['+91 1712345678']])('refuses %s', (typed) => {
    const result = phone.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Phone No. must be a Bangladeshi mobile number');
  });

  it('names the field when nothing was typed beyond the prefix', () => {
    expect(phone.safeParse('+880').error?.issues[0]?.message).toBe('Phone No. is required');
    expect(phone.safeParse('').error?.issues[0]?.message).toBe('Phone No. is required');
  });

  it('stores the contact form number in the same form', () => {
    const parsed = contactMessageSchema.parse({ fullName: 'Rahim Uddin', email: 'r@example.com', contact: '01912-345678', message: 'Hello' });
    expect(parsed.contact).toBe('+8801912345678');
  });
});

describe('Bangla digits in numeric fields', () => {
  it('accepts an NID and an account number in Bangla digits and keeps ASCII', () => {
    expect(nationalId('NID is required').parse('১২৩৪৫৬৭৮৯০')).toBe('1234567890');
    expect(accountNumber().parse('১০০০০০০০০০০১৪')).toBe('1000000000014');
    expect(nationalId('NID is required').safeParse('১২৩').error?.issues[0]?.message).toBe('NID must be 10, 13 or 17 digits');
  });

  it('reads amounts typed in Bangla digits, with lakh commas', () => {
    expect(parseAmountToPoisha('১,২৫,০০০.৫০')).toEqual({ ok: true, poisha: 12500050n });
    expect(depositRequestSchema.parse({ accNum: '১০০০০০০০০০০১৪', depositAmount: '৫০০' })).toEqual({ accNum: '1000000000014', depositAmount: 50000n });
    expect(parseAmountToPoisha('১২.৩৪৫')).toEqual({ ok: false, reason: 'too_many_decimals' });
  });

  it('accepts a loan duration in Bangla digits', () => {
    const loan = {
      loan: 'car',
      accNum: '1000000000014',
      income: '50000',
      company: 'Acme',
      lAmount: '১০০০০',
      lDuration: '১৮',
      document: '/api/images/00000000-0000-0000-0000-000000000000',
      documentKind: 'salary-certificate',
    };
    expect(loanRequestSchema.parse(loan).lDuration).toBe(18);
  });

  it('shows money in Bangla digits with the word taka', () => {
    expect(formatBdtIn(12500050n, 'bn')).toBe('১,২৫,০০০.৫০ টাকা');
    expect(formatBdtIn(12500050n, 'en')).toBe('1,25,000.50 BDT');
  });
});

describe('messages name their own field', () => {
  const firstMessage = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) => result.error?.issues.find((issue) => issue.path[0] === field)?.message;

  it('on registration and sign-in', () => {
    const register = registerSchema.safeParse({});
    expect(firstMessage(register, 'name')).toBe('Name is required');
    expect(firstMessage(register, 'email')).toBe('Email is required');
    expect(firstMessage(register, 'password')).toBe('Password is required');
    const login = loginSchema.safeParse({ email: '', password: '' });
    expect(firstMessage(login, 'email')).toBe('Email is required');
    expect(firstMessage(login, 'password')).toBe('Password is required');
  });

  it('on the account, card and loan requests', () => {
    expect(firstMessage(accountRequestFields.safeParse({}), 'nid')).toBe('NID is required');
    expect(firstMessage(cardRequestSchema.safeParse({ accNum: '1000000000014' }), 'card')).toBe('Please select the Card Type');
    const loan = loanRequestSchema.safeParse({ loan: 'boat', lDuration: '7' });
    expect(firstMessage(loan, 'loan')).toBe('Please select the Loan Type');
    expect(firstMessage(loan, 'lDuration')).toBe('Please select the Loan Duration');
  });
});

describe('gender and nominee relation', () => {
  it('offers more than the spec’s two genders and the common family relations', () => {
    expect(genders).toEqual(expect.arrayContaining(['Male', 'Female', 'Third gender']));
    expect(nomineeRelations).toEqual(expect.arrayContaining(['Spouse', 'Son', 'Daughter', 'Sister']));
    const fields = accountRequestFields.pick({ gender: true, nomineeRelation: true });
    expect(fields.parse({ gender: 'Third gender', nomineeRelation: 'Daughter' })).toEqual({ gender: 'Third gender', nomineeRelation: 'Daughter' });
    expect(fields.safeParse({ gender: 'Robot', nomineeRelation: 'Cousin' }).success).toBe(false);
  });
});

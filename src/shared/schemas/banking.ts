import { z } from 'zod';
import { accountTypeSlugs, cardTypeSlugs, depositRequestBdtMax, loanDocumentKinds, loanTypeSlugs, transferAmountMinBdt, type AccountTypeSlug } from '../constants';
import { formatBdt, poishaPerBdt } from '../money';
import { amountInPoisha } from './amount';
import { asciiDigitsIfText } from '../digits';
import { birthDateYears, calendarDate } from './date-fields';
import { bangladeshMobile, digitsText, emailAddress, imageUrl, nationalIdPattern, oneLine, personName, refuseHiddenCharacters, requiredText } from './fields';

/** The first product's display words for account types (`role`, `docs/wire-names.md`), and the slugs they stand for. */
export const accountTypeDisplayNames: Record<AccountTypeSlug, string> = {
  student: 'Student',
  savings: 'Savings',
  current: 'Current',
  fixed: 'Fixed-Deposit',
};

export function accountTypeFromWord(word: string): AccountTypeSlug | undefined {
  const lowered = word.trim().toLowerCase();
  if (lowered === 'fix-deposit' || lowered === 'fixed-deposit' || lowered === 'fixed deposit') return 'fixed';
  return (accountTypeSlugs as readonly string[]).includes(lowered) ? (lowered as AccountTypeSlug) : undefined;
}

export const accountTypeWord = (message: string) =>
  z.string({ error: message }).transform((value, context) => {
    const slug = accountTypeFromWord(value);
    if (!slug) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return slug;
  });

/**
 * The first product's relations (Father to Grandparents), then the ones a Bangladeshi family most often names (spouse, son,
 * daughter, sister, …); stored as these words, shown translated.
 */
export const nomineeRelations = ['Father', 'Mother', 'Child', 'Brother', 'Partner', 'GrandChild', 'Grandparents', 'Spouse', 'Son', 'Daughter', 'Sister', 'Husband', 'Wife', 'Other'] as const;
/** Male and Female as the first product offered, and Third gender (হিজড়া, recognised in law since 2013) and not saying. */
export const genders = ['Male', 'Female', 'Third gender', 'Prefer not to say'] as const;
export type Gender = (typeof genders)[number];
export const loanDurationsMonths = [12, 18, 24] as const;

/** National ID numbers have 10, 13 or 17 digits, typed in ASCII or Bangla digits. */
export const nationalId = (requiredMessage: string, label = 'NID') => digitsText(requiredMessage).pipe(z.string().regex(nationalIdPattern, `${label} must be 10, 13 or 17 digits`));

/** Whole years between a birth date (YYYY-MM-DD) and today. */
export function ageInYears(birthDate: string, today = new Date()): number {
  const [year = 0, month = 0, day = 0] = birthDate.split('-').map(Number);
  let age = today.getUTCFullYear() - year;
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export const minimumAgeYears: Record<AccountTypeSlug, number> = { student: 16, savings: 18, current: 18, fixed: 18 };

/**
 * An account request: what only opening an account needs (the KYC photo, NID, birth date, address,
 * nominee). The holder's name is the one on the customer's profile, given once at registration and
 * changed on the profile page; the server takes it from there, and a `user` sent here is ignored.
 */
export const accountRequestFields = z.object({
  role: accountTypeWord('Please select the Account Type'),
  email: emailAddress(),
  phone: bangladeshMobile('Phone No. is required', 'Phone No. must be a Bangladeshi mobile number like 01712-345678'),
  img: imageUrl('Profile Photo is required'),
  gender: z.enum(genders, { error: 'Please select the Gender Type' }),
  residentialArea: requiredText('Area name is required', 200),
  permanentArea: requiredText('Area name is required', 200),
  nid: nationalId('NID is required'),
  nomineeName: personName('Name is required'),
  nomineeId: nationalId('Nominee NID is required', 'Nominee NID'),
  nomineeRelation: z.enum(nomineeRelations, { error: 'Please select the Relation Type' }),
  birthDate: calendarDate({ label: 'Birth date', requiredMessage: 'Date is required', years: birthDateYears, example: '1995-04-21' }),
});

type CrossFieldInput = { role: AccountTypeSlug; birthDate: string; nid: string; nomineeId: string };

/** Rules that join fields: a real past birth date, the account type's minimum age, a nominee other than oneself. */
export function checkAccountRequest(value: CrossFieldInput, context: z.RefinementCtx): void {
  const parsed = new Date(`${value.birthDate}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value.birthDate) {
    context.addIssue({ code: 'custom', path: ['birthDate'], message: 'Birth date is not a real date' });
    return;
  }
  if (parsed.getTime() >= Date.now()) {
    context.addIssue({ code: 'custom', path: ['birthDate'], message: 'Birth date must be in the past' });
    return;
  }
  const minimum = minimumAgeYears[value.role];
  if (ageInYears(value.birthDate) < minimum) {
    context.addIssue({ code: 'custom', path: ['birthDate'], message: `The account holder must be at least ${minimum} years old` });
  }
  if (value.nomineeId === value.nid) {
    context.addIssue({ code: 'custom', path: ['nomineeId'], message: 'Nominee NID must differ from your own NID' });
  }
}

export const accountRequestSchema = accountRequestFields.superRefine(checkAccountRequest);
export type AccountRequestInput = z.input<typeof accountRequestSchema>;

export const accountNumber = (label = 'Account number') => digitsText(`${label} is required`).pipe(z.string().regex(/^\d{13}$/, `${label} must be 13 digits`));

export const depositRequestSchema = z.object({
  accNum: accountNumber(),
  depositAmount: amountInPoisha('Deposit amount').refine((poisha) => poisha <= BigInt(depositRequestBdtMax) * poishaPerBdt, {
    message: `Deposit amount must be at most ${formatBdt(BigInt(depositRequestBdtMax) * poishaPerBdt)} per request`,
  }),
});

/** The smallest transfer in poisha (`transferAmountMinBdt`): 10 BDT = 1,000 poisha. */
export const transferAmountMinPoisha = BigInt(transferAmountMinBdt) * poishaPerBdt;

/** A transfer's amount: any amount `amountInPoisha` takes, from `transferAmountMinBdt` up. */
export const transferAmount = amountInPoisha('Send amount').refine((poisha) => poisha >= transferAmountMinPoisha, {
  message: `Send amount must be at least ${formatBdt(transferAmountMinPoisha)}`,
});

/** A masked name is at most the name's length plus its spaces; twice the name's limit is room enough. */
const confirmedNameLengthMax = 200;

/**
 * The masked name the customer saw and confirmed for the receiver's account number, sent with the
 * transfer (or the saved receiver) so the server can check that the person confirmed is the
 * person paid: a number changed after the look-up, or an account that changed hands, is refused.
 */
export const confirmedName = z
  .string({ error: 'Look up the receiver’s account and confirm the name' })
  .trim()
  .normalize('NFC')
  .min(1, 'Look up the receiver’s account and confirm the name')
  .max(confirmedNameLengthMax, 'Look up the receiver’s account and confirm the name')
  .superRefine(refuseHiddenCharacters('Confirmed name', oneLine));

/**
 * A transfer: from the customer's account `id` to the account number `accNum`, whose holder the
 * customer looked up and confirmed (`confirmedName`, the masked name the name enquiry showed).
 * The receiver's type and name are the bank's to know, not the customer's to type.
 */
export const transferSchema = z.object({
  id: accountNumber('Sender account number'),
  accNum: accountNumber('Receiver account number'),
  confirmedName,
  sendAmount: transferAmount,
});

export const cardRequestSchema = z.object({
  card: z
    .string({ error: 'Please select the Card Type' })
    .transform((value) =>
      value
        .trim()
        .toLowerCase()
        .replace(/\s*card$/, ''),
    )
    .pipe(z.enum(cardTypeSlugs, { error: 'Please select the Card Type' })),
  accNum: accountNumber(),
});

export const loanRequestSchema = z.object({
  loan: z
    .string({ error: 'Please select the Loan Type' })
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(loanTypeSlugs, { error: 'Please select the Loan Type' })),
  accNum: accountNumber(),
  income: amountInPoisha('Monthly income'),
  company: requiredText('Company name is required', 200),
  lAmount: amountInPoisha('Loan amount'),
  lDuration: z
    .preprocess(asciiDigitsIfText, z.coerce.number({ error: 'Please select the Loan Duration' }))
    .refine((value) => (loanDurationsMonths as readonly number[]).includes(value), 'Please select the Loan Duration'),
  /** The uploaded proof of income (`POST /api/images` with purpose `document`): the identity is the account's NID. */
  document: imageUrl('Proof of income is required'),
  documentKind: z.enum(loanDocumentKinds, { error: 'Please select the kind of document' }),
});

export const repaymentSchema = z.object({
  id: z.uuid('Loan id is not valid'),
  accNum: accountNumber('Repay account number'),
  amount: amountInPoisha('Amount'),
});

export const idempotencyKeyPattern = /^[A-Za-z0-9_:-]{8,100}$/;

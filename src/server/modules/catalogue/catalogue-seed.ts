import { loanMonthlyIncomeMinDefaultBdt } from '../../../shared/constants';
import { poishaPerBdt } from '../../../shared/money';

/**
 * The product catalogue shown to customers: four accounts, two cards and four loans.
 *
 * The text must agree with what the product actually enforces:
 * - a Student account holder is at least 16; every other account holder is at least 18;
 * - an account must be active (approved by staff) before it can hold a card, a loan,
 *   a deposit or transfers;
 * - one card request per account at a time; card numbers are only ever shown masked;
 * - one open loan per account; a stated monthly income of at least the loan type's floor, which
 *   staff set: a text names it as `{monthlyIncomeMin}`, written in when the entry is answered;
 * - loan terms are 12, 18 or 24 months at 3 %, 5 % or 7 % simple interest on the amount
 *   for the whole term (total to repay = amount + amount × rate).
 * Amounts are written Bangladeshi style: 1,00,000 BDT.
 */

export type CatalogueKind = 'account' | 'card' | 'loan';

export interface CatalogueFeature {
  title: string;
  details: string;
}

export interface CatalogueSeedEntry {
  kind: CatalogueKind;
  slug: string;
  name: string;
  imagePath: string;
  description: string;
  features: CatalogueFeature[];
  sortOrder: number;
  /** A loan type's monthly income floor in poisha; staff change it later. */
  monthlyIncomeMinPoisha?: bigint;
}

const loanIncomeFloorPoisha = BigInt(loanMonthlyIncomeMinDefaultBdt) * poishaPerBdt;

/** Shared wording for the loan terms so every loan states them identically. */
const loanTermsFeature: CatalogueFeature = {
  title: 'Three simple terms',
  details:
    'Choose 12 months at 3 %, 18 months at 5 % or 24 months at 7 %. The rate is simple interest charged once on the amount for the whole term, so a 1,00,000 BDT loan costs 1,03,000 BDT, 1,05,000 BDT or 1,07,000 BDT in total.',
};

const loanIncomeFeature: CatalogueFeature = {
  title: 'Minimum monthly income of {monthlyIncomeMin}',
  details: 'State your monthly income when you apply. It must be at least {monthlyIncomeMin}, and the bank may ask for salary statements, a trade licence or tax documents to confirm it.',
};

const loanOneOpenFeature: CatalogueFeature = {
  title: 'One open loan per account',
  details: 'Each account can have one open loan at a time. Once a loan is fully repaid or closed, the same account can apply again.',
};

const loanActiveAccountFeature: CatalogueFeature = {
  title: 'Active account required',
  details: 'The loan is attached to one of your Padma Bank accounts, and that account must already be approved and active. A newly opened account waiting for staff approval cannot apply yet.',
};

export const catalogueSeed: readonly CatalogueSeedEntry[] = [
  {
    kind: 'account',
    slug: 'student',
    name: 'Student Account',
    imagePath: '/illustrations/account-student.svg',
    description:
      'A first bank account for students aged 16 and over, built for tuition fees, stipends and money sent from home. Open it online with your NID or birth registration certificate and your student ID. Once staff approve the account it becomes active, and you can receive money, make transfers and request a debit card. It is a simple way to learn to manage your own money safely.',
    features: [
      {
        title: 'Open from age 16',
        details: 'You must be at least 16 years old. Keep your student ID and NID (or birth registration certificate) ready when you apply.',
      },
      {
        title: 'Receive stipends and money from home',
        details: 'Family can send money to your account number, and scholarships or stipends can be paid straight into it once the account is active.',
      },
      {
        title: 'Debit card for campus life',
        details: 'Request a debit card for ATM withdrawals and shop payments. Only the last four digits of the card number are ever shown in online banking.',
      },
      {
        title: 'Online and mobile banking',
        details: 'Check your balance, see your transactions and move money between your own accounts from your phone or computer, at any time of day.',
      },
      {
        title: 'Staff approval first',
        details: 'A new account starts as pending. Deposits, transfers, cards and loans become available after our staff review and approve it.',
      },
    ],
    sortOrder: 1,
  },
  {
    kind: 'account',
    slug: 'savings',
    name: 'Savings Account',
    imagePath: '/illustrations/account-savings.svg',
    description:
      'An everyday savings account for adults that earns profit on the money you keep in it. Use it for your salary, household savings or money put aside for a goal such as Eid, a wedding or school fees. You need to be at least 18 and to provide your NID when you apply. After staff approve the account you can deposit, transfer and request a card from online banking.',
    features: [
      {
        title: 'Earns profit on your balance',
        details:
          'Interest or profit is paid on your balance at the rate published by the bank. Tax at source is deducted as the law requires, and submitting your e-TIN usually means a lower deduction.',
      },
      {
        title: 'Salary and remittance friendly',
        details: 'Give your account number to your employer or to family abroad so salary and remittances arrive straight into your savings.',
      },
      {
        title: 'Debit card and ATM access',
        details: 'Request a debit card to withdraw cash and pay in shops. ATMs connected to the national shared network also accept it, and charges can apply at other banks\u2019 machines.',
      },
      {
        title: 'Transfers from your phone',
        details: 'Move money to your other Padma Bank accounts or to other customers with online and mobile banking once the account is active.',
      },
      {
        title: 'Who can open it',
        details: 'Individuals aged 18 or over with a valid NID. A nominee can be recorded so your savings are protected for your family.',
      },
    ],
    sortOrder: 2,
  },
  {
    kind: 'account',
    slug: 'current',
    name: 'Current Account',
    imagePath: '/illustrations/account-current.svg',
    description:
      'A transaction account for traders, shop owners, freelancers and professionals who move money every day. There is no limit on how often you deposit or withdraw, so it suits paying suppliers, collecting from customers and keeping business money separate from personal savings. You must be at least 18 and provide your NID; businesses should also keep a trade licence and e-TIN certificate ready. The account can be used for deposits, transfers, cards and loans once staff have approved it.',
    features: [
      {
        title: 'Unlimited transactions',
        details: 'Deposit and withdraw as often as your business needs. A current account is built for frequent payments rather than for earning profit.',
      },
      {
        title: 'Pay suppliers and staff',
        details: 'Send transfers to suppliers, landlords and employees from online banking, and keep a clear record of every payment for your accounts.',
      },
      {
        title: 'Statements for your records',
        details: 'See every transaction with its date and amount, which helps with bookkeeping, VAT records and your annual tax return.',
      },
      {
        title: 'Business documents',
        details: 'Along with your NID, the bank may ask for a trade licence, e-TIN certificate and, for companies or partnerships, the relevant registration papers.',
      },
      {
        title: 'Cards and loans on an active account',
        details: 'Once approved, the account can hold one card request at a time and one open loan, for example a personal loan for working capital.',
      },
    ],
    sortOrder: 3,
  },
  {
    kind: 'account',
    slug: 'fixed',
    name: 'Fixed Deposit Account',
    imagePath: '/illustrations/account-fixed.svg',
    description:
      'A fixed deposit locks away a lump sum for an agreed term and usually earns a higher return than a savings account. It suits money you will not need for a while, such as a retirement fund or savings for a child\u2019s education. You must be at least 18 and provide your NID, and the deposit is placed once staff have approved the account. Breaking the deposit before it matures may reduce the profit you receive.',
    features: [
      {
        title: 'Higher return for a fixed term',
        details: 'The rate is agreed when you place the deposit and does not change during the term, so you know in advance what you will earn.',
      },
      {
        title: 'Start with a lump sum',
        details: 'Place a single amount, for example 1,00,000 BDT or 5,00,000 BDT, and let it grow until maturity.',
      },
      {
        title: 'Tax handled at source',
        details: 'Tax on profit is deducted at source as required by law. Submit your e-TIN to the bank, as a lower rate generally applies to taxpayers who do.',
      },
      {
        title: 'Early withdrawal',
        details: 'You can ask to close the deposit before it matures, but the profit paid may be lower than the agreed rate.',
      },
      {
        title: 'Nominee protection',
        details: 'Ask the bank to record a nominee for the deposit so your family can claim it if something happens to you.',
      },
    ],
    sortOrder: 4,
  },
  {
    kind: 'card',
    slug: 'debit',
    name: 'Debit Card',
    imagePath: '/illustrations/card-debit.svg',
    description:
      'The Padma Bank debit card spends money straight from your account, so you never pay more than your available balance. Use it to withdraw cash at ATMs, pay at shops and pay online. You can request one for any active account from online banking. For your safety, only the last four digits of the card number are ever shown.',
    features: [
      {
        title: 'Active account required',
        details: 'The card is linked to one of your accounts, which must already be approved and active. Pending or closed accounts cannot request a card.',
      },
      {
        title: 'One request at a time',
        details: 'Each account can have only one card request in progress. Wait for the current request to be decided before asking again.',
      },
      {
        title: 'Masked card number',
        details: 'Online banking shows your card number masked, for example **** **** **** 4821. Nobody from the bank will ask you to read out the full number.',
      },
      {
        title: 'Keep your PIN and OTP secret',
        details: 'Never share your PIN, OTP or password, not even with someone who says they are from the bank. Padma Bank staff will never ask for them.',
      },
      {
        title: 'Report a lost card at once',
        details: 'If your card is lost or stolen, contact the bank immediately so it can be blocked before anyone uses it.',
      },
    ],
    sortOrder: 5,
  },
  {
    kind: 'card',
    slug: 'credit',
    name: 'Credit Card',
    imagePath: '/illustrations/card-credit.svg',
    description:
      'The Padma Bank credit card lets you pay now and settle later, up to a credit limit the bank sets after reviewing your application. It is useful for travel bookings, online purchases and larger household expenses. Pay your statement in full by the due date to avoid interest on the outstanding balance. You can request one for any active account, and only the last four digits of the card number are ever shown.',
    features: [
      {
        title: 'Who can apply',
        details: 'Account holders aged 18 or over with an active account. Keep your NID, e-TIN certificate and, where the law requires it, proof of tax return submission ready.',
      },
      {
        title: 'Credit limit set by the bank',
        details: 'The limit depends on your income and banking history. Spending above the limit is declined.',
      },
      {
        title: 'One request at a time',
        details: 'Each account can have only one card request in progress, whether for a debit or a credit card.',
      },
      {
        title: 'Pay on time',
        details:
          'Paying the full statement balance by the due date avoids interest. Paying late or only the minimum adds interest and fees, and affects your credit history with the Bangladesh Bank credit information bureau.',
      },
      {
        title: 'Masked card number and secret PIN',
        details: 'Only the last four digits are shown in online banking. Never share your PIN or OTP with anyone, including people who claim to be bank staff.',
      },
    ],
    sortOrder: 6,
  },
  {
    kind: 'loan',
    slug: 'car',
    name: 'Car Loan',
    imagePath: '/illustrations/loan-car.svg',
    description:
      'A car loan helps you buy a new or reconditioned car for your family or your work. Choose a term of 12, 18 or 24 months at 3 %, 5 % or 7 % simple interest on the amount, so you know the full cost before you sign. For example, borrowing 15,00,000 BDT for 24 months means repaying 16,05,000 BDT in total. You apply from an active account and need a stated monthly income of at least {monthlyIncomeMin}.',
    features: [
      loanTermsFeature,
      loanIncomeFeature,
      {
        title: 'Vehicle papers',
        details: 'Keep the quotation or invoice from the car dealer ready. The bank may also ask for the registration documents and insurance once the car is bought.',
      },
      loanOneOpenFeature,
      loanActiveAccountFeature,
    ],
    sortOrder: 7,
    monthlyIncomeMinPoisha: loanIncomeFloorPoisha,
  },
  {
    kind: 'loan',
    slug: 'student',
    name: 'Student Loan',
    imagePath: '/illustrations/loan-student.svg',
    description:
      'A student loan spreads the cost of admission, tuition, hostel fees and study materials over time, at home or abroad. Choose 12, 18 or 24 months at 3 %, 5 % or 7 % simple interest on the amount. For example, 2,00,000 BDT over 18 months means repaying 2,10,000 BDT in total. The account holder who applies, often a parent or guardian, needs a stated monthly income of at least {monthlyIncomeMin}.',
    features: [
      loanTermsFeature,
      {
        title: 'Minimum monthly income of {monthlyIncomeMin}',
        details: 'The applicant must state a monthly income of at least {monthlyIncomeMin}. Students without that income usually apply through a parent\u2019s or guardian\u2019s account.',
      },
      {
        title: 'Admission and fee documents',
        details: 'Keep the admission letter or fee schedule from the school, college or university ready, together with the student\u2019s ID.',
      },
      loanOneOpenFeature,
      loanActiveAccountFeature,
    ],
    sortOrder: 8,
    monthlyIncomeMinPoisha: loanIncomeFloorPoisha,
  },
  {
    kind: 'loan',
    slug: 'home',
    name: 'Home Loan',
    imagePath: '/illustrations/loan-home.svg',
    description:
      'A home loan helps you buy a flat, finish construction or renovate your home. Choose 12, 18 or 24 months at 3 %, 5 % or 7 % simple interest on the amount, with the total cost fixed from the start. For example, 10,00,000 BDT over 12 months means repaying 10,30,000 BDT in total. Apply from an active account with a stated monthly income of at least {monthlyIncomeMin}.',
    features: [
      loanTermsFeature,
      loanIncomeFeature,
      {
        title: 'Property documents',
        details: 'The bank may ask for the sale agreement, land or flat ownership papers, mutation records and an approved building plan before paying out.',
      },
      loanOneOpenFeature,
      loanActiveAccountFeature,
    ],
    sortOrder: 9,
    monthlyIncomeMinPoisha: loanIncomeFloorPoisha,
  },
  {
    kind: 'loan',
    slug: 'personal',
    name: 'Personal Loan',
    imagePath: '/illustrations/loan-personal.svg',
    description:
      'A personal loan covers planned expenses such as a wedding, medical treatment, travel or household goods. Choose 12, 18 or 24 months at 3 %, 5 % or 7 % simple interest on the amount. For example, 50,000 BDT over 12 months means repaying 51,500 BDT in total. Apply from an active account with a stated monthly income of at least {monthlyIncomeMin}.',
    features: [
      loanTermsFeature,
      loanIncomeFeature,
      {
        title: 'Borrow what you can repay',
        details: 'Before you apply, work out the total to repay and check it fits your monthly budget together with your other commitments.',
      },
      loanOneOpenFeature,
      loanActiveAccountFeature,
    ],
    sortOrder: 10,
    monthlyIncomeMinPoisha: loanIncomeFloorPoisha,
  },
];

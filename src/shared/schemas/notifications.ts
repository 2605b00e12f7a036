import { z } from 'zod';
import { listOffset, listLimit } from './fields';
import type { DeclineReason } from './decline';

/**
 * What an in-app notification (and its e-mail) tells of. The server stores the facts in
 * `params`; the web app writes the sentence in the reader's language.
 */
export const notificationKinds = [
  'new-device',
  'password-changed',
  'profile-changed',
  'transfer-out',
  'transfer-in',
  'loan-repaid',
  'request-approved',
  'request-declined',
  'card-cancelled',
  'second-factor-throttled',
  'two-factor-on',
  'two-factor-replaced',
  'two-factor-off',
  'recovery-codes-renewed',
  'phone-verified',
  'payment-settled',
  'payment-rejected',
  'payment-returned',
  'term-deposit-matured',
  'dps-instalment-retrying',
  'dps-instalment-missed',
  'dps-defaulted',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The requests staff decide, as a notification names them. */
export const decidedRequests = ['account', 'card', 'loan', 'deposit'] as const;
export type DecidedRequest = (typeof decidedRequests)[number];

/**
 * A transfer's facts. Transfers a person receives close together are told as one group (the
 * server's `notice-delivery.ts`): its facts are the latest transfer's, with how many there were
 * (`count`, two or more), their total (`totalPoisha`) and when the first happened (`firstAt`,
 * ISO 8601). A single transfer has none of the three.
 */
export type TransferParams = {
  amountPoisha: string;
  accountId: string;
  counterpartyName: string;
  counterpartyAccountId: string;
  /** The movement's short reference (stored form; shown with `formatReference`). */
  reference?: string;
  count?: string;
  totalPoisha?: string;
  firstAt?: string;
};

/**
 * A payment to another bank or wallet that reached its end: settled, refused by the switch or the
 * receiving bank (the money and the charge came back at once), or returned after it settled (both
 * came back). `participant` is the bank's or wallet's code in the directory, `receiverName` the
 * holder's name masked as the quote showed it, `reasonCode` the switch's ISO 20022 reason.
 */
export type PaymentParams = {
  amountPoisha: string;
  accountId: string;
  participant: string;
  receiverAccount: string;
  receiverName: string;
  rail: string;
  reference: string;
  /** What came back to the account (the amount and the charge), for a refusal or a return. */
  backPoisha?: string;
  reasonCode?: string;
};

/**
 * The facts of each kind, all strings (amounts in poisha, written as digits), so that a row
 * stored by an older release still renders. Keys missing from an old row render as nothing.
 */
export type NotificationParams = {
  'new-device': { device: string; address: string };
  'password-changed': { address: string };
  'profile-changed': { fields: string };
  'transfer-out': TransferParams;
  'transfer-in': TransferParams;
  'loan-repaid': { amountPoisha: string; accountId: string; outstandingPoisha: string; reference?: string };
  /** `reference`: a deposit's short reference, the one its credit carries. */
  'request-approved': { request: DecidedRequest; accountId: string; amountPoisha?: string; cardType?: string; reference?: string };
  'request-declined': { request: DecidedRequest; accountId: string; amountPoisha?: string; cardType?: string; reason?: DeclineReason; note?: string };
  /** A card the bank had issued was cancelled by staff (not a request turned down). */
  'card-cancelled': { accountId: string; cardType?: string; reason?: DeclineReason; note?: string };
  /**
   * Codes for the user's second factor were refused by a throttle: from one address (`address`),
   * from every place they have not signed in from before (`new-places`), or from everywhere.
   */
  'second-factor-throttled': { address: string; scope: SecondFactorThrottleScope; minutes: string };
  /** A change to the second factor, and the internet address it was made from. */
  'two-factor-on': { address: string };
  'two-factor-replaced': { address: string };
  'two-factor-off': { address: string };
  'recovery-codes-renewed': { address: string };
  /** A mobile number was verified for SMS codes (shown masked). */
  'phone-verified': { address: string; phoneNumber: string };
  'payment-settled': PaymentParams;
  'payment-rejected': PaymentParams;
  'payment-returned': PaymentParams;
  'term-deposit-matured': TermDepositMaturedParams;
  'dps-instalment-retrying': DpsInstalmentParams & { lastTryDay: string };
  'dps-instalment-missed': DpsInstalmentParams & { missedCount: string; missesLeft: string };
  'dps-defaulted': DpsInstalmentParams & { missedCount: string; missesAllowed: string; paidCount: string; maturityDay: string; earlyRateBasisPoints: string };
};

/**
 * One DPS instalment the day close could not take from `accountId` (the scheme's `reference`):
 * its number in the schedule, amount and due day. Told when it is first refused and will be tried
 * again until `lastTryDay`; when it is missed for good, with how many the scheme has missed and how
 * many more it may miss (`missesLeft`) before it is defaulted; or, for the miss that defaults the
 * scheme, in the default's notice, with what the scheme still pays and when (`paidCount` paid
 * instalments, at the early-closure rate, on `maturityDay`).
 */
export type DpsInstalmentParams = {
  reference: string;
  accountId: string;
  instalment: string;
  dueDay: string;
  amountPoisha: string;
};

/**
 * An FDR or a DPS that reached its maturity day in the bank's day close: `paid` when the money went
 * to the account (an FDR to be paid, every DPS), `renewed-principal` when the FDR was renewed and
 * its interest after tax paid out, `renewed-all` when it was renewed with its interest. `paidPoisha`
 * is what reached the account, or for `renewed-all` what the new FDR holds; `day` the maturity day.
 */
export const termDepositOutcomes = ['paid', 'renewed-principal', 'renewed-all'] as const;
export type TermDepositMaturedParams = {
  scheme: 'fdr' | 'dps';
  outcome: (typeof termDepositOutcomes)[number];
  reference: string;
  accountId: string;
  day: string;
  paidPoisha: string;
  interestPoisha: string;
  taxPoisha: string;
};

/** Where a throttle refuses a user's second-factor codes, as their notice tells them. */
export const secondFactorThrottleScopes = ['address', 'new-places', 'everywhere'] as const;
export type SecondFactorThrottleScope = (typeof secondFactorThrottleScopes)[number];

/** The notifications that tell of a change to a user's second factor. */
export type SecondFactorChange = 'two-factor-on' | 'two-factor-replaced' | 'two-factor-off' | 'recovery-codes-renewed';

/** How many notifications one page of the list shows, and at most. */
export const notificationPageSizeDefault = 20;
export const notificationPageSizeMax = 50;

export const notificationListQuerySchema = z.object({
  limit: listLimit(notificationPageSizeMax, notificationPageSizeDefault),
  offset: listOffset(),
});

export const notificationIdParamsSchema = z.object({ id: z.uuid('Notification id is not valid') });

export const notificationAnswerSchema = z.object({
  _id: z.string(),
  kind: z.enum(notificationKinds),
  params: z.record(z.string(), z.string()),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationAnswer = z.infer<typeof notificationAnswerSchema>;

export const notificationListAnswerSchema = z.array(notificationAnswerSchema);

/** The bell's figure: a number and nothing else, so it is cheap to fetch on every page. */
export const unreadCountAnswerSchema = z.object({ unread: z.number().int().min(0) });

export const markReadAnswerSchema = z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int().min(0) });

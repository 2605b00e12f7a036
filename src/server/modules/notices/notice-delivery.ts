import type { NotificationKind } from '../../../shared/schemas/notifications';
import type { EmailNoticeKind, MailQueue } from '../../db/schema/platform';

/**
 * The queue each kind of notice e-mail is sent from. Security notices (a reset link, a sign-in
 * from a new device, a changed password or profile, blocked sign-ins) are what a person must read
 * at once, and each is already bounded per person; bulk notices (money moved, a request decided)
 * can arrive by the thousand. The outbox sends the security queue first in every round, so no
 * amount of bulk can hold a reset link back. A new kind of notice must be placed here: the
 * compiler asks for it.
 */
export const mailQueueOfKind: Record<EmailNoticeKind, MailQueue> = {
  'sign-in-throttled': 'security',
  'second-factor-throttled': 'security',
  'two-factor-on': 'security',
  'two-factor-replaced': 'security',
  'two-factor-off': 'security',
  'recovery-codes-renewed': 'security',
  'phone-verified': 'security',
  'password-changed': 'security',
  'password-reset': 'security',
  'staff-invitation': 'security',
  'new-device': 'security',
  'profile-changed': 'security',
  'transfer-out': 'bulk',
  'transfer-in': 'bulk',
  'loan-repaid': 'bulk',
  'request-approved': 'bulk',
  'request-declined': 'bulk',
  'card-cancelled': 'bulk',
  'payment-settled': 'bulk',
  'payment-rejected': 'bulk',
  'payment-returned': 'bulk',
  'term-deposit-matured': 'bulk',
  'dps-instalment-retrying': 'bulk',
  'dps-instalment-missed': 'bulk',
  'dps-defaulted': 'bulk',
};

export const bulkMailKinds = (Object.keys(mailQueueOfKind) as EmailNoticeKind[]).filter((kind) => mailQueueOfKind[kind] === 'bulk');

/**
 * How far apart a person's grouped notices are: one notification per quarter of an hour for the
 * money they received, and one e-mail per quarter of an hour about money received and one about
 * money sent. Anyone can send money to anyone whose account number they know; without this, each
 * transfer of the minimum would buy one e-mail and one line in the victim's notifications.
 */
export const noticeGroupIntervalMs = 15 * 60 * 1000;

/**
 * Kinds whose in-app notifications are grouped: every transfer a person receives within one
 * quarter of an hour (by the clock) updates one notification that says how many and how much, and
 * marks it unread again. Money sent stays one notification per transfer: only the sender can add
 * to it, so it grows with their own ledger and no faster.
 */
export const groupedNotificationKinds: readonly NotificationKind[] = ['transfer-in'];

/**
 * Kinds whose e-mails are grouped: the first goes at once; while it, or a later one, waits
 * unsent, further transfers are added to it; and a new one is not sent sooner than
 * `noticeGroupIntervalMs` after the previous one went. A person therefore gets at most about four
 * e-mails an hour about money received and four about money sent, however many transfers are
 * made, and the outbox holds at most one waiting e-mail per person and kind.
 */
export const groupedEmailKinds: readonly NotificationKind[] = ['transfer-in', 'transfer-out'];

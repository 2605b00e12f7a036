import type { MailQueue } from '../../db/schema/platform';
import type { MailSource } from '../../lib/mail-outbox';
import { claimDueEmailNotices } from './notices.repository';
import { emailTextOf } from './notices.service';

/**
 * Stored notices of one queue, e-mailed to the customer they concern by the mail outbox. The
 * security queue is listed before every other source and the bulk queue after them
 * (`noticeMailSources`), so the outbox sends a reset link ahead of any backlog of bulk notices.
 */
export function noticeMailSource(mailFrom: string, queue: MailQueue): MailSource {
  const domain = mailFrom.split('@')[1] ?? 'localhost';
  return {
    table: 'email_notice',
    async claimDue(db, options) {
      const claimed = await claimDueEmailNotices(db, queue, options);
      return claimed.map((notice) => {
        const { subject, body } = emailTextOf(notice);
        return { id: notice.id, sendAttempts: notice.sendAttempts, email: { messageId: `<notice-${notice.id}@${domain}>`, from: mailFrom, to: notice.recipient, subject, text: body } };
      });
    },
  };
}

/** Every source of outgoing e-mail in the order the outbox serves them: security notices first, bulk notices last. */
export function noticeMailSources(mailFrom: string, others: readonly MailSource[] = []): MailSource[] {
  return [noticeMailSource(mailFrom, 'security'), ...others, noticeMailSource(mailFrom, 'bulk')];
}

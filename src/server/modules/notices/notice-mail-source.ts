import type { MailSource } from '../../lib/mail-outbox';
import { claimDueEmailNotices } from './notices.repository';
import { emailTextOf } from './notices.service';

/** Stored notices, e-mailed to the customer they concern by the mail outbox. */
export function noticeMailSource(mailFrom: string): MailSource {
  const domain = mailFrom.split('@')[1] ?? 'localhost';
  return {
    table: 'email_notice',
    async claimDue(db, options) {
      const claimed = await claimDueEmailNotices(db, options);
      return claimed.map((notice) => {
        const { subject, body } = emailTextOf(notice);
        return { id: notice.id, sendAttempts: notice.sendAttempts, email: { messageId: `<notice-${notice.id}@${domain}>`, from: mailFrom, to: notice.recipient, subject, text: body } };
      });
    },
  };
}

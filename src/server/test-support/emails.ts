import type { Executor } from '../db/client';
import { storedEmailNoticesOf } from '../modules/notices/notices.repository';
import { emailTextOf } from '../modules/notices/notices.service';

/** What the bank has e-mailed (or will e-mail) a user, oldest first, as the outbox writes it out. */
export async function emailsTo(db: Executor, userId: string): Promise<Array<{ kind: string; recipient: string; subject: string; body: string }>> {
  return (await storedEmailNoticesOf(db, userId)).map((notice) => ({ kind: notice.kind, recipient: notice.recipient, ...emailTextOf(notice) }));
}

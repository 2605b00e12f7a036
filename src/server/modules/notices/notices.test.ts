import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { deliverDueMail, mailOutboxBatchesPerTickMax, mailOutboxBatchSize, startMailOutbox, type Mailer, type OutgoingEmail } from '../../lib/mail-outbox';
import { startSmtpInbox } from '../../test-support/smtp-inbox';
import type { App } from '../../app';
import { buildTestInstance, createTestApp, registerCustomer, testPublicUrl, type TestApp } from '../../test-support/test-app';
import { noticeMailSources } from './notice-mail-source';
import { buildSignInThrottledNotice } from './notice-texts';
import { noticePasswordReset, raiseNotices } from './notices.service';

/**
 * Customers register through `harness`; they sign in through `guarded`, a second instance on the
 * same database with a tenth of every allowance (RATE_LIMIT_MULTIPLIER 0.1): one failure per
 * e-mail and address, five per address, ten per e-mail. Each failed guess costs a password hash,
 * so small allowances keep these tests quick without changing what they prove.
 */
let harness: TestApp;
let guarded: App;
beforeAll(async () => {
  harness = await createTestApp();
  guarded = await buildTestInstance(harness.database, harness.dataDir, { rateLimitMultiplier: 0.1 });
});
afterAll(async () => {
  await guarded.close();
  await harness.close();
});

const signInFrom = (address: string, email: string, password: string) =>
  guarded.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, headers: { origin: testPublicUrl }, remoteAddress: address });

const noticesOf = (userId: string) => harness.database.db.select().from(schema.emailNotice).where(eq(schema.emailNotice.userId, userId));

async function userIdOf(email: string): Promise<string> {
  const [row] = await harness.database.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

describe('the owner is told when sign-ins to their account are throttled', () => {
  it('stores one notice naming the address, however many attempts are refused, and the owner can still sign in elsewhere', async () => {
    const customer = await registerCustomer(harness.app, { name: 'Nusrat Jahan' });
    const userId = await userIdOf(customer.email);
    expect((await signInFrom('203.0.113.70', customer.email, 'wrong password attempt')).statusCode).toBe(401);
    expect(await noticesOf(userId)).toHaveLength(0);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await signInFrom('203.0.113.70', customer.email, 'wrong password attempt')).statusCode).toBe(429);

    const notices = await noticesOf(userId);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'sign-in-throttled', recipient: customer.email, sentAt: null, sendAttempts: 0 });
    expect(notices[0]?.body).toContain('Dear Nusrat Jahan,');
    expect(notices[0]?.body).toContain('203.0.113.70');
    expect(notices[0]?.body).toContain('You can still sign in as usual from your own phone or computer.');
    expect(notices[0]?.body).not.toMatch(/https?:/);
    expect((await signInFrom('198.51.100.70', customer.email, customer.password)).statusCode).toBe(200);
  });

  it('says when sign-in is paused from everywhere: attempts from many addresses used up the e-mail’s allowance', async () => {
    const customer = await registerCustomer(harness.app);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => signInFrom(`192.0.2.${index + 100}`, customer.email, 'wrong password attempt')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(401));
    expect((await signInFrom('198.51.100.71', customer.email, customer.password)).statusCode).toBe(429);
    const [notice] = await noticesOf(await userIdOf(customer.email));
    expect(notice?.body).toMatch(/paused for about \d+ minutes, from every device/);
  });

  it('makes one notice when a hundred refused attempts arrive at once', async () => {
    const customer = await registerCustomer(harness.app);
    const answers = await Promise.all(Array.from({ length: 100 }, () => signInFrom('203.0.113.72', customer.email, 'wrong password attempt')));
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(99);
    expect(await noticesOf(await userIdOf(customer.email))).toHaveLength(1);
  });

  it('writes to nobody for an e-mail that is not registered, nor for people a guessing address only tried once', async () => {
    const before = (await harness.database.db.select().from(schema.emailNotice)).length;
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await signInFrom('203.0.113.73', 'nobody.here@example.com', 'wrong password attempt')).statusCode).toBe([401, 429, 429][attempt]);

    // One address guessing once at each of six people: the sixth is refused by the address's own allowance.
    const people = await Promise.all(Array.from({ length: 6 }, () => registerCustomer(harness.app)));
    const statuses: number[] = [];
    for (const person of people) statuses.push((await signInFrom('203.0.113.74', person.email, 'wrong password attempt')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await harness.database.db.select().from(schema.emailNotice)).length).toBe(before);
  });

  it('is e-mailed to the owner through the outbox and a real SMTP server', async () => {
    const customer = await registerCustomer(harness.app, { name: 'Arif Hossain' });
    for (let attempt = 0; attempt < 2; attempt += 1) await signInFrom('203.0.113.75', customer.email, 'wrong password attempt');
    // An event notice stores its facts; its text is written when it is sent, in the reader's language.
    const userId = await userIdOf(customer.email);
    await harness.database.db.update(schema.user).set({ language: 'bn' }).where(eq(schema.user.id, userId));
    await raiseNotices(harness.database.db, [{ userId, name: 'Arif Hossain', kind: 'password-changed', params: { address: '198.51.100.9' }, at: new Date() }]);
    const smtp = await startSmtpInbox();
    const outbox = startMailOutbox({
      db: harness.database.db,
      smtpUrl: smtp.url,
      sources: noticeMailSources('security@padma.test'),
      log: { info: () => undefined, warn: () => undefined },
      intervalMs: 60 * 60 * 1000,
    });
    try {
      const result = await outbox?.drainNow();
      expect(result?.failed).toBe(0);
      const received = await smtp.waitFor(result?.sent ?? 1);
      const toCustomer = received.filter((each) => each.envelopeTo.includes(customer.email));
      expect(toCustomer).toHaveLength(2);
      const changed = toCustomer.find((each) => each.headers.subject === 'পদ্মা ব্যাংক: আপনার পাসওয়ার্ড পরিবর্তন করা হয়েছে');
      expect(changed?.text).toContain('198.51.100.9');
      const email = toCustomer.find((each) => each !== changed);
      expect(email?.headers.from).toBe('security@padma.test');
      expect(email?.headers.subject).toBe('Padma Bank: we stopped repeated sign-in attempts to your account');
      expect(email?.headers['message-id']).toMatch(/^<notice-[0-9a-f-]+@padma\.test>$/);
      expect(email?.text).toContain('Dear Arif Hossain,');
      const stored = await noticesOf(userId);
      expect(stored.map((notice) => notice.sentAt)).toEqual([expect.any(Date), expect.any(Date)]);
    } finally {
      await outbox?.stop();
      await smtp.close();
    }
  });
});

describe('e-mails carry no hidden characters, whatever was stored before names were checked', () => {
  it('keeps every subject on one line and drops bidirectional controls from subject and body', async () => {
    const customer = await registerCustomer(harness.app, { name: 'Rahim Uddin' });
    const userId = await userIdOf(customer.email);
    // Rows as they could have been stored before the rule on names: a holder name with a
    // right-to-left override, a line separator and a header line, and a stored subject with a line break.
    const hostileName = 'Evil\u202Egnp.exe\u2028Bcc: all@example.com\r\nX-Spam: yes\u2066';
    await harness.database.db.insert(schema.emailNotice).values([
      {
        userId,
        kind: 'transfer-in',
        recipient: customer.email,
        facts: {
          params: { amountPoisha: '10000', accountId: '2081234567897', counterpartyAccountId: '2089876543210', counterpartyName: hostileName },
          name: 'Rahim\u2029Bcc: x@example.com\u200F',
          at: new Date().toISOString(),
          language: 'en',
        },
        dedupeKey: `old-row:${userId}:1`,
      },
      {
        userId,
        kind: 'password-reset',
        recipient: customer.email,
        subject: 'Padma Bank:\r\nBcc: all@example.com \u202Eset a new password\u2028',
        body: 'Dear Rahim\u2028Uddin,\u200E\r\n\r\nA line.\u0007',
        dedupeKey: `old-row:${userId}:2`,
      },
    ]);
    const sent: OutgoingEmail[] = [];
    const outbox = startMailOutbox({
      db: harness.database.db,
      smtpUrl: undefined,
      mailer: { send: async (email) => void sent.push(email), close: () => undefined },
      sources: noticeMailSources('security@padma.test'),
      log: { info: () => undefined, warn: () => undefined },
      intervalMs: 60 * 60 * 1000,
    });
    try {
      await outbox?.drainNow();
    } finally {
      await outbox?.stop();
    }
    const toCustomer = sent.filter((email) => email.to === customer.email);
    expect(toCustomer).toHaveLength(2);
    const bidi = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
    for (const email of toCustomer) {
      expect(email.subject).not.toMatch(/[\r\n\u2028\u2029]/);
      expect(email.subject).not.toMatch(bidi);
      expect(email.text).not.toMatch(bidi);
      expect(email.text).not.toMatch(/[\r\u2028\u2029]/);
      expect(email.text).not.toContain('\u0007');
    }
    const transfer = toCustomer.find((email) => email.subject.includes('received'));
    expect(transfer?.text).toContain('Dear Rahim Bcc: x@example.com,\n');
    expect(transfer?.text).toContain('On ');
    expect(transfer?.text).toContain('Evilgnp.exe Bcc: all@example.com X-Spam: yes (account 2089876543210)');
    const reset = toCustomer.find((email) => email !== transfer);
    expect(reset?.subject).toBe('Padma Bank: Bcc: all@example.com set a new password');
    expect(reset?.text).toBe('Dear Rahim\nUddin,\n\nA line.');
  });
});

describe('the outbox', () => {
  /** Stores `count` due notices of one queue for `userId`, as a backlog built up over time would leave them. */
  async function backlog(userId: string, queue: 'security' | 'bulk', count: number): Promise<void> {
    const params =
      queue === 'bulk'
        ? sql`jsonb_build_object('amountPoisha', '1000', 'accountId', '2081234567890', 'counterpartyName', 'Someone', 'counterpartyAccountId', '2081234567891')`
        : sql`jsonb_build_object('device', 'Chrome on Android', 'address', '203.0.113.80')`;
    const facts = sql`jsonb_build_object('params', ${params}, 'name', 'Filler Person', 'at', now(), 'language', 'en')`;
    await harness.database.db.execute(sql`
      INSERT INTO email_notice (user_id, kind, recipient, facts, dedupe_key, queue)
      SELECT ${userId}, ${queue === 'bulk' ? 'transfer-in' : 'new-device'}, ${`${queue}@filler.test`}, ${facts}, ${`backlog:${queue}:`} || gen_random_uuid(), ${queue}
      FROM generate_series(1, ${count})`);
  }

  it('sends a password reset ahead of thousands of waiting bulk notices, and still sends bulk ones in the same pass', async () => {
    const filler = await registerCustomer(harness.app, { name: 'Filler Person' });
    const fillerId = await userIdOf(filler.email);
    const owner = await registerCustomer(harness.app, { name: 'Rina Akter' });
    const sent: OutgoingEmail[] = [];
    const mailer: Mailer = { send: async (email) => void sent.push(email), close: () => undefined };
    const sources = noticeMailSources('security@padma.test');
    const perPass = mailOutboxBatchSize * mailOutboxBatchesPerTickMax;
    try {
      await backlog(fillerId, 'bulk', 3_000);
      await noticePasswordReset(harness.database.db, { id: await userIdOf(owner.email), name: 'Rina Akter', email: owner.email }, testPublicUrl, 'a-reset-token');
      await deliverDueMail(harness.database.db, mailer, sources);
      expect(sent[0]?.to).toBe(owner.email);
      expect(sent[0]?.text).toContain('#token=a-reset-token');
      expect(sent.filter((email) => email.to === 'bulk@filler.test')).toHaveLength(perPass);

      // However much security mail waits, bulk mail keeps its share of every pass.
      sent.length = 0;
      await backlog(fillerId, 'security', 500);
      await deliverDueMail(harness.database.db, mailer, sources);
      expect(sent.filter((email) => email.to === 'security@filler.test')).toHaveLength(perPass);
      expect(sent.filter((email) => email.to === 'bulk@filler.test')).toHaveLength(perPass);
    } finally {
      await harness.database.db.execute(sql`DELETE FROM email_notice WHERE user_id = ${fillerId}`);
    }
  });
});

describe('buildSignInThrottledNotice', () => {
  it('gives the time in Dhaka and keeps a name with line breaks on one line', () => {
    const notice = buildSignInThrottledNotice({ name: 'Rahim\r\nUddin', clientAddress: '203.0.113.9', at: new Date('2026-11-24T06:30:00Z'), refusedEverywhere: false, minutesToWait: 15 });
    expect(notice.body).toContain('Dear Rahim Uddin,');
    expect(notice.body).toMatch(/24 November 2026.*12:30/);
    expect(notice.body).toContain('paused for about 15 minutes');
  });
});

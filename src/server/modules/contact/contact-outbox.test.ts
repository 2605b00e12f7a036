import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { schema } from '../../db/client';
import { prepareServer } from '../../start';
import { createTestApp, signInStaff, staffCredentials, type TestApp } from '../../test-support/test-app';
import { createScratchDatabase } from '../../test-support/test-database';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox';
import { mailSendAttemptsMax, startMailOutbox, type MailOutbox, type Mailer, type OutgoingEmail } from '../../lib/mail-outbox';
import { contactMailSource } from './contact-outbox';
import { claimDueContactMessages, findContactMessage } from './contact.repository';

const addresses = { contactInbox: 'customer.care@padma.test', mailFrom: 'website@padma.test' };
const silentLog = { info: () => undefined, warn: () => undefined };
/** Long enough that only the test's own `drainNow` calls send anything. */
const manualIntervalMs = 60 * 60 * 1000;

let harness: TestApp;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  harness = await createTestApp();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  // Each test starts with an empty outbox.
  await harness.database.db.delete(schema.contactMessage);
});
afterAll(async () => harness.close());

let addressCounter = 0;
async function postContact(overrides: Record<string, string> = {}): Promise<string> {
  addressCounter += 1;
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: `203.0.113.${addressCounter}`,
    payload: {
      fullName: 'Tanvir Ahmed',
      email: 'tanvir.ahmed@example.com',
      contact: '+8801911-223344',
      message: 'Please call me about a home loan for a flat in Mirpur.\nThe best time is after 6 pm.',
      ...overrides,
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json().insertedId as string;
}

function outboxFor(smtpUrl: string): MailOutbox {
  const outbox = startMailOutbox({ db: harness.database.db, smtpUrl, sources: [contactMailSource(addresses)], log: silentLog, intervalMs: manualIntervalMs });
  if (!outbox) throw new Error('the outbox should start when an SMTP URL is given');
  cleanups.push(() => outbox.stop());
  return outbox;
}

async function inbox(port?: number): Promise<SmtpInbox> {
  const started = await startSmtpInbox(port);
  cleanups.push(() => started.close());
  return started;
}

/** Moves a message's next attempt into the past, as if the retry delay had passed. */
async function makeDueNow(id: string) {
  await harness.database.db
    .update(schema.contactMessage)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(schema.contactMessage.id, id));
}

describe('the contact outbox', () => {
  it('e-mails a stored message to the inbox through a real SMTP server, once', async () => {
    const smtp = await inbox();
    const outbox = outboxFor(smtp.url);
    const id = await postContact();

    expect(await outbox.drainNow()).toEqual({ sent: 1, failed: 0 });
    const [email] = await smtp.waitFor(1);
    expect(email?.envelopeFrom).toBe('website@padma.test');
    expect(email?.envelopeTo).toEqual(['customer.care@padma.test']);
    expect(email?.headers.from).toBe('website@padma.test');
    expect(email?.headers.to).toBe('customer.care@padma.test');
    expect(email?.headers['reply-to']).toBe('Tanvir Ahmed <tanvir.ahmed@example.com>');
    expect(email?.headers.subject).toBe('Contact message from Tanvir Ahmed');
    expect(email?.headers['message-id']).toBe(`<contact-${id}@padma.test>`);
    expect(email?.text).toContain('Name: Tanvir Ahmed');
    expect(email?.text).toContain('Email: tanvir.ahmed@example.com');
    expect(email?.text).toContain('Contact number: +8801911223344');
    expect(email?.text).toContain('Please call me about a home loan for a flat in Mirpur.\nThe best time is after 6 pm.');

    const stored = await findContactMessage(harness.database.db, id);
    expect(stored?.sentAt).toBeInstanceOf(Date);
    expect(stored?.sendAttempts).toBe(1);
    expect(stored?.lastError).toBeNull();

    expect(await outbox.drainNow()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);

    const staffCookie = await signInStaff(harness.app);
    const list = await harness.app.inject({ method: 'GET', url: '/api/contactMessages', headers: { cookie: staffCookie } });
    expect(list.json()[0]).toMatchObject({ _id: id, deliveryState: 'sent', sendAttempts: 1, nextAttemptAt: null, sentAt: expect.any(String) });
  });

  it('keeps the message when the SMTP server is down, counts the attempt and delivers it later', async () => {
    // Find a port, then close it: nothing listens there until the "server comes back".
    const probe = await startSmtpInbox();
    const port = probe.port;
    await probe.close();
    const outbox = outboxFor(`smtp://127.0.0.1:${port}`);
    const id = await postContact({ message: 'Is my card blocked? It was refused at a shop in Chattogram.' });

    expect(await outbox.drainNow()).toEqual({ sent: 0, failed: 1 });
    const failed = await findContactMessage(harness.database.db, id);
    expect(failed).toMatchObject({ sentAt: null, sendAttempts: 1, message: 'Is my card blocked? It was refused at a shop in Chattogram.' });
    expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/i);
    const waitMs = (failed?.nextAttemptAt.getTime() ?? 0) - Date.now();
    expect(waitMs).toBeGreaterThan(20_000);
    expect(waitMs).toBeLessThan(40_000);

    const staffCookie = await signInStaff(harness.app);
    const listed = await harness.app.inject({ method: 'GET', url: '/api/contactMessages', headers: { cookie: staffCookie } });
    expect(listed.json()[0]).toMatchObject({ _id: id, deliveryState: 'retrying', sendAttempts: 1, lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });

    // Not due yet: nothing is tried again.
    const smtp = await inbox(port);
    expect(await outbox.drainNow()).toEqual({ sent: 0, failed: 0 });
    expect((await findContactMessage(harness.database.db, id))?.sendAttempts).toBe(1);

    await makeDueNow(id);
    expect(await outbox.drainNow()).toEqual({ sent: 1, failed: 0 });
    await smtp.waitFor(1);
    expect(smtp.received[0]?.text).toContain('It was refused at a shop in Chattogram.');
    const delivered = await findContactMessage(harness.database.db, id);
    expect(delivered).toMatchObject({ sendAttempts: 2, lastError: null });
    expect(delivered?.sentAt).toBeInstanceOf(Date);
  });

  it('backs off: the second failure waits about a minute', async () => {
    const failing: Mailer = { send: () => Promise.reject(new Error('421 Service not available')), close: () => undefined };
    const outbox = startMailOutbox({ db: harness.database.db, smtpUrl: undefined, mailer: failing, sources: [contactMailSource(addresses)], log: silentLog, intervalMs: manualIntervalMs });
    cleanups.push(async () => outbox?.stop());
    const id = await postContact();
    await outbox?.drainNow();
    await makeDueNow(id);
    await outbox?.drainNow();
    const stored = await findContactMessage(harness.database.db, id);
    expect(stored?.sendAttempts).toBe(2);
    expect(stored?.lastError).toBe('421 Service not available');
    const waitMs = (stored?.nextAttemptAt.getTime() ?? 0) - Date.now();
    expect(waitMs).toBeGreaterThan(50_000);
    expect(waitMs).toBeLessThan(70_000);
  });

  it('stops retrying after the last attempt but keeps the message, marked failed', async () => {
    const failing: Mailer = { send: () => Promise.reject(new Error('550 mailbox unavailable')), close: () => undefined };
    const outbox = startMailOutbox({ db: harness.database.db, smtpUrl: undefined, mailer: failing, sources: [contactMailSource(addresses)], log: silentLog, intervalMs: manualIntervalMs });
    cleanups.push(async () => outbox?.stop());
    const id = await postContact();
    await harness.database.db
      .update(schema.contactMessage)
      .set({ sendAttempts: mailSendAttemptsMax - 1 })
      .where(eq(schema.contactMessage.id, id));

    expect(await outbox?.drainNow()).toEqual({ sent: 0, failed: 1 });
    await makeDueNow(id);
    expect(await outbox?.drainNow()).toEqual({ sent: 0, failed: 0 });

    const staffCookie = await signInStaff(harness.app);
    const listed = await harness.app.inject({ method: 'GET', url: '/api/contactMessages', headers: { cookie: staffCookie } });
    expect(listed.json()[0]).toMatchObject({ _id: id, deliveryState: 'failed', sendAttempts: mailSendAttemptsMax, nextAttemptAt: null, lastError: '550 mailbox unavailable' });
  });

  it('does not send a message another instance has claimed and is still sending', async () => {
    const smtp = await inbox();
    const outbox = outboxFor(smtp.url);
    await postContact();
    const claimedElsewhere = await claimDueContactMessages(harness.database.db, { batchSize: 10, leaseMs: 60_000, attemptsMax: mailSendAttemptsMax });
    expect(claimedElsewhere).toHaveLength(1);
    expect(await outbox.drainNow()).toEqual({ sent: 0, failed: 0 });
  });

  it('sends each message once when two instances drain at the same time', async () => {
    const sentIds: string[] = [];
    const recordingMailer = (): Mailer => ({
      async send(email: OutgoingEmail) {
        // A slow mail server keeps both drains busy at once.
        await new Promise((resolve) => setTimeout(resolve, 20));
        sentIds.push(email.messageId);
      },
      close: () => undefined,
    });
    const ids: string[] = [];
    for (let index = 0; index < 25; index += 1) ids.push(await postContact({ message: `Message number ${index + 1} about my account.` }));
    const instances = [recordingMailer(), recordingMailer()].map((mailer) =>
      startMailOutbox({ db: harness.database.db, smtpUrl: undefined, mailer, sources: [contactMailSource(addresses)], log: silentLog, intervalMs: manualIntervalMs }),
    );
    for (const instance of instances) cleanups.push(async () => instance?.stop());

    const results = await Promise.all(instances.map((instance) => instance?.drainNow()));
    expect(results.reduce((total, result) => total + (result?.sent ?? 0), 0)).toBe(25);
    expect(sentIds).toHaveLength(25);
    expect(new Set(sentIds).size).toBe(25);
    const rows = await harness.database.db.select().from(schema.contactMessage);
    expect(rows.every((row) => row.sentAt !== null && row.sendAttempts === 1)).toBe(true);
  });

  it('does not start without an SMTP server: messages just stay stored', async () => {
    const notes: string[] = [];
    const outbox = startMailOutbox({ db: harness.database.db, smtpUrl: undefined, sources: [contactMailSource(addresses)], log: { info: (message) => notes.push(message), warn: () => undefined } });
    expect(outbox).toBeNull();
    expect(notes.join()).toMatch(/SMTP_URL is not set/);
    const id = await postContact();
    expect(await findContactMessage(harness.database.db, id)).toMatchObject({ sentAt: null, sendAttempts: 0 });
  });
});

describe('npm start with SMTP_URL', () => {
  it('runs the outbox: a message sent to the API arrives in the inbox', async () => {
    const smtp = await inbox();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-outbox-'));
    const serverUrl = process.env.DATABASE_URL;
    const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      SMTP_URL: smtp.url,
      CONTACT_INBOX: addresses.contactInbox,
      MAIL_FROM: addresses.mailFrom,
      STAFF_EMAIL: staffCredentials.email,
      STAFF_PASSWORD: staffCredentials.password,
      BETTER_AUTH_SECRET: 'a-secret-for-the-start-up-test-0123456789abcdef',
      LOG_LEVEL: 'silent',
    });
    const server = await prepareServer(config);
    cleanups.push(async () => {
      await server.stop();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { fullName: 'Farhana Islam', email: 'farhana@example.com', contact: '+8801811000111', message: 'Do you open accounts for students under 18?' },
    });
    expect(response.statusCode).toBe(200);
    // The outbox looks every 5 seconds.
    const [email] = await smtp.waitFor(1, 15_000);
    expect(email?.headers.subject).toBe('Contact message from Farhana Islam');
    expect(email?.text).toContain('Do you open accounts for students under 18?');
  }, 30_000);
});

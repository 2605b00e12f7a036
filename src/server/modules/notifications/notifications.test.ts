import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, openFundedAccount, requestAccount, approveAccount, type Customer } from '../../test-support/banking';
import { createTestApp, multipartImage, onePixelPng, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { verifyLedger } from '../ledger/ledger';
import { transferInTransaction } from '../../test-support/transfers';
import { emailsTo } from '../../test-support/emails';
import { expandDeferredNotices } from '../notices/notices.repository';
import { noticeMailSource } from '../notices/notice-mail-source';
import { deliverDueMail, type Mailer, type OutgoingEmail } from '../../lib/mail-outbox';

let harness: TestApp;
let staff: string;
let alice: Customer;
let bob: Customer;
let aliceAccount: string;
let bobAccount: string;

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  alice = await registerCustomer(harness.app, { name: 'Alice Rahman' });
  bob = await registerCustomer(harness.app, { name: 'Bob Hossain' });
  aliceAccount = await openFundedAccount(harness.app, alice, staff, 100_000, { user: 'Alice Rahman' });
  bobAccount = await openFundedAccount(harness.app, bob, staff, 1_000, { user: 'Bob Hossain', role: 'Current' });
  // Bob reads the website, and so his e-mail, in Bangla.
  expect((await call(harness.app, 'PUT', '/api/me/language', bob.cookie, { language: 'bn' })).statusCode).toBe(200);
});
afterAll(async () => harness.close());

type Stored = { kind: string; params: Record<string, string>; read_at: Date | null };
type Mail = { kind: string; recipient: string; subject: string; body: string };

async function notificationsOf(userId: string): Promise<Stored[]> {
  const result = await harness.database.db.execute<Stored>(sql`SELECT kind, params, read_at FROM notification WHERE user_id = ${userId} ORDER BY created_at, id`);
  return result.rows.map((row) => ({ ...row, params: typeof row.params === 'string' ? JSON.parse(row.params) : row.params }));
}

const mailsOf = (userId: string): Promise<Mail[]> => emailsTo(harness.database.db, userId);

type Counts = { notifications: number; emails: number; entries: number; deferred: number; toldInApp: number; toldByEmail: number };

/**
 * Rows in each table, and how many events the notifications and e-mails tell of: a grouped one
 * (transfers received or sent close together) tells of `count` events, any other of one.
 */
async function counts(): Promise<Counts> {
  const result = await harness.database.db.execute<Record<keyof Counts, number>>(sql`
    SELECT (SELECT count(*)::int FROM notification) AS notifications, (SELECT count(*)::int FROM email_notice) AS emails,
      (SELECT count(*)::int FROM journal_entry) AS entries, (SELECT count(*)::int FROM deferred_notice) AS deferred,
      (SELECT coalesce(sum(coalesce((params ->> 'count')::int, 1)), 0)::int FROM notification) AS "toldInApp",
      (SELECT coalesce(sum(coalesce((facts -> 'params' ->> 'count')::int, 1)), 0)::int FROM email_notice) AS "toldByEmail"`);
  const row = result.rows[0];
  return {
    notifications: Number(row?.notifications),
    emails: Number(row?.emails),
    entries: Number(row?.entries),
    deferred: Number(row?.deferred),
    toldInApp: Number(row?.toldInApp),
    toldByEmail: Number(row?.toldByEmail),
  };
}

/** What happened to a user since `before`: the notifications and e-mails written after it. */
async function newSince(userId: string, before: { notifications: number; emails: number }) {
  const notes = await notificationsOf(userId);
  const mails = await mailsOf(userId);
  return { notes: notes.slice(before.notifications), mails: mails.slice(before.emails) };
}

async function tally(userId: string) {
  return { notifications: (await notificationsOf(userId)).length, emails: (await mailsOf(userId)).length };
}

const transfer = (cookie: string, body: Record<string, unknown>) => call(harness.app, 'PUT', '/api/userMoneyTrans', cookie, body);
const toBob = (amount: unknown) => ({ id: aliceAccount, confirmedName: 'Bob Hossain', accNum: bobAccount, sendAmount: amount });

describe('a transfer', () => {
  it('tells the sender and the receiver, each in the app and by e-mail in their own language', async () => {
    const [aliceBefore, bobBefore] = [await tally(alice.userId), await tally(bob.userId)];
    const answer = await transfer(alice.cookie, toBob(1234.56));
    expect(answer.statusCode).toBe(200);
    // Both are told the short reference the sender's receipt shows, in its stored form.
    const reference = String(answer.json().reference).replaceAll('-', '');
    // Written out just after the commit, off the transfer's path: wait for that, not a while.
    await harness.app.services.notices.settled();
    const sent = await newSince(alice.userId, aliceBefore);
    const received = await newSince(bob.userId, bobBefore);
    expect(sent.notes).toEqual([
      { kind: 'transfer-out', read_at: null, params: { amountPoisha: '123456', accountId: aliceAccount, counterpartyName: 'Bob Hossain', counterpartyAccountId: bobAccount, reference } },
    ]);
    expect(received.notes).toEqual([
      { kind: 'transfer-in', read_at: null, params: { amountPoisha: '123456', accountId: bobAccount, counterpartyName: 'Alice Rahman', counterpartyAccountId: aliceAccount, reference } },
    ]);
    expect(sent.mails).toHaveLength(1);
    expect(sent.mails[0]).toMatchObject({ kind: 'transfer-out', recipient: alice.email, subject: 'Padma Bank: 1,234.56 BDT sent' });
    expect(sent.mails[0]?.body).toContain('Dear Alice Rahman,');
    expect(received.mails).toHaveLength(1);
    expect(received.mails[0]).toMatchObject({ kind: 'transfer-in', recipient: bob.email, subject: 'পদ্মা ব্যাংক: আপনি ১,২৩৪.৫৬ টাকা পেয়েছেন' });
    expect(received.mails[0]?.body).toContain('প্রিয় Bob Hossain,');
  });

  it('writes nothing when refused, and nothing when its transaction rolls back', async () => {
    const before = await counts();
    expect((await transfer(bob.cookie, { id: bobAccount, confirmedName: 'Alice Rahman', accNum: aliceAccount, sendAmount: 20_000 })).statusCode).toBe(400);
    expect((await transfer(alice.cookie, { ...toBob(10), confirmedName: 'Someone Else' })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);

    const user = {
      id: alice.userId,
      email: alice.email,
      name: 'Alice Rahman',
      image: null,
      role: 'user',
      mustChangePassword: false,
      language: 'en' as const,
      twoFactorEnabled: false,
      staffAdministrator: false,
      phoneVerified: false,
    };
    await expect(
      harness.database.db.transaction(async (tx) => {
        await transferInTransaction(tx, user, { senderAccountId: aliceAccount, confirmedReceiverName: 'Bob Hossain', receiverAccountId: bobAccount, amountPoisha: 1_000n });
        throw new Error('the event failed after its notices were written');
      }),
    ).rejects.toThrow('the event failed');
    await harness.app.services.notices.settled();
    expect(await counts()).toEqual(before);
  });

  it('is told even when the server stops between its commit and the writing out of its notices', async () => {
    const before = await counts();
    const user = {
      id: alice.userId,
      email: alice.email,
      name: 'Alice Rahman',
      image: null,
      role: 'user',
      mustChangePassword: false,
      language: 'en' as const,
      twoFactorEnabled: false,
      staffAdministrator: false,
      phoneVerified: false,
    };
    // Committed outside the route, so nothing asks for its notices to be written out: as if the
    // instance that committed it had stopped at once.
    await harness.database.db.transaction((tx) =>
      transferInTransaction(tx, user, { senderAccountId: aliceAccount, confirmedReceiverName: 'Bob Hossain', receiverAccountId: bobAccount, amountPoisha: 1_000n }),
    );
    expect(await counts()).toEqual({ ...before, entries: before.entries + 1, deferred: before.deferred + 1 });

    // Any instance's next sweep writes them out, exactly once, whoever takes the row. The
    // sender's and the receiver's e-mails from the first test have not been sent (no outbox runs
    // here), so this transfer is added to them rather than making two more.
    const [first, second] = await Promise.all([expandDeferredNotices(harness.database.db, 10), expandDeferredNotices(harness.database.db, 10)]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    const after = await counts();
    expect(after).toMatchObject({ entries: before.entries + 1, deferred: before.deferred, toldInApp: before.toldInApp + 2, toldByEmail: before.toldByEmail + 2, emails: before.emails });
  });

  it('tells a receiver of 200 small transfers in one e-mail and one notification that say how many and how much, not 200', async () => {
    const dipa = await registerCustomer(harness.app, { name: 'Dipa Roy' });
    const dipaAccount = await openFundedAccount(harness.app, dipa, staff, 0, { user: 'Dipa Roy' });
    const before = { alice: await tally(alice.userId), dipa: await tally(dipa.userId), counts: await counts() };
    const toDipa = { id: aliceAccount, confirmedName: 'Dipa Roy', accNum: dipaAccount, sendAmount: 10 };
    const responses = await Promise.all(Array.from({ length: 200 }, () => transfer(alice.cookie, toDipa)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(200).fill(200));
    await harness.app.services.notices.settled();

    const after = await counts();
    expect(after.deferred).toBe(0);
    expect(after.entries - before.counts.entries).toBe(200);
    expect(after.toldInApp - before.counts.toldInApp).toBe(400);
    expect(after.toldByEmail - before.counts.toldByEmail).toBe(400);
    const received = await newSince(dipa.userId, before.dipa);
    // One notification for the quarter of an hour (two if the test runs across the turn of one).
    expect(received.notes.length).toBeGreaterThanOrEqual(1);
    expect(received.notes.length).toBeLessThanOrEqual(2);
    expect(received.notes.reduce((sum, note) => sum + Number(note.params.count ?? 1), 0)).toBe(200);
    expect(received.notes.reduce((sum, note) => sum + BigInt(note.params.totalPoisha ?? note.params.amountPoisha ?? 0), 0n)).toBe(200_000n);
    expect(received.mails).toHaveLength(1);
    expect(received.mails[0]).toMatchObject({ kind: 'transfer-in', recipient: dipa.email, subject: 'Padma Bank: you received 200 transfers, 2,000.00 BDT in all' });
    expect(received.mails[0]?.body).toContain('The latest: Alice Rahman (account');
    expect(received.mails[0]?.body).toContain('Your account statement lists each of them.');
    // The sender keeps a line per transfer in the app; their e-mails are grouped the same way.
    const sent = await newSince(alice.userId, before.alice);
    expect(sent.notes.filter((note) => note.kind === 'transfer-out')).toHaveLength(200);
    // Added to the sender's e-mail still waiting from the tests before (none when run alone).
    expect(sent.mails.length).toBeLessThanOrEqual(1);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0 });

    // Once that e-mail has gone, the next one waits a quarter of an hour, gathering what arrives meanwhile.
    const outgoing: OutgoingEmail[] = [];
    const mailer: Mailer = { send: async (email) => void outgoing.push(email), close: () => undefined };
    const outbox = [noticeMailSource('bank@padma.test', 'bulk')];
    await deliverDueMail(harness.database.db, mailer, outbox);
    const receivedBy = (email: string) => outgoing.filter((each) => each.to === email && each.subject.includes('you received'));
    expect(receivedBy(dipa.email).map((email) => email.subject)).toEqual(['Padma Bank: you received 200 transfers, 2,000.00 BDT in all']);
    expect((await transfer(alice.cookie, toDipa)).statusCode).toBe(200);
    await harness.app.services.notices.settled();
    await deliverDueMail(harness.database.db, mailer, outbox);
    expect(receivedBy(dipa.email)).toHaveLength(1);
    const rows = await harness.database.db.execute<{ sent_at: string | null; next_attempt_at: string }>(sql`
      SELECT sent_at, next_attempt_at FROM email_notice WHERE user_id = ${dipa.userId} AND kind = 'transfer-in' ORDER BY created_at`);
    expect(rows.rows).toHaveLength(2);
    const [first, next] = rows.rows;
    const heldMs = new Date(next?.next_attempt_at ?? 0).getTime() - new Date(first?.sent_at ?? 0).getTime();
    expect(heldMs).toBeGreaterThanOrEqual(15 * 60 * 1000 - 1_000);
    expect(heldMs).toBeLessThanOrEqual(15 * 60 * 1000 + 60_000);
  });

  it('adds transfers written out by many instances at once to the same e-mail, and none to an e-mail the outbox has claimed', async () => {
    const emon = await registerCustomer(harness.app, { name: 'Emon Sarkar' });
    const emonAccount = await openFundedAccount(harness.app, emon, staff, 0, { user: 'Emon Sarkar' });
    const before = { emon: await tally(emon.userId), counts: await counts() };
    const user = {
      id: alice.userId,
      email: alice.email,
      name: 'Alice Rahman',
      image: null,
      role: 'user',
      mustChangePassword: false,
      language: 'en' as const,
      twoFactorEnabled: false,
      staffAdministrator: false,
      phoneVerified: false,
    };
    // Twenty commits whose notices wait to be written out, then twenty writers taking one each at
    // once, while outboxes send bulk e-mail: whatever the interleaving, every transfer is told once.
    for (let index = 0; index < 20; index += 1) {
      await harness.database.db.transaction((tx) =>
        transferInTransaction(tx, user, { senderAccountId: aliceAccount, confirmedReceiverName: 'Emon Sarkar', receiverAccountId: emonAccount, amountPoisha: 1_500n }),
      );
    }
    const sent: OutgoingEmail[] = [];
    const mailer: Mailer = { send: async (email) => void sent.push(email), close: () => undefined };
    const outbox = [noticeMailSource('bank@padma.test', 'bulk')];
    await Promise.all([...Array.from({ length: 20 }, () => expandDeferredNotices(harness.database.db, 1)), ...Array.from({ length: 5 }, () => deliverDueMail(harness.database.db, mailer, outbox))]);
    await harness.app.services.notices.settled();
    const after = await counts();
    expect(after).toMatchObject({ deferred: 0, toldInApp: before.counts.toldInApp + 40, toldByEmail: before.counts.toldByEmail + 40 });
    expect((await newSince(emon.userId, before.emon)).notes.reduce((sum, note) => sum + Number(note.params.count ?? 1), 0)).toBe(20);

    // What was sent was written when it was claimed; what is still waiting holds the rest.
    const toldIn = (subject: string) => Number(/received (\d+) transfers/.exec(subject)?.[1] ?? 1);
    const receivedSent = sent.filter((email) => email.to === emon.email && email.subject.includes('you received'));
    const toldInSent = receivedSent.reduce((sum, email) => sum + toldIn(email.subject), 0);
    const waiting = await harness.database.db.execute<{ told: number; rows: number }>(sql`
      SELECT coalesce(sum(coalesce((facts -> 'params' ->> 'count')::int, 1)), 0)::int AS told, count(*)::int AS rows
      FROM email_notice WHERE user_id = ${emon.userId} AND kind = 'transfer-in' AND sent_at IS NULL`);
    expect(toldInSent + Number(waiting.rows[0]?.told)).toBe(20);
    // At most one e-mail waits, and at most one more was sent: the next is held for a quarter of an hour.
    expect(Number(waiting.rows[0]?.rows)).toBeLessThanOrEqual(1);
    expect(receivedSent.length).toBeLessThanOrEqual(1);
  });
});

describe('the notifications of the signed-in user', () => {
  it('lists them newest first, a page at a time, counts the unread, and marks one or all read', async () => {
    const carol = await registerCustomer(harness.app, { name: 'Carol Das' });
    const carolAccount = await openFundedAccount(harness.app, carol, staff, 1_000, { user: 'Carol Das' });
    // Money sent is one notification per transfer (money received is grouped: see above).
    for (const amount of [10, 20, 30]) expect((await transfer(carol.cookie, { id: carolAccount, confirmedName: 'Alice Rahman', accNum: aliceAccount, sendAmount: amount })).statusCode).toBe(200);
    await harness.app.services.notices.settled();

    // Her account's approval, her deposit's approval and her three transfers.
    expect((await call(harness.app, 'GET', '/api/notifications/unread-count', carol.cookie)).json()).toEqual({ unread: 5 });
    const page = await call(harness.app, 'GET', '/api/notifications?limit=2', carol.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('5');
    const rows = page.json() as Array<{ _id: string; kind: string; params: Record<string, string>; readAt: string | null }>;
    expect(rows.map((row) => row.kind)).toEqual(['transfer-out', 'transfer-out']);
    const rest = (await call(harness.app, 'GET', '/api/notifications?limit=2&offset=2', carol.cookie)).json() as typeof rows;
    expect(rest.map((row) => row.kind)).toContain('request-approved');

    const first = rows[0];
    expect(first?.readAt).toBeNull();
    const marked = await call(harness.app, 'POST', `/api/notifications/${first?._id}/read`, carol.cookie);
    expect(marked.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await call(harness.app, 'POST', `/api/notifications/${first?._id}/read`, carol.cookie)).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    expect((await call(harness.app, 'GET', '/api/notifications/unread-count', carol.cookie)).json()).toEqual({ unread: 4 });

    // Another user's notification answers exactly like a missing one.
    const othersAnswer = await call(harness.app, 'POST', `/api/notifications/${first?._id}/read`, bob.cookie);
    const missingAnswer = await call(harness.app, 'POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read', bob.cookie);
    expect(othersAnswer.statusCode).toBe(404);
    expect(othersAnswer.json()).toEqual(missingAnswer.json());

    expect((await call(harness.app, 'POST', '/api/notifications/read-all', carol.cookie)).json()).toEqual({ acknowledged: true, modifiedCount: 4 });
    expect((await call(harness.app, 'GET', '/api/notifications/unread-count', carol.cookie)).json()).toEqual({ unread: 0 });
  });

  it('refuses bad input with a 400 naming the field, and needs a session', async () => {
    const badId = await call(harness.app, 'POST', '/api/notifications/not-a-uuid/read', alice.cookie);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toHaveProperty('id');
    const badLimit = await call(harness.app, 'GET', '/api/notifications?limit=500', alice.cookie);
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().error.fields).toHaveProperty('limit');
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read-all'],
      ['POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
    ] as const) {
      expect((await call(harness.app, method, url, undefined)).statusCode).toBe(401);
    }
  });
});

describe('staff decisions', () => {
  it('tell the owner of every approval and decline, with the amount and the reason', async () => {
    const dina = await registerCustomer(harness.app, { name: 'Dina Akter' });
    let before = await tally(dina.userId);
    const accountId = await requestAccount(harness.app, dina, { user: 'Dina Akter' });
    await approveAccount(harness.app, staff, accountId);
    let latest = await newSince(dina.userId, before);
    expect(latest.notes).toEqual([{ kind: 'request-approved', read_at: null, params: { request: 'account', accountId } }]);
    expect(latest.mails.map((mail) => mail.subject)).toEqual(['Padma Bank: your account request was approved']);

    before = await tally(dina.userId);
    const deposit = await call(harness.app, 'PUT', '/api/depositReq', dina.cookie, { accNum: accountId, depositAmount: 125000 });
    await call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: deposit.json().insertedId });
    latest = await newSince(dina.userId, before);
    expect(latest.notes[0]).toMatchObject({ kind: 'request-approved', params: { request: 'deposit', amountPoisha: '12500000' } });
    expect(latest.mails[0]?.body).toContain('Your deposit of 1,25,000.00 BDT was approved and credited to your account');

    before = await tally(dina.userId);
    const card = await call(harness.app, 'POST', '/api/cardsReq', dina.cookie, { card: 'debit', accNum: accountId });
    await call(harness.app, 'DELETE', '/api/dashCardDelete', staff, { id: card.json().insertedId, reason: 'documents_incomplete', note: 'The NID photo is blurred' });
    latest = await newSince(dina.userId, before);
    expect(latest.notes).toEqual([
      { kind: 'request-declined', read_at: null, params: { request: 'card', accountId, cardType: 'debit', reason: 'documents_incomplete', note: 'The NID photo is blurred' } },
    ]);
    expect(latest.mails[0]?.body).toContain('Reason: The documents were incomplete or could not be read');
    expect(latest.mails[0]?.body).toContain("The bank's note: The NID photo is blurred");

    // A card already issued and then cancelled is told as a cancelled card, not a declined request.
    const issued = await call(harness.app, 'POST', '/api/cardsReq', dina.cookie, { card: 'debit', accNum: accountId });
    expect((await call(harness.app, 'PUT', '/api/dashCardDebit', staff, { id: issued.json().insertedId })).statusCode).toBe(200);
    before = await tally(dina.userId);
    await call(harness.app, 'DELETE', '/api/dashCardDelete', staff, { id: issued.json().insertedId, reason: 'other', note: 'Reported lost at the branch' });
    latest = await newSince(dina.userId, before);
    expect(latest.notes).toEqual([{ kind: 'card-cancelled', read_at: null, params: { accountId, cardType: 'debit', reason: 'other', note: 'Reported lost at the branch' } }]);
    expect(latest.mails.map((mail) => mail.subject)).toEqual(['Padma Bank: your card was cancelled']);
    expect(latest.mails[0]?.body).toContain('the bank cancelled your debit card for account');

    before = await tally(dina.userId);
    const { payload, headers } = multipartImage(onePixelPng, { purpose: 'document' });
    const passport = (await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie: dina.cookie } })).json().data.url;
    const loanBody = { loan: 'home', accNum: accountId, income: 80000, company: 'Meghna Textiles Ltd.', lAmount: 50000, lDuration: '12', document: passport, documentKind: 'salary-certificate' };
    const loanId = (await call(harness.app, 'POST', '/api/loanReq', dina.cookie, loanBody)).json().insertedId;
    expect((await call(harness.app, 'PUT', '/api/userLoanUpdate', staff, { id: loanId })).statusCode).toBe(200);
    expect((await call(harness.app, 'PUT', '/api/lInfoUpdate', dina.cookie, { id: loanId, accNum: accountId, amount: 1500 })).statusCode).toBe(200);
    latest = await newSince(dina.userId, before);
    expect(latest.notes.map((note) => [note.kind, note.params.request ?? note.params.outstandingPoisha])).toEqual([
      ['request-approved', 'loan'],
      ['loan-repaid', '5000000'],
    ]);
    expect(latest.mails.map((mail) => mail.kind)).toEqual(['request-approved', 'loan-repaid']);
    expect(latest.mails[1]?.body).toContain('Still to repay: 50,000.00 BDT.');
  });

  it('write nothing when the decision is refused', async () => {
    const accountId = await requestAccount(harness.app, alice, { user: 'Alice Rahman' });
    await approveAccount(harness.app, staff, accountId);
    const before = await counts();
    expect((await call(harness.app, 'PUT', `/api/userStatusUpdate/${accountId}`, staff, {})).statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });
});

describe('security events', () => {
  it('tells of a password change and a profile change', async () => {
    const erin = await registerCustomer(harness.app, { name: 'Erin Sultana' });
    const changed = await call(harness.app, 'POST', '/api/auth/change-password', erin.cookie, { currentPassword: 'a long customer passphrase 42', newPassword: 'another long passphrase 2026' });
    expect(changed.statusCode).toBe(200);
    const cookie = changed.headers['set-cookie'] ? (String(changed.headers['set-cookie']).split(';')[0] ?? erin.cookie) : erin.cookie;
    expect((await call(harness.app, 'POST', '/api/auth/update-user', cookie, { name: 'Erin Sultana Khan' })).statusCode).toBe(200);
    const notes = await notificationsOf(erin.userId);
    expect(notes.map((note) => note.kind)).toEqual(['password-changed', 'profile-changed']);
    expect(notes[1]?.params).toEqual({ fields: 'name' });
    const mails = await mailsOf(erin.userId);
    expect(mails.map((mail) => mail.subject)).toEqual(['Padma Bank: your password was changed', 'Padma Bank: your profile was changed']);
    expect(mails[1]?.body).toContain('Dear Erin Sultana Khan,');
  });

  it('tells of a sign-in from a new device, never of the first one, and e-mails at most once a quarter-hour', async () => {
    const farid = await registerCustomer(harness.app, { name: 'Farid Ahmed' });
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const signInFrom = (userAgent: string, remoteAddress: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress,
        payload: { email: farid.email, password: farid.password },
        headers: { origin: harness.app.services.publicUrl, 'user-agent': userAgent },
      });

    expect((await signInFrom(android, '203.0.113.10')).statusCode).toBe(200);
    // The same phone a few addresses along in its provider's block, and a newer Chrome: the same device.
    expect((await signInFrom(android.replace('131.0', '132.0'), '203.0.113.99')).statusCode).toBe(200);
    expect(await notificationsOf(farid.userId)).toEqual([]);

    expect((await signInFrom(windows, '203.0.113.10')).statusCode).toBe(200);
    expect((await signInFrom(android, '198.51.100.7')).statusCode).toBe(200);
    const notes = await notificationsOf(farid.userId);
    expect(notes.map((note) => note.params)).toEqual([
      { device: 'Chrome on Windows', address: '203.0.113.10' },
      { device: 'Chrome on Android', address: '198.51.100.7' },
    ]);
    const mails = await mailsOf(farid.userId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'new-device', subject: 'Padma Bank: a sign-in from a new device' });
    expect(mails[0]?.body).toContain('Chrome on Windows, internet address 203.0.113.10');
  });
});

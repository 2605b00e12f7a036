import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionReasonLengthMax } from '../../../shared/constants';
import { dhakaToInstant, instantToDhaka } from '../../../shared/dates';
import { schema } from '../../db/client';
import { call } from '../../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, staffAuthenticator, type TestApp } from '../../test-support/test-app';
import { freshTotpCode } from '../../test-support/two-factor';
import { currentNoticesCache, currentNoticesCacheMs } from './service-notices.service';

let harness: TestApp;
/** Staff A proposes; B, C, D and E are the colleagues who approve, each with their own authenticator app. */
let staffA: string;
let staffAId: string;
const colleagues = new Map<'B' | 'C' | 'D' | 'E', { cookie: string; email: string; userId: string; name: string }>();

/** Another member of staff, signed in with two-step verification as every member of staff is. */
async function colleague(name: string) {
  const person = await registerCustomer(harness.app, { name });
  await harness.database.db.update(schema.user).set({ role: 'staff' }).where(eq(schema.user.id, person.userId));
  return { cookie: await signInStaff(harness.app, { email: person.email, password: person.password }), email: person.email, userId: person.userId, name };
}

beforeAll(async () => {
  harness = await createTestApp();
  staffA = await signInStaff(harness.app);
  const [me] = await harness.database.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.role, 'staff'));
  staffAId = me?.id ?? '';
  for (const [key, name] of [
    ['B', 'Nasrin Sultana'],
    ['C', 'Tanvir Ahmed'],
    ['D', 'Shapla Khatun'],
    ['E', 'Rubel Hasan'],
  ] as const)
    colleagues.set(key, await colleague(name));
});
afterAll(async () => harness.close());

const staff = (key: 'B' | 'C' | 'D' | 'E') => {
  const found = colleagues.get(key);
  if (!found) throw new Error(`no staff member ${key}`);
  return found;
};

const minutes = (count: number) => count * 60_000;
/** A Dhaka wall-clock time `offsetMs` from now, as the staff's form sends it. */
const dhakaIn = (offsetMs: number) => instantToDhaka(new Date(Date.now() + offsetMs));
const notice = (overrides: Record<string, unknown> = {}) => ({
  kind: 'maintenance',
  textEn: 'Internet banking pauses for upgrades.',
  textBn: 'আপগ্রেডের জন্য ইন্টারনেট ব্যাংকিং সাময়িক বন্ধ থাকবে।',
  startsAt: dhakaIn(-minutes(2)),
  endsAt: dhakaIn(minutes(60)),
  ...overrides,
});

const propose = (cookie: string, body: Record<string, unknown>) => call(harness.app, 'POST', '/api/serviceNoticeProposals', cookie, body);
const approve = (cookie: string, id: string, code?: string) =>
  call(harness.app, 'PUT', `/api/serviceNoticeProposals/${id}/approve`, cookie, {}, code === undefined ? {} : { 'second-factor-code': code });
const decline = (cookie: string, id: string, body: unknown) => call(harness.app, 'PUT', `/api/serviceNoticeProposals/${id}/decline`, cookie, body);
/** A colleague's approval, confirmed with a fresh code from their authenticator app as every publication is. */
const approvedBy = async (key: 'B' | 'C' | 'D' | 'E', id: string) => approve(staff(key).cookie, id, await freshTotpCode(staffAuthenticator(staff(key).email)));
const shownNow = async () => (await call(harness.app, 'GET', '/api/serviceNotices/current', undefined)).json() as Array<{ id: string; textEn: string }>;

async function proposed(body: Record<string, unknown>): Promise<string> {
  const response = await propose(staffA, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().insertedId as string;
}

const count = async (query: ReturnType<typeof sql>) => Number((await harness.database.db.execute<{ count: number }>(query)).rows[0]?.count);
const noticeCount = () => count(sql`SELECT count(*)::int AS count FROM service_notice`);
const proposalCount = () => count(sql`SELECT count(*)::int AS count FROM service_notice_proposal`);
const noticesOf = (proposalId: string) => harness.database.db.select().from(schema.serviceNotice).where(eq(schema.serviceNotice.proposalId, proposalId));

async function auditOf(subjectId: string): Promise<Array<{ action: string; actor: string | null; detail: Record<string, unknown> }>> {
  return harness.database.db
    .select({ action: schema.auditEvent.action, actor: schema.auditEvent.actorUserId, detail: schema.auditEvent.detail })
    .from(schema.auditEvent)
    .where(eq(schema.auditEvent.subjectId, subjectId))
    .orderBy(schema.auditEvent.id);
}

/** A proposal written as if made earlier, with times that have already passed (the route refuses them). */
async function proposalWithPassedWindow(): Promise<string> {
  const result = await harness.database.db.execute<{ id: string }>(sql`
    INSERT INTO service_notice_proposal (kind, text_en, text_bn, starts_at, ends_at, proposed_by_user_id)
    VALUES ('outage', 'Was true yesterday', 'গতকাল সত্য ছিল', now() - interval '2 hours', now() - interval '1 hour', ${staffAId}) RETURNING id`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('set-up failed: a proposal');
  return id;
}

describe('Dhaka times', () => {
  it('read a wall-clock time at UTC+6 and refuse dates that do not exist', () => {
    expect(dhakaToInstant('2026-11-24T22:00')?.toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(dhakaToInstant('2026-11-25T05:30:15')?.toISOString()).toBe('2026-11-24T23:30:15.000Z');
    expect(instantToDhaka('2026-11-24T16:00:00.000Z')).toBe('2026-11-24T22:00');
    for (const bad of ['2026-02-30T10:00', '2026-11-24 22:00', '2026-11-24T25:00', 'tonight', '']) expect(dhakaToInstant(bad), bad).toBeUndefined();
  });
});

describe('a service notice takes two members of staff', () => {
  it('shows nothing a staff member proposes until another approves it with a code; the proposer cannot approve it', async () => {
    // The one-person way to post is gone.
    expect((await call(harness.app, 'POST', '/api/serviceNotices', staffA, notice())).statusCode).toBe(404);
    const noticesBefore = await noticeCount();

    const id = await proposed(notice());
    expect(await shownNow()).toEqual([]);
    expect(await noticeCount()).toBe(noticesBefore);
    const pending = await call(harness.app, 'GET', '/api/serviceNoticeProposals?status=pending', staff('B').cookie);
    expect(pending.headers['x-total-count']).toBe('1');
    expect(pending.json()).toEqual([
      expect.objectContaining({
        id,
        kind: 'maintenance',
        textBn: 'আপগ্রেডের জন্য ইন্টারনেট ব্যাংকিং সাময়িক বন্ধ থাকবে।',
        status: 'pending',
        proposedByUserId: staffAId,
        decidedBy: null,
        declinedReason: null,
      }),
    ]);
    expect(pending.json()[0].proposedBy).toEqual(expect.any(String));

    // The proposer's own approval is refused, without asking for a code, and shows nothing.
    const own = await approve(staffA, id);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toMatchObject({ code: 'second_approver_required', message: 'Another staff member must approve a change you asked for' });
    expect(await shownNow()).toEqual([]);

    // A colleague confirms with a fresh code from their authenticator app.
    const withoutCode = await approve(staff('B').cookie, id);
    expect(withoutCode.statusCode).toBe(403);
    expect(withoutCode.json().error.code).toBe('second_factor_required');
    expect(await shownNow()).toEqual([]);
    const approved = await approvedBy('B', id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ acknowledged: true, modifiedCount: 1 });

    const [published] = await noticesOf(id);
    expect(published).toMatchObject({ createdByUserId: staffAId, approvedByUserId: staff('B').userId, textEn: 'Internet banking pauses for upgrades.' });
    const noticeId = published?.id ?? '';
    expect((await shownNow()).map((shown) => shown.id)).toEqual([noticeId]);
    const decided = (await call(harness.app, 'GET', '/api/serviceNoticeProposals?status=approved', staffA)).json();
    expect(decided).toEqual([expect.objectContaining({ id, status: 'approved', decidedBy: 'Nasrin Sultana' })]);
    const again = await approve(staff('B').cookie, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_decided');

    const trail = await auditOf(id);
    expect(trail.map((event) => [event.action, event.actor])).toEqual([
      ['service_notice.propose', staffAId],
      ['service_notice.approve', staff('B').userId],
    ]);
    expect(trail[0]?.detail).toMatchObject({ kind: 'maintenance', textEn: 'Internet banking pauses for upgrades.', after: 'pending' });
    expect(trail[1]?.detail).toMatchObject({ noticeId, before: 'pending', after: 'approved' });

    // Taking it down takes one person, the proposer included: it is gone at once, and audited.
    const ended = await call(harness.app, 'POST', `/api/serviceNotices/${noticeId}/end`, staffA, {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().endedEarly).toBe(true);
    expect(await shownNow()).toEqual([]);
    const endedAgain = await call(harness.app, 'POST', `/api/serviceNotices/${noticeId}/end`, staffA, {});
    expect(endedAgain.statusCode).toBe(409);
    expect(endedAgain.json().error.code).toBe('already_ended');
    expect((await auditOf(noticeId)).map((event) => [event.action, event.actor])).toEqual([['service_notice.end', staffAId]]);
  });

  it('shows an approved notice from its start, not before, and an upcoming one ended early never shows', async () => {
    const id = await proposed(notice({ kind: 'outage', startsAt: dhakaIn(minutes(120)), endsAt: dhakaIn(minutes(180)) }));
    expect((await approvedBy('C', id)).statusCode).toBe(200);
    const [published] = await noticesOf(id);
    expect(await shownNow()).toEqual([]);
    const listed = (await call(harness.app, 'GET', '/api/serviceNotices', staffA)).json() as Array<{ id: string }>;
    expect(listed.map((row) => row.id)).toContain(published?.id);
    expect((await call(harness.app, 'POST', `/api/serviceNotices/${published?.id}/end`, staff('B').cookie, {})).statusCode).toBe(200);
    expect(await shownNow()).toEqual([]);
  });

  it('is declined with a reason the proposer reads, and publishes nothing; the proposer may withdraw their own', async () => {
    const id = await proposed(notice({ textEn: 'Internet banking pauses for upgardes.' }));
    const withoutReason = await decline(staff('B').cookie, id, {});
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json().error.fields.reason).toBe('Reason is required');
    const tooLong = await decline(staff('B').cookie, id, { reason: 'x'.repeat(decisionReasonLengthMax + 1) });
    expect(tooLong.json().error.fields.reason).toBe(`Reason must be at most ${decisionReasonLengthMax} characters`);
    const declined = await decline(staff('B').cookie, id, { reason: 'Spelling: "upgardes"' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await call(harness.app, 'GET', '/api/serviceNoticeProposals?status=declined', staffA)).json()).toEqual([
      expect.objectContaining({ id, status: 'declined', decidedBy: 'Nasrin Sultana', declinedReason: 'Spelling: "upgardes"' }),
    ]);
    expect(await noticesOf(id)).toEqual([]);
    expect(await shownNow()).toEqual([]);
    const late = await approve(staff('D').cookie, id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('already_declined');
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'service_notice.decline', actor: staff('B').userId, detail: { note: 'Spelling: "upgardes"', after: 'declined' } });

    const withdrawn = await proposed(notice());
    expect((await decline(staffA, withdrawn, { reason: 'Posted twice' })).statusCode).toBe(200);
  });

  it('refuses to publish a proposal whose end has passed, without asking for a code', async () => {
    const id = await proposalWithPassedWindow();
    const refused = await approve(staff('B').cookie, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('notice_window_passed');
    expect(await noticesOf(id)).toEqual([]);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await proposalCount();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ kind: 'party' }, 'kind', 'kind must be maintenance or outage'],
      [{ textEn: '  ' }, 'textEn', 'English text is required'],
      [{ textBn: undefined }, 'textBn', 'Bangla text is required'],
      [{ textBn: 'ক'.repeat(301) }, 'textBn', 'Bangla text must be at most 300 characters'],
      [{ startsAt: 'tonight' }, 'startsAt', 'Start time must be a date and time in Dhaka like 2026-11-24T22:00'],
      [{ endsAt: '2026-02-30T10:00' }, 'endsAt', 'End time is not a real date'],
      [{ startsAt: '0000-01-01T00:00' }, 'startsAt', 'Start time must be in the years 2000 to 2100'],
      [{ endsAt: '2026-11-24T22:00+14:00' }, 'endsAt', 'End time must be a date and time in Dhaka like 2026-11-24T22:00'],
      [{ startsAt: '2030-01-01T22:00', endsAt: '2030-01-01T22:00' }, 'endsAt', 'End time must be after the start time'],
      [{ startsAt: '2030-01-01T22:00', endsAt: '2030-01-01T21:00' }, 'endsAt', 'End time must be after the start time'],
      [{ startsAt: dhakaIn(-minutes(120)), endsAt: dhakaIn(-minutes(60)) }, 'endsAt', 'End time must be in the future'],
    ];
    for (const [override, field, message] of cases) {
      const refused = await propose(staffA, notice(override));
      expect(refused.statusCode, JSON.stringify(override)).toBe(400);
      expect(refused.json().error.fields[field], JSON.stringify(override)).toBe(message);
    }
    expect((await call(harness.app, 'POST', '/api/serviceNotices/not-a-uuid/end', staffA, {})).statusCode).toBe(400);
    expect(await proposalCount()).toBe(before);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await approve(staff('B').cookie, missing)).json().error).toMatchObject({ code: 'not_found', message: 'Notice proposal was not found' });
    expect((await approve(staff('B').cookie, 'not-a-uuid')).statusCode).toBe(400);
    expect((await decline(staff('B').cookie, missing, { reason: 42 })).statusCode).toBe(400);
    expect((await call(harness.app, 'GET', '/api/serviceNoticeProposals?status=live', staffA)).statusCode).toBe(400);
  });

  it('publishes a proposal once however many staff approve it at the same moment', async () => {
    const id = await proposed(notice({ textEn: 'Raced notice.' }));
    const codes = { D: await freshTotpCode(staffAuthenticator(staff('D').email)), E: await freshTotpCode(staffAuthenticator(staff('E').email)) };
    // D and E with their codes, and the proposer, whose approvals go into the decision and are refused there.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => (index % 3 === 0 ? approve(staffA, id) : index % 3 === 1 ? approve(staff('D').cookie, id, codes.D) : approve(staff('E').cookie, id, codes.E))),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    // Every other one is refused: decided already, the proposer's own, or the approver's one code spent (and, spent again and again, throttled).
    for (const answer of answers.filter((each) => each.statusCode !== 200)) {
      expect([
        [409, 'already_decided'],
        [403, 'second_approver_required'],
        [400, 'second_factor_code_used'],
        [429, 'too_many_requests'],
      ]).toContainEqual([answer.statusCode, answer.json().error.code]);
    }
    expect(await noticesOf(id)).toHaveLength(1);
    expect((await auditOf(id)).map((event) => event.action)).toEqual(['service_notice.propose', 'service_notice.approve']);
    expect((await shownNow()).filter((shown) => shown.textEn === 'Raced notice.')).toHaveLength(1);
  });

  it('ends a notice once however many staff end it at the same moment', async () => {
    const [raced] = await noticesOf(
      (await call(harness.app, 'GET', '/api/serviceNoticeProposals?status=approved', staffA)).json().find((row: { textEn: string }) => row.textEn === 'Raced notice.').id,
    );
    const noticeId = raced?.id ?? '';
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => call(harness.app, 'POST', `/api/serviceNotices/${noticeId}/end`, index % 2 === 0 ? staffA : staff('B').cookie, {})));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409 && answer.json().error.code === 'already_ended')).toHaveLength(49);
    expect((await auditOf(noticeId)).map((event) => event.action)).toEqual(['service_notice.end']);
    expect(await shownNow()).toEqual([]);
  });
});

describe('the current notices', () => {
  it('are read from memory for a few seconds, one query for many page loads, and drop a notice the moment it ends', async () => {
    let now = Date.now();
    let queries = 0;
    const counting = new Proxy(harness.database.db, {
      get(target, property, receiver) {
        if (property === 'execute') queries += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const cache = currentNoticesCache(counting, () => now);
    // Written straight to the table: this is about the copy in memory, not about publishing.
    const endsAt = new Date(now + minutes(1)).toISOString();
    const inserted = await harness.database.db.execute<{ id: string; ends_at: string | Date }>(sql`
      INSERT INTO service_notice (kind, text_en, text_bn, starts_at, ends_at) VALUES ('maintenance', 'Soon over', 'শীঘ্রই শেষ', now() - interval '1 minute', ${endsAt}) RETURNING id, ends_at`);
    const endsSoon = inserted.rows[0]?.id;
    const shown = await Promise.all(Array.from({ length: 20 }, () => cache.current()));
    expect(queries).toBe(1);
    expect(shown.every((notices) => notices.some((one) => one.id === endsSoon))).toBe(true);
    now += currentNoticesCacheMs - 1;
    await cache.current();
    expect(queries).toBe(1);
    now += currentNoticesCacheMs;
    await cache.current();
    expect(queries).toBe(2);
    // The database still counts the notice current (its clock is real); the copy is filtered by the end.
    now = Date.parse(endsAt);
    expect((await cache.current()).some((one) => one.id === endsSoon)).toBe(false);
  });
});

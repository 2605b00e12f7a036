import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dhakaToInstant, instantToDhaka } from '../../../shared/dates';
import { schema } from '../../db/client';
import { call } from '../../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { currentNoticesCache, currentNoticesCacheMs } from './service-notices.service';

let harness: TestApp;
let staff: string;

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
});
afterAll(async () => harness.close());

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

const noticeCount = async () => Number((await harness.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM service_notice`)).rows[0]?.count);

describe('Dhaka times', () => {
  it('read a wall-clock time at UTC+6 and refuse dates that do not exist', () => {
    expect(dhakaToInstant('2026-11-24T22:00')?.toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(dhakaToInstant('2026-11-25T05:30:15')?.toISOString()).toBe('2026-11-24T23:30:15.000Z');
    expect(instantToDhaka('2026-11-24T16:00:00.000Z')).toBe('2026-11-24T22:00');
    for (const bad of ['2026-02-30T10:00', '2026-11-24 22:00', '2026-11-24T25:00', 'tonight', '']) expect(dhakaToInstant(bad), bad).toBeUndefined();
  });
});

describe('service notices', () => {
  it('are posted by staff, shown to everyone while current, audited, and ended early', async () => {
    const posted = await call(harness.app, 'POST', '/api/serviceNotices', staff, notice());
    expect(posted.statusCode, posted.body).toBe(200);
    const id = posted.json().id as string;
    expect(posted.json()).toMatchObject({ kind: 'maintenance', textBn: 'আপগ্রেডের জন্য ইন্টারনেট ব্যাংকিং সাময়িক বন্ধ থাকবে।', endedEarly: false });

    const later = await call(harness.app, 'POST', '/api/serviceNotices', staff, notice({ kind: 'outage', startsAt: dhakaIn(minutes(120)), endsAt: dhakaIn(minutes(180)) }));
    expect(later.statusCode).toBe(200);

    const current = await call(harness.app, 'GET', '/api/serviceNotices/current', undefined);
    expect(current.statusCode).toBe(200);
    expect(current.headers['cache-control']).toBe('public, max-age=5');
    expect(current.json().map((shown: { id: string }) => shown.id)).toEqual([id]);
    const customer = await registerCustomer(harness.app);
    expect((await call(harness.app, 'GET', '/api/serviceNotices/current', customer.cookie)).json()).toHaveLength(1);

    const listed = (await call(harness.app, 'GET', '/api/serviceNotices', staff)).json() as Array<{ id: string }>;
    expect(listed.map((row) => row.id)).toEqual(expect.arrayContaining([id, later.json().id]));

    const ended = await call(harness.app, 'POST', `/api/serviceNotices/${id}/end`, staff, {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().endedEarly).toBe(true);
    expect((await call(harness.app, 'GET', '/api/serviceNotices/current', undefined)).json()).toEqual([]);
    const again = await call(harness.app, 'POST', `/api/serviceNotices/${id}/end`, staff, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_ended');

    // Ending one that has not started yet withdraws it: it never shows.
    expect((await call(harness.app, 'POST', `/api/serviceNotices/${later.json().id}/end`, staff, {})).statusCode).toBe(200);

    const events = await harness.database.db.select({ action: schema.auditEvent.action }).from(schema.auditEvent).where(eq(schema.auditEvent.subjectId, id));
    expect(events.map((event) => event.action).sort()).toEqual(['service_notice.end', 'service_notice.post']);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await noticeCount();
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
    ];
    for (const [override, field, message] of cases) {
      const refused = await call(harness.app, 'POST', '/api/serviceNotices', staff, notice(override));
      expect(refused.statusCode, JSON.stringify(override)).toBe(400);
      expect(refused.json().error.fields[field], JSON.stringify(override)).toBe(message);
    }
    expect((await call(harness.app, 'POST', '/api/serviceNotices/not-a-uuid/end', staff, {})).statusCode).toBe(400);
    expect(await noticeCount()).toBe(before);
  });

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
    const endsSoon = await call(harness.app, 'POST', '/api/serviceNotices', staff, notice({ endsAt: instantToDhaka(new Date(now + minutes(1))) }));
    const shown = await Promise.all(Array.from({ length: 20 }, () => cache.current()));
    expect(queries).toBe(1);
    expect(shown.every((notices) => notices.some((one) => one.id === endsSoon.json().id))).toBe(true);
    now += currentNoticesCacheMs - 1;
    await cache.current();
    expect(queries).toBe(1);
    now += currentNoticesCacheMs;
    await cache.current();
    expect(queries).toBe(2);
    // The database still counts the notice current (its clock is real); the copy is filtered by the end.
    now = Date.parse(endsSoon.json().endsAt);
    expect((await cache.current()).some((one) => one.id === endsSoon.json().id)).toBe(false);
  });
});

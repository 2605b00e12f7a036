import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bangladeshHolidays } from '../../../shared/payment-rails/bangladesh-holidays';
import { holidayNameLengthMax, weekendHolidayMessage } from '../../../shared/schemas/holidays';
import { schema } from '../../db/client';
import { call } from '../../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { bankRailsCalendar } from './bank-rails-calendar';

let harness: TestApp;
let staff: string;
let staffId: string;
let customer: string;

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  const [me] = await harness.database.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.role, 'staff'));
  staffId = me?.id ?? '';
  customer = (await registerCustomer(harness.app, { name: 'Shirin Akter' })).cookie;
});
afterAll(async () => harness.close());

type Holiday = { date: string; nameEn: string; nameBn: string; predicted: boolean };
const yearOf = async (year: number, cookie = customer) => (await call(harness.app, 'GET', `/api/holidays?year=${year}`, cookie)).json() as Holiday[];
const add = (body: Record<string, unknown>, cookie = staff, headers: Record<string, string> = {}) => call(harness.app, 'POST', '/api/holidays', cookie, body, headers);
const correct = (date: string, body: Record<string, unknown>, cookie = staff) => call(harness.app, 'PUT', `/api/holidays/${date}`, cookie, body);
const remove = (date: string, cookie = staff) => call(harness.app, 'DELETE', `/api/holidays/${date}`, cookie);

const calendarRows = () => harness.database.db.select().from(schema.bankHoliday).orderBy(asc(schema.bankHoliday.date));
const auditOf = (date: string) =>
  harness.database.db
    .select({ action: schema.auditEvent.action, actor: schema.auditEvent.actorUserId, subjectType: schema.auditEvent.subjectType, detail: schema.auditEvent.detail })
    .from(schema.auditEvent)
    .where(eq(schema.auditEvent.subjectId, date))
    .orderBy(asc(schema.auditEvent.id));

/** A Thursday, a working day no seeded holiday touches. */
const workingThursday = '2026-11-26';
const foundationDay = { date: workingThursday, nameEn: 'Bank foundation day', nameBn: 'ব্যাংকের প্রতিষ্ঠা দিবস', predicted: false };

describe('the bank’s holiday calendar', () => {
  it('starts as Bangladesh’s published list, which any signed-in customer reads a year at a time in date order', async () => {
    const asListed = (year: number) => bangladeshHolidays.filter((holiday) => holiday.date.startsWith(`${year}-`)).map((holiday) => ({ ...holiday, predicted: holiday.predicted ?? false }));
    expect(await yearOf(2026)).toEqual(asListed(2026));
    expect(await yearOf(2027)).toEqual(asListed(2027));
    expect(await yearOf(2030)).toEqual([]);
    expect((await yearOf(2026)).find((holiday) => holiday.date === '2026-12-16')).toEqual({ date: '2026-12-16', nameEn: 'Victory Day', nameBn: 'বিজয় দিবস', predicted: false });
    expect((await calendarRows()).every((row) => row.addedByUserId === null && row.changedAt === null)).toBe(true);
  });

  it('refuses a missing or unreadable year naming it, and a reader who is not signed in', async () => {
    for (const query of ['', '?year=', '?year=twenty', '?year=1999', '?year=2101', '?year=2026.5']) {
      const response = await call(harness.app, 'GET', `/api/holidays${query}`, customer);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().error.fields), query).toEqual(['year']);
    }
    const signedOut = await call(harness.app, 'GET', '/api/holidays?year=2026', undefined);
    expect(signedOut.statusCode).toBe(401);
  });

  it('takes a new holiday from staff, shows it at once to readers and to the rails, and keeps who added it in the audit trail', async () => {
    expect((await bankRailsCalendar(harness.database.db)).isWorkingDay(workingThursday)).toBe(true);
    const added = await add({ ...foundationDay, nameEn: '  Bank foundation day  ' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual(foundationDay);
    expect((await yearOf(2026)).filter((holiday) => holiday.date.startsWith('2026-11'))).toEqual([foundationDay]);
    expect((await bankRailsCalendar(harness.database.db)).isWorkingDay(workingThursday)).toBe(false);
    const [row] = (await calendarRows()).filter((holiday) => holiday.date === workingThursday);
    expect(row).toMatchObject({ addedByUserId: staffId, changedByUserId: null, changedAt: null });

    expect(await auditOf(workingThursday)).toEqual([
      {
        action: 'bank_holiday.add',
        actor: staffId,
        subjectType: 'bank_holiday',
        detail: { before: null, after: 'confirmed', nameEn: 'Bank foundation day', nameBn: 'ব্যাংকের প্রতিষ্ঠা দিবস', predicted: false },
      },
    ]);
  });

  it('answers a resend with the same Idempotency-Key as the first, and a date already in the calendar with 409', async () => {
    const key = { 'idempotency-key': randomUUID() };
    const body = { date: '2027-11-25', nameEn: 'Extra holiday', nameBn: 'অতিরিক্ত ছুটি', predicted: true };
    const first = await add(body, staff, key);
    expect(first.statusCode, first.body).toBe(200);
    const resent = await add(body, staff, key);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual(first.json());

    const again = await add({ ...body, nameEn: 'Another name' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('holiday_exists');
    const seeded = await add({ date: '2026-12-16', nameEn: 'Victory', nameBn: 'বিজয়', predicted: false });
    expect(seeded.statusCode).toBe(409);
    expect((await yearOf(2026)).find((holiday) => holiday.date === '2026-12-16')?.nameEn).toBe('Victory Day');
    expect((await auditOf('2027-11-25')).map((event) => event.action)).toEqual(['bank_holiday.add']);
  });

  it('refuses a day that does not exist, a Friday or Saturday, and empty or long names, each naming its field and writing nothing', async () => {
    const before = await calendarRows();
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ ...foundationDay, date: '2026-02-30' }, 'date', 'Holiday date is not a real date'],
      [{ ...foundationDay, date: '26-11-2026' }, 'date', 'Holiday date must be a date like 2026-12-16'],
      [{ ...foundationDay, date: '1999-11-25' }, 'date', 'Holiday date must be in the years 2000 to 2100'],
      [{ ...foundationDay, date: '2026-11-27' }, 'date', weekendHolidayMessage],
      [{ ...foundationDay, date: '2026-11-28' }, 'date', weekendHolidayMessage],
      [{ ...foundationDay, date: '2026-11-29', nameEn: '   ' }, 'nameEn', 'English name is required'],
      [{ ...foundationDay, date: '2026-11-29', nameBn: '' }, 'nameBn', 'Bangla name is required'],
      [{ ...foundationDay, date: '2026-11-29', nameBn: 'ছ'.repeat(holidayNameLengthMax + 1) }, 'nameBn', `Bangla name must be at most ${holidayNameLengthMax} characters`],
      [{ ...foundationDay, date: '2026-11-29', nameEn: 'Holiday\u202Ename' }, 'nameEn', 'English name must not contain'],
      [{ ...foundationDay, date: '2026-11-29', predicted: 'yes' }, 'predicted', 'predicted must be true or false'],
    ];
    for (const [body, field, message] of refusals) {
      const response = await add(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fields), JSON.stringify(body)).toEqual([field]);
      expect(response.json().error.fields[field]).toContain(message);
    }
    expect(await calendarRows()).toEqual(before);
  });

  it('corrects a predicted holiday’s names and confirms its date, with the names before and after in the audit trail', async () => {
    const date = '2026-03-19';
    expect((await yearOf(2026)).find((holiday) => holiday.date === date)).toEqual({ date, nameEn: 'Eid-ul-Fitr holiday', nameBn: 'ঈদুল ফিতরের ছুটি', predicted: true });
    const corrected = await correct(date, { nameEn: 'Eid-ul-Fitr (first day off)', nameBn: 'ঈদুল ফিতরের প্রথম ছুটি', predicted: false });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toEqual({ date, nameEn: 'Eid-ul-Fitr (first day off)', nameBn: 'ঈদুল ফিতরের প্রথম ছুটি', predicted: false });
    expect((await yearOf(2026)).find((holiday) => holiday.date === date)).toEqual(corrected.json());
    expect((await calendarRows()).find((row) => row.date === date)).toMatchObject({ addedByUserId: null, changedByUserId: staffId, changedAt: expect.any(Date) });
    expect(await auditOf(date)).toEqual([
      {
        action: 'bank_holiday.correct',
        actor: staffId,
        subjectType: 'bank_holiday',
        detail: {
          before: 'predicted',
          after: 'confirmed',
          previous: { nameEn: 'Eid-ul-Fitr holiday', nameBn: 'ঈদুল ফিতরের ছুটি', predicted: true },
          corrected: { nameEn: 'Eid-ul-Fitr (first day off)', nameBn: 'ঈদুল ফিতরের প্রথম ছুটি', predicted: false },
        },
      },
    ]);
  });

  it('refuses a correction of a day not in the calendar (404), of a date that does not exist, or with empty names (400), writing nothing', async () => {
    const before = await calendarRows();
    const missing = await correct('2026-11-30', { nameEn: 'Nothing', nameBn: 'কিছু না', predicted: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    const unreal = await correct('2026-02-30', { nameEn: 'Nothing', nameBn: 'কিছু না', predicted: false });
    expect(unreal.statusCode).toBe(400);
    expect(Object.keys(unreal.json().error.fields)).toEqual(['date']);
    const empty = await correct('2026-12-16', { nameEn: 'Victory Day', nameBn: ' ', predicted: false });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ nameBn: 'Bangla name is required' });
    expect(await calendarRows()).toEqual(before);
    expect(await auditOf('2026-11-30')).toEqual([]);
  });

  it('removes a holiday: the rails open that day again, the trail keeps what it was, and a second removal is 404', async () => {
    const date = '2026-06-25';
    expect((await bankRailsCalendar(harness.database.db)).isWorkingDay(date)).toBe(false);
    const removed = await remove(date);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ date, nameEn: 'Ashura', nameBn: 'আশুরা', predicted: true });
    expect((await yearOf(2026)).some((holiday) => holiday.date === date)).toBe(false);
    expect((await bankRailsCalendar(harness.database.db)).isWorkingDay(date)).toBe(true);
    expect(await auditOf(date)).toEqual([
      { action: 'bank_holiday.remove', actor: staffId, subjectType: 'bank_holiday', detail: { before: 'predicted', after: 'removed', nameEn: 'Ashura', nameBn: 'আশুরা', predicted: true } },
    ]);
    const again = await remove(date);
    expect(again.statusCode).toBe(404);
    expect((await remove('2026-13-01')).statusCode).toBe(400);
  });

  it('refuses customers every staff change as every staff route does (403 staff_only), and 401 signed out, writing nothing', async () => {
    const before = await calendarRows();
    const attempts = [
      (cookie: string | undefined) => call(harness.app, 'POST', '/api/holidays', cookie, { ...foundationDay, date: '2026-11-30' }),
      (cookie: string | undefined) => call(harness.app, 'PUT', '/api/holidays/2026-12-16', cookie, { nameEn: 'Changed', nameBn: 'বদল', predicted: false }),
      (cookie: string | undefined) => call(harness.app, 'DELETE', '/api/holidays/2026-12-16', cookie),
    ];
    for (const attempt of attempts) {
      const asCustomer = await attempt(customer);
      expect(asCustomer.statusCode, asCustomer.body).toBe(403);
      expect(asCustomer.json().error.code).toBe('staff_only');
      const signedOut = await attempt(undefined);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json().error.code).toBe('unauthenticated');
    }
    expect(await calendarRows()).toEqual(before);
  });
});

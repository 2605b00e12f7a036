import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test-support/test-database';
import { bankHolidaysCache, bankHolidaysCacheMs, bankRailsCalendar, forgetBankHolidays } from './bank-rails-calendar';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

/** A Dhaka wall-clock time as an instant (Dhaka is UTC+6). */
const dhaka = (local: string) => new Date(`${local}+06:00`);

const addDirectly = (date: string) => database.db.insert(schema.bankHoliday).values({ date, nameEn: 'Test holiday', nameBn: 'পরীক্ষার ছুটি' });
const removeDirectly = (date: string) => database.db.delete(schema.bankHoliday).where(eq(schema.bankHoliday.date, date));

describe('the rails’ calendar over the bank’s holidays', () => {
  it('closes the weekend and the seeded holidays, and tells the payments code when RTGS and BEFTN next open', async () => {
    const calendar = await bankRailsCalendar(database.db);
    expect(calendar.isWorkingDay('2026-12-15')).toBe(true);
    expect(calendar.isWorkingDay('2026-12-16')).toBe(false);
    expect(calendar.isWorkingDay('2026-12-18')).toBe(false);
    // Victory Day is a Wednesday: RTGS opens on Thursday at 10:00, and a BEFTN payment goes into Thursday's first session.
    expect(calendar.rtgsWindow(dhaka('2026-12-16T12:00:00'))).toEqual({ open: false, reason: 'non_working_day' });
    expect(calendar.rtgsNextOpening(dhaka('2026-12-16T12:00:00'))).toEqual(dhaka('2026-12-17T10:00:00'));
    expect(calendar.beftnSessionFor(dhaka('2026-12-15T20:00:00')).id).toBe('2026-12-15/3');
    expect(calendar.beftnSessionFor(dhaka('2026-12-16T09:00:00')).id).toBe('2026-12-17/1');
  });

  it('reads the holidays once per period, sees a change at once when told of it, and keeps no answer read before the change', async () => {
    let clock = 0;
    const cache = bankHolidaysCache(database.db, () => clock);
    const day = '2028-01-04';
    expect((await cache.calendar()).isWorkingDay(day)).toBe(true);

    await addDirectly(day);
    // Still the copy in memory: nobody told this cache, and its period has not run out.
    clock = bankHolidaysCacheMs - 1;
    expect((await cache.calendar()).isWorkingDay(day)).toBe(true);
    // Another instance's change is seen once the period has run out.
    clock = bankHolidaysCacheMs;
    expect((await cache.calendar()).isWorkingDay(day)).toBe(false);

    // A change this instance made is seen at once.
    await removeDirectly(day);
    cache.forget();
    expect((await cache.calendar()).isWorkingDay(day)).toBe(true);

    // A read already on its way when a change commits answers its own caller, but is not kept:
    // the next read goes to the database again (and finds a row no one told the cache of).
    cache.forget();
    const inFlight = cache.calendar();
    cache.forget();
    await inFlight;
    await addDirectly(day);
    expect((await cache.calendar()).isWorkingDay(day)).toBe(false);
    await removeDirectly(day);
  });

  it('keeps one copy per database, which the holidays routes clear after a change', async () => {
    const day = '2028-01-05';
    expect((await bankRailsCalendar(database.db)).isWorkingDay(day)).toBe(true);
    await addDirectly(day);
    expect((await bankRailsCalendar(database.db)).isWorkingDay(day)).toBe(true);
    forgetBankHolidays(database.db);
    expect((await bankRailsCalendar(database.db)).isWorkingDay(day)).toBe(false);
  });
});

import { railsCalendar, type RailsCalendar } from '../../../shared/payment-rails/rails-calendar';
import type { Database } from '../../db/client';
import { listHolidayDates } from './holidays.repository';

/**
 * How long one instance trusts its copy of the holidays. A change clears this instance's copy at
 * once (`forgetBankHolidays`); the other instances follow within this time. Holidays are entered
 * days ahead, and a lunar one corrected the evening the moon is sighted: a minute is soon enough.
 */
export const bankHolidaysCacheMs = 60_000;

/**
 * The bank's holidays as the payments code reads them, from memory: one small read a minute at
 * most. A read started before a change is never kept after it (`generation`), so a change this
 * instance made is never undone by an answer that was already on its way.
 */
export function bankHolidaysCache(db: Database, now: () => number = Date.now) {
  let generation = 0;
  let cached: { at: number; calendar: RailsCalendar } | undefined;
  let loading: { generation: number; calendar: Promise<RailsCalendar> } | undefined;

  const load = (started: number): Promise<RailsCalendar> =>
    listHolidayDates(db).then((dates) => {
      const holidays = new Set(dates);
      const calendar = railsCalendar((date) => holidays.has(date));
      if (generation === started) cached = { at: now(), calendar };
      return calendar;
    });

  return {
    async calendar(): Promise<RailsCalendar> {
      if (cached && now() - cached.at < bankHolidaysCacheMs) return cached.calendar;
      // Concurrent readers after the copy expired share one query.
      if (loading?.generation !== generation) {
        const started = generation;
        const calendar = load(started).finally(() => {
          if (loading?.generation === started) loading = undefined;
        });
        loading = { generation: started, calendar };
      }
      return loading.calendar;
    },
    forget(): void {
      generation += 1;
      cached = undefined;
    },
  };
}
export type BankHolidaysCache = ReturnType<typeof bankHolidaysCache>;

/** One copy per database, shared by the holidays routes (which clear it) and the payments code (which reads it). */
const caches = new WeakMap<Database, BankHolidaysCache>();

function cacheOf(db: Database): BankHolidaysCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = bankHolidaysCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/** The rails' calendar over the bank's own holidays, as its staff maintain them. */
export function bankRailsCalendar(db: Database): Promise<RailsCalendar> {
  return cacheOf(db).calendar();
}

/** After a change to the holidays has committed: this instance's next read sees it. */
export function forgetBankHolidays(db: Database): void {
  cacheOf(db).forget();
}

import { asc, between, eq, sql } from 'drizzle-orm';
import type { HolidayNames } from '../../../shared/schemas/holidays';
import { schema, type Executor, type Transaction } from '../../db/client';

const { bankHoliday } = schema;

/** A day of the bank's calendar as the routes and the rails read it. */
export type HolidayRow = { date: string; nameEn: string; nameBn: string; predicted: boolean };

const holidayColumns = { date: bankHoliday.date, nameEn: bankHoliday.nameEn, nameBn: bankHoliday.nameBn, predicted: bankHoliday.predicted };

/** One year's holidays, in date order: a year holds a few dozen at most. */
export async function listHolidaysOfYear(executor: Executor, year: number): Promise<HolidayRow[]> {
  return executor
    .select(holidayColumns)
    .from(bankHoliday)
    .where(between(bankHoliday.date, `${year}-01-01`, `${year}-12-31`))
    .orderBy(asc(bankHoliday.date));
}

/** Every date of the calendar, for the rails: a few dozen rows a year, read whole. */
export async function listHolidayDates(executor: Executor): Promise<string[]> {
  const rows = await executor.select({ date: bankHoliday.date }).from(bankHoliday);
  return rows.map((row) => row.date);
}

/** Adds a holiday; undefined, and nothing written, when its date is in the calendar already. */
export async function insertHoliday(tx: Transaction, holiday: HolidayRow, staffUserId: string): Promise<HolidayRow | undefined> {
  const [row] = await tx
    .insert(bankHoliday)
    .values({ ...holiday, addedByUserId: staffUserId })
    .onConflictDoNothing({ target: bankHoliday.date })
    .returning(holidayColumns);
  return row;
}

/** The holiday on `date`, locked until the transaction ends, so two corrections of one day go one after the other. */
export async function lockHoliday(tx: Transaction, date: string): Promise<HolidayRow | undefined> {
  const [row] = await tx.select(holidayColumns).from(bankHoliday).where(eq(bankHoliday.date, date)).for('update');
  return row;
}

export async function updateHoliday(tx: Transaction, date: string, names: HolidayNames, staffUserId: string): Promise<HolidayRow | undefined> {
  const [row] = await tx
    .update(bankHoliday)
    .set({ ...names, changedByUserId: staffUserId, changedAt: sql`now()` })
    .where(eq(bankHoliday.date, date))
    .returning(holidayColumns);
  return row;
}

/** Removes the holiday on `date`: the row as it was, or undefined when there was none. */
export async function deleteHoliday(tx: Transaction, date: string): Promise<HolidayRow | undefined> {
  const [row] = await tx.delete(bankHoliday).where(eq(bankHoliday.date, date)).returning(holidayColumns);
  return row;
}

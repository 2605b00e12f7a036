import type { HolidayAnswer } from '../../../shared/schemas/holidays';
import type { HolidayRow } from './holidays.repository';

/** The holidays routes speak the bank's own words (`date`, `nameEn`, `nameBn`, `predicted`): the answer is the row as read. */
export const toHolidayAnswer = (row: HolidayRow): HolidayAnswer => ({ date: row.date, nameEn: row.nameEn, nameBn: row.nameBn, predicted: row.predicted });

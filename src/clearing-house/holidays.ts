import { bangladeshHolidays } from '../shared/payment-rails/bangladesh-holidays';

/**
 * The public holidays the switch closes for: Bangladesh's published list, as the switch is not
 * run by the bank's staff and keeps no calendar of its own to maintain.
 */
const holidayDates = new Set(bangladeshHolidays.map((holiday) => holiday.date));

export function isPublicHoliday(date: string): boolean {
  return holidayDates.has(date);
}

import type { PostingFrequency } from './accrual';
import { addCalendarDays, isCalendarDay } from '../dates';

/**
 * Whether a Dhaka calendar day (YYYY-MM-DD) is the last of a posting period: a month's last day
 * for monthly posting; 30 June and 31 December for half-yearly, the halves Bangladeshi banks post
 * savings interest in. The day close accrues every calendar day, weekends and holidays included
 * (their closing balance is the day before's), so a period ends on its calendar day even when the
 * bank is closed; the day close that runs for it posts.
 */
export function endsPostingPeriod(day: string, frequency: PostingFrequency): boolean {
  if (!isCalendarDay(day)) throw new RangeError(`not a calendar day: ${day}`);
  const next = addCalendarDays(day, 1);
  if (next.slice(5, 7) === day.slice(5, 7)) return false;
  if (frequency === 'monthly') return true;
  const month = day.slice(5, 7);
  return month === '06' || month === '12';
}

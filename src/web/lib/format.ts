import { bankTimeZone, formatDate as formatDateIn, formatDateTime as formatDateTimeIn } from '../../shared/dates';
import { bdtNumberToPoisha, formatBdtIn } from '../../shared/money';
import { currentLanguage, formatDigits } from './i18n';

/**
 * How the web app writes money and dates, for the customer's screens and the staff's alike, in the
 * reader's language: money grouped in lakh and crore ("1,25,000.00 BDT", "১,২৫,০০০.০০ টাকা"),
 * dates as a Bangladeshi branch writes them ("22 Nov 2026", "২২ নভেম্বর ২০২৬") in Dhaka time
 * whatever the browser's time zone. The rules live in shared/money.ts and shared/dates.ts; this
 * module only adds the reader's language. A component that calls these also calls
 * `useTranslation`, so it renders again when the language changes.
 */
export const formatBdt = (poisha: bigint) => formatBdtIn(poisha, currentLanguage());
export const formatBdtNumber = (bdt: number) => formatBdtIn(bdtNumberToPoisha(bdt), currentLanguage());

/** An instant, or a calendar date without a time ("1990-05-17", a birth date), as "24 Nov 2026". */
export const formatDate = (moment: Date | string) => formatDateIn(moment, currentLanguage());
/** An instant as "24 Nov 2026, 17:05" in Dhaka time. */
export const formatDateTime = (moment: Date | string) => formatDateTimeIn(moment, currentLanguage());

const dhakaClock = new Intl.DateTimeFormat('en-GB', { timeZone: bankTimeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** An instant as "17:05" in Dhaka time. */
export const formatTime = (moment: Date | string) => {
  const clock = dhakaClock.format(typeof moment === 'string' ? new Date(moment) : moment);
  return formatDigits(clock);
};

export { formatDigits };
/** A whole count ("2 of 50"), in Bangla digits for a Bangla reader. */
export const formatCount = (count: number) => formatDigits(String(count));

/** An annual rate in percent as the bank publishes it: 2.5 → "2.50 %", in the reader's digits. */
export const formatPercent = (percent: number) => `${formatDigits(percent.toFixed(2))} %`;

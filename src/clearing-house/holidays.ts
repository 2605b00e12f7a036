/**
 * The public holidays the switch closes for, seeded for 2026 and 2027. Sources: the fixed dates
 * of Bangladesh's public-holiday schedule as known in 2025 (Language Martyrs' Day, Independence
 * Day, Pohela Boishakh, May Day, July Mass Uprising Day, Victory Day, Christmas), Bangladesh
 * Bank's bank holidays (1 July and 31 December) and, for the lunar holidays, dates predicted from
 * the astronomical calendar: the government fixes those after the moon is sighted, so staff must
 * correct them each year (this list is data, not a rule: extend it, never compute it).
 */
export const publicHolidays: readonly { date: string; name: string; predicted?: true }[] = [
  { date: '2026-02-04', name: 'Shab-e-Barat', predicted: true },
  { date: '2026-02-21', name: "Language Martyrs' Day" },
  { date: '2026-03-17', name: 'Shab-e-Qadr', predicted: true },
  { date: '2026-03-19', name: 'Eid-ul-Fitr holiday', predicted: true },
  { date: '2026-03-20', name: 'Eid-ul-Fitr', predicted: true },
  { date: '2026-03-22', name: 'Eid-ul-Fitr holiday', predicted: true },
  { date: '2026-03-26', name: 'Independence Day' },
  { date: '2026-04-14', name: 'Pohela Boishakh' },
  { date: '2026-05-01', name: 'May Day and Buddha Purnima', predicted: true },
  { date: '2026-05-26', name: 'Eid-ul-Azha holiday', predicted: true },
  { date: '2026-05-27', name: 'Eid-ul-Azha', predicted: true },
  { date: '2026-05-28', name: 'Eid-ul-Azha holiday', predicted: true },
  { date: '2026-06-25', name: 'Ashura', predicted: true },
  { date: '2026-07-01', name: 'Bank holiday' },
  { date: '2026-08-05', name: 'July Mass Uprising Day' },
  { date: '2026-08-26', name: 'Eid-e-Miladunnabi', predicted: true },
  { date: '2026-09-04', name: 'Janmashtami', predicted: true },
  { date: '2026-10-20', name: 'Durga Puja (Bijoya Dashami)', predicted: true },
  { date: '2026-12-16', name: 'Victory Day' },
  { date: '2026-12-25', name: 'Christmas Day' },
  { date: '2026-12-31', name: 'Bank holiday' },
  { date: '2027-01-24', name: 'Shab-e-Barat', predicted: true },
  { date: '2027-02-21', name: "Language Martyrs' Day" },
  { date: '2027-03-08', name: 'Eid-ul-Fitr holiday', predicted: true },
  { date: '2027-03-09', name: 'Eid-ul-Fitr holiday', predicted: true },
  { date: '2027-03-10', name: 'Eid-ul-Fitr', predicted: true },
  { date: '2027-03-11', name: 'Eid-ul-Fitr holiday', predicted: true },
  { date: '2027-03-26', name: 'Independence Day' },
  { date: '2027-04-14', name: 'Pohela Boishakh' },
  { date: '2027-05-01', name: 'May Day' },
  { date: '2027-05-16', name: 'Eid-ul-Azha holiday', predicted: true },
  { date: '2027-05-17', name: 'Eid-ul-Azha', predicted: true },
  { date: '2027-05-18', name: 'Eid-ul-Azha holiday', predicted: true },
  { date: '2027-05-20', name: 'Buddha Purnima', predicted: true },
  { date: '2027-06-15', name: 'Ashura', predicted: true },
  { date: '2027-07-01', name: 'Bank holiday' },
  { date: '2027-08-05', name: 'July Mass Uprising Day' },
  { date: '2027-08-15', name: 'Eid-e-Miladunnabi', predicted: true },
  { date: '2027-08-25', name: 'Janmashtami', predicted: true },
  { date: '2027-10-09', name: 'Durga Puja (Bijoya Dashami)', predicted: true },
  { date: '2027-12-16', name: 'Victory Day' },
  { date: '2027-12-25', name: 'Christmas Day' },
  { date: '2027-12-31', name: 'Bank holiday' },
];

const holidayDates = new Set(publicHolidays.map((holiday) => holiday.date));

export function isPublicHoliday(date: string): boolean {
  return holidayDates.has(date);
}

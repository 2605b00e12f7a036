/**
 * Bangladesh's public holidays for 2026 and 2027, in English and Bangla: the list the clearing
 * house closes for, and the one the bank's own calendar (`bank_holiday`, which its staff then
 * maintain) was seeded from. Sources: the fixed dates of Bangladesh's public-holiday schedule as
 * known in 2025 (Language Martyrs' Day, Independence Day, Pohela Boishakh, May Day, July Mass
 * Uprising Day, Victory Day, Christmas), Bangladesh Bank's bank holidays (1 July and 31 December)
 * and, for the lunar holidays, dates predicted from the astronomical calendar: the government
 * fixes those after the moon is sighted, so staff must correct them each year (this list is data,
 * not a rule: extend it, never compute it). Some fall on the Friday–Saturday weekend; they stay,
 * as the government publishes them, though the weekend closes those days anyway.
 */
export type BangladeshHoliday = { date: string; nameEn: string; nameBn: string; predicted?: true };

export const bangladeshHolidays: readonly BangladeshHoliday[] = [
  { date: '2026-02-04', nameEn: 'Shab-e-Barat', nameBn: 'শবে বরাত', predicted: true },
  { date: '2026-02-21', nameEn: "Language Martyrs' Day", nameBn: 'শহীদ দিবস ও আন্তর্জাতিক মাতৃভাষা দিবস' },
  { date: '2026-03-17', nameEn: 'Shab-e-Qadr', nameBn: 'শবে কদর', predicted: true },
  { date: '2026-03-19', nameEn: 'Eid-ul-Fitr holiday', nameBn: 'ঈদুল ফিতরের ছুটি', predicted: true },
  { date: '2026-03-20', nameEn: 'Eid-ul-Fitr', nameBn: 'ঈদুল ফিতর', predicted: true },
  { date: '2026-03-22', nameEn: 'Eid-ul-Fitr holiday', nameBn: 'ঈদুল ফিতরের ছুটি', predicted: true },
  { date: '2026-03-26', nameEn: 'Independence Day', nameBn: 'স্বাধীনতা দিবস' },
  { date: '2026-04-14', nameEn: 'Pohela Boishakh', nameBn: 'পহেলা বৈশাখ' },
  { date: '2026-05-01', nameEn: 'May Day and Buddha Purnima', nameBn: 'মে দিবস ও বুদ্ধ পূর্ণিমা', predicted: true },
  { date: '2026-05-26', nameEn: 'Eid-ul-Azha holiday', nameBn: 'ঈদুল আজহার ছুটি', predicted: true },
  { date: '2026-05-27', nameEn: 'Eid-ul-Azha', nameBn: 'ঈদুল আজহা', predicted: true },
  { date: '2026-05-28', nameEn: 'Eid-ul-Azha holiday', nameBn: 'ঈদুল আজহার ছুটি', predicted: true },
  { date: '2026-06-25', nameEn: 'Ashura', nameBn: 'আশুরা', predicted: true },
  { date: '2026-07-01', nameEn: 'Bank holiday', nameBn: 'ব্যাংক হলিডে' },
  { date: '2026-08-05', nameEn: 'July Mass Uprising Day', nameBn: 'জুলাই গণঅভ্যুত্থান দিবস' },
  { date: '2026-08-26', nameEn: 'Eid-e-Miladunnabi', nameBn: 'ঈদে মিলাদুন্নবী', predicted: true },
  { date: '2026-09-04', nameEn: 'Janmashtami', nameBn: 'জন্মাষ্টমী', predicted: true },
  { date: '2026-10-20', nameEn: 'Durga Puja (Bijoya Dashami)', nameBn: 'দুর্গাপূজা (বিজয়া দশমী)', predicted: true },
  { date: '2026-12-16', nameEn: 'Victory Day', nameBn: 'বিজয় দিবস' },
  { date: '2026-12-25', nameEn: 'Christmas Day', nameBn: 'বড়দিন' },
  { date: '2026-12-31', nameEn: 'Bank holiday', nameBn: 'ব্যাংক হলিডে' },
  { date: '2027-01-24', nameEn: 'Shab-e-Barat', nameBn: 'শবে বরাত', predicted: true },
  { date: '2027-02-21', nameEn: "Language Martyrs' Day", nameBn: 'শহীদ দিবস ও আন্তর্জাতিক মাতৃভাষা দিবস' },
  { date: '2027-03-08', nameEn: 'Eid-ul-Fitr holiday', nameBn: 'ঈদুল ফিতরের ছুটি', predicted: true },
  { date: '2027-03-09', nameEn: 'Eid-ul-Fitr holiday', nameBn: 'ঈদুল ফিতরের ছুটি', predicted: true },
  { date: '2027-03-10', nameEn: 'Eid-ul-Fitr', nameBn: 'ঈদুল ফিতর', predicted: true },
  { date: '2027-03-11', nameEn: 'Eid-ul-Fitr holiday', nameBn: 'ঈদুল ফিতরের ছুটি', predicted: true },
  { date: '2027-03-26', nameEn: 'Independence Day', nameBn: 'স্বাধীনতা দিবস' },
  { date: '2027-04-14', nameEn: 'Pohela Boishakh', nameBn: 'পহেলা বৈশাখ' },
  { date: '2027-05-01', nameEn: 'May Day', nameBn: 'মে দিবস' },
  { date: '2027-05-16', nameEn: 'Eid-ul-Azha holiday', nameBn: 'ঈদুল আজহার ছুটি', predicted: true },
  { date: '2027-05-17', nameEn: 'Eid-ul-Azha', nameBn: 'ঈদুল আজহা', predicted: true },
  { date: '2027-05-18', nameEn: 'Eid-ul-Azha holiday', nameBn: 'ঈদুল আজহার ছুটি', predicted: true },
  { date: '2027-05-20', nameEn: 'Buddha Purnima', nameBn: 'বুদ্ধ পূর্ণিমা', predicted: true },
  { date: '2027-06-15', nameEn: 'Ashura', nameBn: 'আশুরা', predicted: true },
  { date: '2027-07-01', nameEn: 'Bank holiday', nameBn: 'ব্যাংক হলিডে' },
  { date: '2027-08-05', nameEn: 'July Mass Uprising Day', nameBn: 'জুলাই গণঅভ্যুত্থান দিবস' },
  { date: '2027-08-15', nameEn: 'Eid-e-Miladunnabi', nameBn: 'ঈদে মিলাদুন্নবী', predicted: true },
  { date: '2027-08-25', nameEn: 'Janmashtami', nameBn: 'জন্মাষ্টমী', predicted: true },
  { date: '2027-10-09', nameEn: 'Durga Puja (Bijoya Dashami)', nameBn: 'দুর্গাপূজা (বিজয়া দশমী)', predicted: true },
  { date: '2027-12-16', nameEn: 'Victory Day', nameBn: 'বিজয় দিবস' },
  { date: '2027-12-25', nameEn: 'Christmas Day', nameBn: 'বড়দিন' },
  { date: '2027-12-31', nameEn: 'Bank holiday', nameBn: 'ব্যাংক হলিডে' },
];

import type { enStatementPeriod } from './en-statement-period';

/** Bangla texts of the statement for a period (see en-statement-period.ts). */
export const bnStatementPeriod = {
  title: 'নির্দিষ্ট সময়ের বিবরণী',
  intro: 'প্রথম ও শেষ দিন বেছে নিন (ঢাকার ক্যালেন্ডারের দিন, দুই দিনই ধরা হবে, সর্বোচ্চ এক বছর)।',
  from: 'শুরুর দিন',
  to: 'শেষ দিন',
  show: 'বিবরণী দেখুন',
  period: '{{from}} থেকে {{to}}',
  opening: 'প্রারম্ভিক ব্যালেন্স',
  closing: 'সমাপনী ব্যালেন্স',
  moneyIn: 'জমা হয়েছে',
  moneyOut: 'খরচ হয়েছে',
  count: 'এই সময়ের লেনদেন: {{total}}টি',
  empty: 'এই সময়ে কোনো লেনদেন নেই।',
  more: 'আরও লেনদেন দেখান',
  downloads: 'এই সময়ের বিবরণী নামিয়ে নিন',
  downloadCsv: 'CSV নামান',
  downloadPdf: 'PDF নামান',
  pdfInEnglish: 'PDF-টি ইংরেজিতে।',
  receiptPdf: 'রসিদ (PDF)',
  receiptFor: '{{date}} তারিখের লেনদেনের রসিদ (PDF)',
  date: 'তারিখ',
  description: 'বিবরণ',
  amount: 'পরিমাণ',
  balance: 'ব্যালেন্স',
} satisfies Record<keyof typeof enStatementPeriod, string>;

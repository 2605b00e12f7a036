import type { TextCatalogue } from '../lib/translator';

/** বাংলা: the service banner's texts. */
export const bnServiceNotice = {
  serviceNotice: { label: 'সেবা সংক্রান্ত নোটিশ', maintenance: 'পরিকল্পিত রক্ষণাবেক্ষণ', outage: 'সেবায় বিঘ্ন', until: '{{time}} পর্যন্ত', dismiss: 'নোটিশটি বন্ধ করুন' },
} satisfies TextCatalogue;

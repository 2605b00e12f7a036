import type { TextCatalogue } from '../lib/translator';

/** যোগাযোগ: the contact page's texts in Bangla, key for key with `en-contact.ts`, loaded with the page alone. */
export const bnContact = {
  contact: {
    documentTitle: 'যোগাযোগ',
    title: 'যোগাযোগ',
    intro: 'হিসাব, কার্ড বা ঋণ নিয়ে প্রশ্ন আছে? আমাদের লিখুন, গ্রাহকসেবা দলের একজন উত্তর দেবেন।',
    fullName: 'আপনার নাম',
    email: 'ইমেইল ঠিকানা',
    contact: 'যোগাযোগের নম্বর',
    contactPlaceholder: '01XXX-XXXXXX',
    contactHint: 'বাংলাদেশি মোবাইল নম্বর, যেমন ০১৭১২-৩৪৫৬৭৮',
    message: 'বার্তা',
    messageCount: '{{count, digits}} / {{max, digits}} অক্ষর',
    send: 'বার্তা পাঠান',
    sending: 'পাঠানো হচ্ছে…',
    sent: 'ধন্যবাদ! আপনার বার্তা পাঠানো হয়েছে। আমরা দুই কর্মদিবসের মধ্যে উত্তর দেব।',
    failed: 'আপনার বার্তা পাঠানো যায়নি: {{reason}}',
    networkError: 'ব্যাংকের সঙ্গে সংযোগ করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
    asideTitle: 'আমরা যেভাবে সাহায্য করি',
    replyTitle: 'কখন উত্তর দিই',
    replyBody: 'রোববার থেকে বৃহস্পতিবার, দুই কর্মদিবসের মধ্যে, ইমেইলে বা আপনার দেওয়া নম্বরে ফোন করে।',
    urgentTitle: 'কার্ড হারিয়েছে বা সন্দেহজনক পেমেন্ট?',
    urgentBody: 'উত্তরের অপেক্ষা করবেন না: কার্ডের পেছনের নম্বরে ফোন করে সঙ্গে সঙ্গে কার্ড বন্ধ করুন, বা নিকটতম শাখায় যান।',
    safetyTitle: 'আপনার তথ্য নিরাপদ রাখুন',
    safetyBody: 'এই ফর্মে কখনো পাসওয়ার্ড, কার্ডের পিন বা ওয়ান-টাইম কোড লিখবেন না। পদ্মা ব্যাংক কখনো এগুলো চাইবে না।',
  },
} satisfies TextCatalogue;

import type { TextCatalogue } from '../lib/i18n';

/** বিজ্ঞপ্তির পাতার বাংলা লেখা। */
export const bnNotifications = {
  notifications: {
    title: 'বিজ্ঞপ্তি',
    intro: 'আপনার হিসাব আর প্রোফাইলে যা ঘটেছে, নতুনগুলো আগে। প্রতিটির কথা আমরা আপনাকে ইমেইলেও জানাই।',
    empty: 'এখনো কোনো বিজ্ঞপ্তি নেই। আপনার হিসাবে টাকা জমা হলে বা গেলে, ব্যাংক আপনার কোনো অনুরোধের সিদ্ধান্ত নিলে, কিংবা নতুন কোনো ডিভাইস থেকে লগ ইন হলে আমরা এখানে জানাব।',
    unread: 'অপঠিত',
    markRead: 'পড়া হয়েছে',
    markAllRead: 'সবগুলো পড়া হয়েছে',
    markFailed: 'পড়া হয়েছে বলে চিহ্নিত করা গেল না। আবার চেষ্টা করুন।',
    listLabel: 'আপনার বিজ্ঞপ্তি',
    newer: 'নতুনগুলো',
    older: 'পুরোনোগুলো',
    pages: '{{pages, digits}} পাতার {{page, digits}} নম্বর',
    headings: {
      'new-device': 'নতুন ডিভাইস থেকে লগ ইন',
      'password-changed': 'পাসওয়ার্ড বদলানো হয়েছে',
      'profile-changed': 'প্রোফাইল বদলানো হয়েছে',
      'transfer-out': 'টাকা পাঠানো হয়েছে',
      'transfer-in': 'টাকা এসেছে',
      'loan-repaid': 'ঋণ পরিশোধ',
      'request-approved': 'অনুরোধ অনুমোদিত',
      'request-declined': 'অনুরোধ নাকচ',
      'card-cancelled': 'কার্ড বাতিল',
    },
    texts: {
      'new-device': 'গত ৯০ দিনে ব্যবহার হয়নি এমন একটি ডিভাইস থেকে আপনার অনলাইন ব্যাংকিংয়ে লগ ইন করা হয়েছে: {{device}}, ইন্টারনেট ঠিকানা {{address}}। এটি আপনি না হলে এখনই পাসওয়ার্ড বদলান।',
      'password-changed': 'ইন্টারনেট ঠিকানা {{address}} থেকে আপনার পাসওয়ার্ড বদলানো হয়েছে, আর অন্য সব ডিভাইস থেকে লগ আউট করা হয়েছে। এটি আপনি না হলে এখনই আমাদের ফোন করুন।',
      'profile-changed': 'আপনার প্রোফাইল বদলানো হয়েছে: {{fields}}। এটি আপনি না হলে এখনই আমাদের ফোন করুন।',
      'transfer-out': 'আপনি হিসাব {{accountId, digits}} থেকে {{counterpartyName}}-কে (হিসাব {{counterpartyAccountId, digits}}) {{amount}} পাঠিয়েছেন।',
      'transfer-in': '{{counterpartyName}} (হিসাব {{counterpartyAccountId, digits}}) আপনার হিসাব {{accountId, digits}}-এ {{amount}} পাঠিয়েছেন।',
      'transfer-in-group':
        '{{firstAt}} থেকে আপনি {{count, digits}}টি লেনদেনে মোট {{total}} পেয়েছেন। সর্বশেষটি: {{counterpartyName}} (হিসাব {{counterpartyAccountId, digits}}) আপনার হিসাব {{accountId, digits}}-এ {{amount}} পাঠিয়েছেন। প্রতিটি লেনদেন আপনার হিসাব বিবরণীতে আছে।',
      'loan-repaid': 'আপনি হিসাব {{accountId, digits}} থেকে ঋণ শোধে {{amount}} দিয়েছেন। এখনো বাকি {{outstanding}}।',
      'loan-repaid-full': 'আপনি হিসাব {{accountId, digits}} থেকে {{amount}} দিয়েছেন: আপনার ঋণ পুরো শোধ হয়েছে।',
      'card-cancelled': 'হিসাব {{accountId, digits}}-এর আপনার {{cardType}} কার্ড ব্যাংক বাতিল করেছে। কার্ডটি আর ব্যবহার করা যাবে না।',
      approved: {
        account: 'আপনার হিসাব {{accountId, digits}} খোলা হয়েছে: ব্যাংক আপনার অনুরোধ অনুমোদন করেছে।',
        card: 'হিসাব {{accountId, digits}}-এর জন্য আপনার {{cardType}} কার্ড অনুমোদিত হয়েছে এবং ইস্যু করা হয়েছে।',
        loan: 'আপনার {{amount}} ঋণ অনুমোদিত হয়েছে এবং আপনার হিসাব {{accountId, digits}}-এ দেওয়া হয়েছে।',
        deposit: 'আপনার {{amount}} জমা অনুমোদিত হয়েছে এবং আপনার হিসাব {{accountId, digits}}-এ যোগ হয়েছে।',
      },
      declined: {
        account: 'হিসাব {{accountId, digits}} খোলার আপনার অনুরোধ ব্যাংক নাকচ করেছে।',
        card: 'হিসাব {{accountId, digits}}-এর জন্য আপনার {{cardType}} কার্ডের অনুরোধ ব্যাংক নাকচ করেছে।',
        loan: 'হিসাব {{accountId, digits}}-এর জন্য আপনার {{amount}} ঋণের আবেদন ব্যাংক নাকচ করেছে।',
        deposit: 'হিসাব {{accountId, digits}}-এ {{amount}} জমার অনুরোধ ব্যাংক নাকচ করেছে।',
      },
      reason: 'কারণ: {{reason}}।',
      note: 'ব্যাংকের মন্তব্য: {{note}}',
    },
    fields: { name: 'নাম', image: 'ছবি', and: 'নাম ও ছবি' },
    cardTypes: { debit: 'ডেবিট', credit: 'ক্রেডিট' },
    bell: { label: 'বিজ্ঞপ্তি', unread: 'বিজ্ঞপ্তি (অপঠিত {{count, digits}}টি)' },
  },
} satisfies TextCatalogue;

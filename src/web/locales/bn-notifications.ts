import type { TextCatalogue } from '../lib/translator';

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
      'second-factor-throttled': 'ভুল কোড থামানো হয়েছে',
      'two-factor-on': 'দুই-ধাপের যাচাই চালু হয়েছে',
      'two-factor-replaced': 'অথেনটিকেটর অ্যাপ বদলানো হয়েছে',
      'two-factor-off': 'দুই-ধাপের যাচাই বন্ধ হয়েছে',
      'phone-verified': 'SMS কোডের জন্য মোবাইল নম্বর যাচাই হয়েছে',
      'recovery-codes-renewed': 'নতুন রিকভারি কোড',
      'payment-settled': 'টাকা পৌঁছেছে',
      'payment-rejected': 'লেনদেন গ্রহণ করা হয়নি',
      'payment-returned': 'লেনদেন ফেরত এসেছে',
      'term-deposit-matured': 'আমানত মেয়াদপূর্ণ হয়েছে',
      'dps-instalment-retrying': 'ডিপিএস-এর কিস্তি এখনো নেওয়া যায়নি',
      'dps-instalment-missed': 'ডিপিএস-এর কিস্তি বাদ পড়েছে',
      'dps-defaulted': 'ডিপিএস খেলাপি হয়েছে',
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
      'payment-settled': 'হিসাব {{accountId, digits}} থেকে পাঠানো {{amount}} {{receiverName}} ({{bank}}, হিসাব {{receiverAccount, digits}})-এর কাছে পৌঁছেছে।',
      'payment-rejected':
        '{{receiverName}} ({{bank}}, হিসাব {{receiverAccount, digits}})-কে পাঠানো {{amount}} গ্রহণ করা হয়নি: {{reason}}। {{back}} আপনার হিসাব {{accountId, digits}}-এ ফেরত দেওয়া হয়েছে।',
      'payment-returned': '{{receiverName}} ({{bank}}, হিসাব {{receiverAccount, digits}})-কে পাঠানো {{amount}} ফেরত এসেছে: {{reason}}। {{back}} আপনার হিসাব {{accountId, digits}}-এ ফেরত দেওয়া হয়েছে।',
      'term-deposit-matured': {
        schemes: { fdr: 'এফডিআর', dps: 'ডিপিএস' },
        paid: 'আপনার {{scheme}} {{day}} মেয়াদপূর্ণ হয়েছে: {{paid}} আপনার হিসাব {{accountId, digits}}-এ জমা হয়েছে (মুনাফা {{interest}}, উৎসে কর {{tax}} কেটে)।',
        'renewed-principal': 'আপনার এফডিআর {{day}} মেয়াদপূর্ণ হয়ে আসল টাকায় একই মেয়াদে নবায়ন হয়েছে; উৎসে কর কেটে মুনাফা {{paid}} আপনার হিসাব {{accountId, digits}}-এ জমা হয়েছে।',
        'renewed-all': 'আপনার এফডিআর {{day}} মেয়াদপূর্ণ হয়ে মুনাফাসহ একই মেয়াদে নবায়ন হয়েছে: নতুন এফডিআরে আছে {{paid}} (মুনাফা {{interest}}, উৎসে কর {{tax}} কেটে)।',
      },
      'dps-instalment-retrying':
        'আপনার ডিপিএস-এর কিস্তি {{instalment, digits}} ({{amount}}, দেয় {{due}}) আপনার হিসাব {{accountId, digits}} থেকে নেওয়া যায়নি। প্রতিদিনের শেষে {{lastTry}} পর্যন্ত আবার চেষ্টা করা হবে: এর মধ্যে হিসাবে {{amount}} রাখুন, নইলে কিস্তিটি বাদ পড়বে।',
      'dps-instalment-missed': {
        missed: 'আপনার ডিপিএস-এর কিস্তি {{instalment, digits}} ({{amount}}, দেয় {{due}}) শেষ চেষ্টার দিন পর্যন্ত আপনার হিসাব {{accountId, digits}}-এ ছিল না: কিস্তিটি বাদ পড়েছে, পরে আর নেওয়া হবে না।',
        left: 'এ পর্যন্ত বাদ পড়েছে {{missedCount, digits}}টি কিস্তি। আরও {{missesLeft, digits}}টি বাদ পড়লেও ডিপিএস চলবে; তার পরেরটি বাদ পড়লে এটি খেলাপি হবে।',
        last: 'এ পর্যন্ত বাদ পড়েছে {{missedCount, digits}}টি কিস্তি। আর একটি কিস্তি বাদ পড়লে ডিপিএসটি খেলাপি হবে।',
      },
      'dps-defaulted':
        'আপনার ডিপিএস-এর কিস্তি {{instalment, digits}} ({{amount}}, দেয় {{due}}) বাদ পড়েছে: মোট {{missedCount, digits}}টি কিস্তি বাদ পড়েছে, যা অনুমোদিত {{missesAllowed, digits}}টির বেশি, তাই ডিপিএসটি খেলাপি হয়েছে। আর কোনো কিস্তি নেওয়া হবে না। জমা হওয়া {{paidCount, digits}}টি কিস্তি {{maturity}} তারিখে আগাম নগদায়নের হারে (বার্ষিক {{rate}}) মুনাফাসহ, উৎসে কর কেটে, আপনার হিসাব {{accountId, digits}}-এ জমা হবে; এর আগেও একই হারে ডিপিএসটি ভাঙাতে পারেন।',
      'card-cancelled': 'হিসাব {{accountId, digits}}-এর আপনার {{cardType}} কার্ড ব্যাংক বাতিল করেছে। কার্ডটি আর ব্যবহার করা যাবে না।',
      'second-factor-throttled': {
        address:
          'ইন্টারনেট ঠিকানা {{address}} থেকে আপনার দুই ধাপের যাচাইয়ের কয়েকটি ভুল কোড দেওয়ার পর প্রায় {{minutes, digits}} মিনিট ওই ঠিকানা থেকে কোড নেওয়া বন্ধ রেখেছি। আপনার নিজের ডিভাইসগুলো স্বাভাবিকভাবেই কাজ করবে।',
        'new-places':
          'যেসব ডিভাইস থেকে আগে কখনো লগ ইন হয়নি সেগুলো থেকে আপনার দুই ধাপের যাচাইয়ের কয়েকটি ভুল কোড দেওয়ার পর (সবশেষে {{address}} থেকে) প্রায় {{minutes, digits}} মিনিট নতুন ডিভাইস থেকে কোড নেওয়া বন্ধ রেখেছি। আপনার নিজের ডিভাইসগুলো স্বাভাবিকভাবেই কাজ করবে।',
        everywhere: 'আপনার দুই ধাপের যাচাইয়ের অনেকগুলো ভুল কোড দেওয়ার পর (সবশেষে {{address}} থেকে) প্রায় {{minutes, digits}} মিনিট আপনার হিসাবে সব ডিভাইস থেকে কোড নেওয়া বন্ধ রেখেছি।',
        ifNotYou: 'কোড চাওয়া হয় কেবল সঠিক পাসওয়ার্ডের পরে: এটি আপনি না হলে এখনই পাসওয়ার্ড বদলান এবং আমাদের ফোন করুন।',
      },
      'two-factor-on': 'ইন্টারনেট ঠিকানা {{address}} থেকে দুই-ধাপের যাচাই চালু করা হয়েছে, আর অন্য সব ডিভাইস থেকে লগ আউট করা হয়েছে। এটি আপনি না হলে এখনই আমাদের ফোন করুন।',
      'two-factor-replaced': 'ইন্টারনেট ঠিকানা {{address}} থেকে আপনার অথেনটিকেটর অ্যাপ বদলে নতুন অ্যাপ যুক্ত করা হয়েছে, আর অন্য সব ডিভাইস থেকে লগ আউট করা হয়েছে। এটি আপনি না হলে এখনই আমাদের ফোন করুন।',
      'two-factor-off': 'ইন্টারনেট ঠিকানা {{address}} থেকে দুই-ধাপের যাচাই বন্ধ করা হয়েছে: এখন লগইনে শুধু পাসওয়ার্ড লাগবে। এটি আপনি না হলে এখনই পাসওয়ার্ড বদলান এবং আমাদের ফোন করুন।',
      'phone-verified':
        'ইন্টারনেট ঠিকানা {{address}} থেকে মোবাইল নম্বর {{phoneNumber, digits}} যাচাই করা হয়েছে: বড় ট্রান্সফার নিশ্চিত করার কোড এখন এই নম্বরে SMS-এ যাবে। এটি আপনি না হলে এখনই পাসওয়ার্ড বদলান এবং আমাদের ফোন করুন।',
      'recovery-codes-renewed': 'ইন্টারনেট ঠিকানা {{address}} থেকে নতুন রিকভারি কোড তৈরি করা হয়েছে; পুরোনো কোড আর কাজ করবে না। এটি আপনি না হলে এখনই পাসওয়ার্ড বদলান এবং আমাদের ফোন করুন।',
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

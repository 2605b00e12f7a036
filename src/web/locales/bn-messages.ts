import { toBanglaDigits } from '../../shared/digits';

/**
 * The Bangla for the messages the shared schemas and the server write in English ("NID is
 * required", "Send amount must be greater than 0"). Those English words are what the API answers
 * and what its tests pin, so the web translates them on display: whole messages first, then the
 * patterns that carry a field's name or a number.
 */
const labels: Record<string, string> = {
  Name: 'নাম',
  'First Name': 'নাম',
  Email: 'ইমেইল',
  Password: 'পাসওয়ার্ড',
  'Current password': 'বর্তমান পাসওয়ার্ড',
  'New password': 'নতুন পাসওয়ার্ড',
  'Account number': 'হিসাব নম্বর',
  'Sender account number': 'প্রেরকের হিসাব নম্বর',
  'Receiver account number': 'প্রাপকের হিসাব নম্বর',
  'Repay account number': 'পরিশোধের হিসাব নম্বর',
  'Deposit amount': 'জমার পরিমাণ',
  'Send amount': 'পাঠানোর পরিমাণ',
  'Loan amount': 'ঋণের পরিমাণ',
  'Monthly income': 'মাসিক আয়',
  Amount: 'পরিমাণ',
  Salary: 'বেতন',
  NID: 'NID',
  'Nominee NID': 'নমিনির NID',
  'Company name': 'প্রতিষ্ঠানের নাম',
  Evidence: 'প্রমাণ',
  Message: 'বার্তা',
  Contact: 'যোগাযোগের নম্বর',
  'Area name': 'ঠিকানা',
  'Phone No.': 'মোবাইল নম্বর',
  'Profile Photo': 'প্রোফাইল ছবি',
  'Passport image': 'পাসপোর্টের ছবি',
  Date: 'জন্ম তারিখ',
  Code: 'কোড',
  'Recovery code': 'রিকভারি কোড',
};

const wholeMessages: Record<string, string> = {
  'Please select the Account Type': 'হিসাবের ধরন বেছে নিন',
  'Please select the Card Type': 'কার্ডের ধরন বেছে নিন',
  'Please select the Loan Type': 'ঋণের ধরন বেছে নিন',
  'Please select the Loan Duration': 'ঋণের মেয়াদ বেছে নিন',
  'Please select the Gender Type': 'লিঙ্গ বেছে নিন',
  'Please select the Relation Type': 'নমিনির সঙ্গে সম্পর্ক বেছে নিন',
  'Enter a valid email address, like name@example.com': 'সঠিক ইমেইল ঠিকানা লিখুন, যেমন name@example.com',
  'Phone No. must be a Bangladeshi mobile number like 01712-345678': 'মোবাইল নম্বরটি বাংলাদেশি হতে হবে, যেমন ০১৭১২-৩৪৫৬৭৮',
  'Contact number must be a Bangladeshi mobile number like +8801712345678': 'যোগাযোগের নম্বরটি বাংলাদেশি মোবাইল নম্বর হতে হবে, যেমন ০১৭১২-৩৪৫৬৭৮',
  'Birth date must be a date like 1995-04-21': 'জন্ম তারিখ লিখুন, যেমন ১৯৯৫-০৪-২১',
  'Birth date needs a day, a month and a year': 'জন্মের দিন, মাস ও বছর দিন',
  'Birth date is not a real date': 'এই তারিখটি ক্যালেন্ডারে নেই',
  'Birth date must be in the past': 'জন্ম তারিখ অতীতের হতে হবে',
  'Nominee NID must differ from your own NID': 'নমিনির NID আপনার নিজের NID থেকে আলাদা হতে হবে',
  'Upload the photo again: the image address is not one of ours': 'ছবিটি আবার আপলোড করুন: ছবির ঠিকানাটি আমাদের নয়',
  'Profile Photo: upload the image again': 'প্রোফাইল ছবি: ছবিটি আবার আপলোড করুন',
  'The photo must be at most 5 MB': 'ছবিটি সর্বোচ্চ ৫ MB হতে পারবে',
  'The photo must be a PNG, JPEG, WebP or GIF image': 'ছবিটি PNG, JPEG, WebP বা GIF হতে হবে',
  'The image must be at most 5 MB': 'ছবিটি সর্বোচ্চ ৫ MB হতে পারবে',
  'The image must be a PNG, JPEG, WebP or GIF image': 'ছবিটি PNG, JPEG, WebP বা GIF হতে হবে',
  'Choose an image to upload': 'আপলোডের জন্য একটি ছবি বেছে নিন',
  'Email must be the address you signed in with': 'ইমেইলটি আপনার লগ ইনের ঠিকানাই হতে হবে',
  'The new password must differ from the current one': 'নতুন পাসওয়ার্ডটি বর্তমানটি থেকে আলাদা হতে হবে',
  'The current password is not correct': 'বর্তমান পাসওয়ার্ডটি সঠিক নয়',
  'Receiver details do not match the account': 'প্রাপকের তথ্য হিসাবের সঙ্গে মিলছে না',
  'You Do not have enough money in your account please deposit then transfer.': 'আপনার হিসাবে যথেষ্ট টাকা নেই, আগে টাকা জমা দিয়ে তারপর পাঠান।',
  'Please log in to continue': 'চালিয়ে যেতে লগ ইন করুন',
  'Too many attempts. Please wait a while and try again.': 'অনেকবার চেষ্টা করা হয়েছে। কিছুক্ষণ অপেক্ষা করে আবার চেষ্টা করুন।',
  'Enter the 6-digit code from your authenticator app': 'অথেনটিকেটর অ্যাপের ৬ অঙ্কের কোডটি লিখুন',
  'Enter a recovery code as it was shown, such as ab3de-9xk2p': 'রিকভারি কোডটি যেমন দেখানো হয়েছিল তেমন লিখুন, যেমন ab3de-9xk2p',
  'That code is not right. Enter the 6-digit code your authenticator app shows now.': 'কোডটি সঠিক নয়। অথেনটিকেটর অ্যাপে এখন যে ৬ অঙ্কের কোড দেখাচ্ছে তা লিখুন।',
  'That code is not right.': 'কোডটি সঠিক নয়।',
  'That code was already used. Wait for the next code in your authenticator app.': 'এই কোডটি আগেই ব্যবহার হয়েছে। অথেনটিকেটর অ্যাপে পরের কোডের জন্য অপেক্ষা করুন।',
  'Confirm with the 6-digit code from your authenticator app.': 'অথেনটিকেটর অ্যাপের ৬ অঙ্কের কোড দিয়ে নিশ্চিত করুন।',
  'Turn on two-step verification in your profile to do this.': 'এটি করতে প্রোফাইল থেকে দুই-ধাপের যাচাই চালু করুন।',
  'That recovery code is not right, or it was already used.': 'রিকভারি কোডটি সঠিক নয়, অথবা আগেই ব্যবহার হয়েছে।',
  'Your sign-in has expired. Sign in again with your e-mail and password.': 'আপনার লগইনের মেয়াদ শেষ হয়ে গেছে। ই-মেইল ও পাসওয়ার্ড দিয়ে আবার লগইন করুন।',
  'The password is not correct': 'পাসওয়ার্ডটি সঠিক নয়',
  'Two-step verification is already on': 'দুই-ধাপের যাচাই আগে থেকেই চালু আছে',
  'Two-step verification is off': 'দুই-ধাপের যাচাই বন্ধ আছে',
  'Staff must turn on two-step verification before anything else': 'অন্য কিছু করার আগে কর্মীদের দুই-ধাপের যাচাই চালু করতে হবে',
  'Staff must keep two-step verification on': 'কর্মীদের দুই-ধাপের যাচাই চালু রাখতেই হবে',
};

/** What an amount's message says after its field's name (`amountErrorMessages` in shared/money.ts). */
const amountProblems: Record<string, string> = {
  'must be an amount in BDT, for example 1500 or 1500.50': 'টাকার অঙ্কে লিখুন, যেমন ১৫০০ বা ১৫০০.৫০',
  'may have commas only between groups of digits, as in 1,25,000.50': 'কমা শুধু অঙ্কের দলের মাঝে বসবে, যেমন ১,২৫,০০০.৫০',
  'may have at most two decimals (poisha)': 'দশমিকের পর সর্বোচ্চ দুই ঘর (পয়সা) হতে পারে',
  'must be greater than 0': '০-এর বেশি হতে হবে',
  'must be at most 1,000,000,000 BDT': 'সর্বোচ্চ ১,০০,০০,০০,০০০ টাকা হতে পারে',
};

const label = (english: string) => labels[english] ?? english;
const digits = (text: string) => toBanglaDigits(text);

const patterns: [RegExp, (...parts: string[]) => string][] = [
  [/^(.+) is required$/, (field = '') => `${label(field)} আবশ্যক`],
  [/^(.+) must be at most (\d+) characters$/, (field = '', count = '') => `${label(field)} সর্বোচ্চ ${digits(count)} অক্ষরের হতে পারে`],
  [/^(.+) must be at least (\d+) characters$/, (field = '', count = '') => `${label(field)} কমপক্ষে ${digits(count)} অক্ষরের হতে হবে`],
  [/^(.+) must be 13 digits$/, (field = '') => `${label(field)} ১৩ অঙ্কের হতে হবে`],
  [/^(.+) must be 10, 13 or 17 digits$/, (field = '') => `${label(field)} ১০, ১৩ বা ১৭ অঙ্কের হতে হবে`],
  [/^The account holder must be at least (\d+) years old$/, (years = '') => `হিসাবধারীর বয়স কমপক্ষে ${digits(years)} বছর হতে হবে`],
  [/^Deposit amount must be at most ([\d,.]+) BDT per request$/, (amount = '') => `একবারে সর্বোচ্চ ${digits(amount)} টাকা জমার আবেদন করা যায়`],
  [/^(.+?) (must be an amount.*|may have commas.*|may have at most two decimals.*|must be greater than 0|must be at most 1,000,000,000 BDT)$/, (field = '', problem = '') => `${label(field)}: ${amountProblems[problem] ?? problem}`],
];

/** The Bangla for an English message, or undefined when there is none (the caller then shows a general text). */
export function bnMessage(english: string): string | undefined {
  const whole = wholeMessages[english];
  if (whole) return whole;
  for (const [pattern, write] of patterns) {
    const match = pattern.exec(english);
    if (match) return write(...match.slice(1));
  }
  return undefined;
}

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
  'Your account number': 'আপনার হিসাব নম্বর',
  'Confirmed name': 'নিশ্চিত করা নাম',
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
  'English text': 'ইংরেজি লেখা',
  'Bangla text': 'বাংলা লেখা',
  Contact: 'যোগাযোগের নম্বর',
  'Area name': 'ঠিকানা',
  'Phone No.': 'মোবাইল নম্বর',
  'Profile Photo': 'প্রোফাইল ছবি',
  'Passport image': 'পাসপোর্টের ছবি',
  Date: 'জন্ম তারিখ',
  'Birth date': 'জন্ম তারিখ',
  'Start time': 'শুরুর সময়',
  'End time': 'শেষের সময়',
  'Holiday date': 'ছুটির তারিখ',
  'English name': 'ইংরেজি নাম',
  'Bangla name': 'বাংলা নাম',
  note: 'মন্তব্য',
  reason: 'কারণ',
  'From date': 'শুরুর দিন',
  'To date': 'শেষ দিন',
  Nickname: 'ডাকনাম',
  'Per-transfer limit': 'একবারের সীমা',
  'Per-day limit': 'দৈনিক সীমা',
  Reason: 'কারণ',
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
  'Holiday date must be a date like 2026-12-16': 'ছুটির তারিখ লিখুন, যেমন ২০২৬-১২-১৬',
  'Holiday date is a Friday or Saturday: the weekend closes the rails already, so it needs no holiday':
    'তারিখটি শুক্রবার বা শনিবার: সাপ্তাহিক ছুটিতে লেনদেনের ব্যবস্থা এমনিতেই বন্ধ থাকে, তাই আলাদা ছুটির দরকার নেই',
  'Nominee NID must differ from your own NID': 'নমিনির NID আপনার নিজের NID থেকে আলাদা হতে হবে',
  'Upload the photo again: the image address is not one of ours': 'ছবিটি আবার আপলোড করুন: ছবির ঠিকানাটি আমাদের নয়',
  'Profile Photo: upload the image again': 'প্রোফাইল ছবি: ছবিটি আবার আপলোড করুন',
  'The photo must be at most 5 MB': 'ছবিটি সর্বোচ্চ ৫ MB হতে পারবে',
  'The photo must be a PNG, JPEG, WebP or GIF image': 'ছবিটি PNG, JPEG, WebP বা GIF হতে হবে',
  'The image must be at most 5 MB': 'ছবিটি সর্বোচ্চ ৫ MB হতে পারবে',
  'The image must be a PNG, JPEG, WebP or GIF image': 'ছবিটি PNG, JPEG, WebP বা GIF হতে হবে',
  'Choose an image to upload': 'আপলোডের জন্য একটি ছবি বেছে নিন',
  'Proof of income is required': 'আয়ের প্রমাণ আবশ্যক',
  'Please select the kind of document': 'কাগজের ধরন বেছে নিন',
  'The document must be at most 5 MB': 'কাগজটি সর্বোচ্চ ৫ MB হতে পারবে',
  'The document must be a PDF, PNG or JPEG file': 'কাগজটি PDF, PNG বা JPEG হতে হবে',
  'Proof of income must be a PDF, PNG or JPEG file: upload it again': 'আয়ের প্রমাণ PDF, PNG বা JPEG হতে হবে: আবার আপলোড করুন',
  'Email must be the address you signed in with': 'ইমেইলটি আপনার লগ ইনের ঠিকানাই হতে হবে',
  'The new password must differ from the current one': 'নতুন পাসওয়ার্ডটি বর্তমানটি থেকে আলাদা হতে হবে',
  'The current password is not correct': 'বর্তমান পাসওয়ার্ডটি সঠিক নয়',
  'Receiver details do not match the account': 'প্রাপকের তথ্য হিসাবের সঙ্গে মিলছে না',
  'Look up the receiver’s account and confirm the name': 'প্রাপকের হিসাব খুঁজে নামটি নিশ্চিত করুন',
  'Choose the bank or wallet you are paying': 'যে ব্যাংক বা ওয়ালেটে পাঠাচ্ছেন সেটি বেছে নিন',
  'Choose the bank or wallet the receiver is at': 'প্রাপকের ব্যাংক বা ওয়ালেট বেছে নিন',
  'The receiver’s account or wallet number is required': 'প্রাপকের হিসাব বা ওয়ালেট নম্বর আবশ্যক',
  'The receiver’s account number must be 6 to 20 digits': 'প্রাপকের হিসাব নম্বর ৬ থেকে ২০ অঙ্কের হতে হবে',
  'A wallet is paid at its mobile number: 11 digits starting 01': 'ওয়ালেটে পাঠাতে হয় তার মোবাইল নম্বরে: ০১ দিয়ে শুরু ১১ অঙ্ক',
  'Choose NPSB, BEFTN or RTGS': 'NPSB, BEFTN বা RTGS বেছে নিন',
  'The purpose may be at most 140 characters': 'উদ্দেশ্য সর্বোচ্চ ১৪০ অক্ষরের হতে পারবে',
  'No account at that bank or wallet has this number. Check the number, and the bank, with the person you are paying.':
    'ওই ব্যাংক বা ওয়ালেটে এই নম্বরের কোনো হিসাব নেই। যাঁকে পাঠাচ্ছেন তাঁর কাছ থেকে নম্বর ও ব্যাংক মিলিয়ে নিন।',
  'We cannot reach other banks and wallets right now, so nothing was sent. Please try again in a few minutes.':
    'এই মুহূর্তে অন্য ব্যাংক ও ওয়ালেটের সঙ্গে যোগাযোগ করা যাচ্ছে না, তাই কিছুই পাঠানো হয়নি। কয়েক মিনিট পরে আবার চেষ্টা করুন।',
  'No account that can receive money has this number. Check the number with the person you are paying.':
    'এই নম্বরে টাকা গ্রহণ করতে পারে এমন কোনো হিসাব নেই। যাঁকে টাকা পাঠাচ্ছেন তাঁর কাছ থেকে নম্বরটি মিলিয়ে নিন।',
  'Too many account look-ups. Please wait a while before looking up another account.': 'অনেকবার হিসাব খোঁজা হয়েছে। আরেকটি হিসাব খোঁজার আগে কিছুক্ষণ অপেক্ষা করুন।',
  'You Do not have enough money in your account please deposit then transfer.': 'আপনার হিসাবে যথেষ্ট টাকা নেই, আগে টাকা জমা দিয়ে তারপর পাঠান।',
  'Please log in to continue': 'চালিয়ে যেতে লগ ইন করুন',
  'Too many attempts. Please wait a while and try again.': 'অনেকবার চেষ্টা করা হয়েছে। কিছুক্ষণ অপেক্ষা করে আবার চেষ্টা করুন।',
  'From date must be a date like 2026-11-01': 'শুরুর দিনের তারিখ, মাস ও বছর দিন',
  'To date must be a date like 2026-11-01': 'শেষ দিনের তারিখ, মাস ও বছর দিন',
  'From date is not a real date': 'শুরুর দিনটি ক্যালেন্ডারে নেই',
  'To date is not a real date': 'শেষ দিনটি ক্যালেন্ডারে নেই',
  'From date cannot be in the future': 'শুরুর দিন ভবিষ্যতের হতে পারে না',
  'To date cannot be in the future': 'শেষ দিন ভবিষ্যতের হতে পারে না',
  'To date must be on or after the From date': 'শেষ দিন শুরুর দিনের আগে হতে পারে না',
  'You can keep at most 50 saved receivers. Delete one you no longer use first.': 'সর্বোচ্চ ৫০ জন প্রাপক সংরক্ষণ করা যায়। আগে যাঁকে আর টাকা পাঠান না তাঁকে মুছে ফেলুন।',
  'Nickname must be text': 'ডাকনাম লেখা হতে হবে',
  'Saved receiver was not found': 'সংরক্ষিত প্রাপকটি পাওয়া যায়নি',
  'Give a new per-transfer limit, a new per-day limit or both': 'একবারের নতুন সীমা, দৈনিক নতুন সীমা বা দুটোই দিন',
  'Per-transfer limit must not exceed the per-day limit': 'একবারের সীমা দৈনিক সীমার বেশি হতে পারবে না',
  'These are the limits already: propose a different amount': 'সীমা এখন এটাই: অন্য কোনো অঙ্ক প্রস্তাব করুন',
  'Another staff member must approve a change you asked for': 'আপনার চাওয়া পরিবর্তন অন্য একজন কর্মীকে অনুমোদন করতে হবে',
  'This proposal has already been decided': 'এই প্রস্তাবের সিদ্ধান্ত আগেই হয়ে গেছে',
  'This notice has already been decided': 'এই নোটিশের সিদ্ধান্ত আগেই হয়ে গেছে',
  'This notice’s end time has passed: decline it and propose it again with new times': 'এই নোটিশের শেষের সময় পেরিয়ে গেছে: এটি বাতিল করে নতুন সময় দিয়ে আবার প্রস্তাব করুন',
  'This notice has already ended': 'এই নোটিশ আগেই শেষ হয়েছে',
  'End time must be in the future': 'শেষের সময় ভবিষ্যতের হতে হবে',
  'End time must be after the start time': 'শেষের সময় শুরুর সময়ের পরে হতে হবে',
  'Per-transfer limit must not exceed the per-day limit: the limits changed since this was proposed, so decline it and propose again':
    'একবারের সীমা দৈনিক সীমার বেশি হতে পারবে না: প্রস্তাবের পর সীমা বদলে গেছে, তাই এটি বাতিল করে আবার প্রস্তাব করুন',
  'Enter the 6-digit code from your authenticator app': 'অথেনটিকেটর অ্যাপের ৬ অঙ্কের কোডটি লিখুন',
  'Enter a recovery code as it was shown, such as ab3de-9xk2p': 'রিকভারি কোডটি যেমন দেখানো হয়েছিল তেমন লিখুন, যেমন ab3de-9xk2p',
  'That code is not right. Enter the 6-digit code your authenticator app shows now.': 'কোডটি সঠিক নয়। অথেনটিকেটর অ্যাপে এখন যে ৬ অঙ্কের কোড দেখাচ্ছে তা লিখুন।',
  'That code is not right.': 'কোডটি সঠিক নয়।',
  'That code was already used. Wait for the next code in your authenticator app.': 'এই কোডটি আগেই ব্যবহার হয়েছে। অথেনটিকেটর অ্যাপে পরের কোডের জন্য অপেক্ষা করুন।',
  'Confirm with the 6-digit code from your authenticator app.': 'অথেনটিকেটর অ্যাপের ৬ অঙ্কের কোড দিয়ে নিশ্চিত করুন।',
  'Confirm with the 6-digit code we send to your mobile by SMS.': 'আপনার মোবাইলে SMS-এ পাঠানো ৬ অঙ্কের কোড দিয়ে নিশ্চিত করুন।',
  'That code is not right, or it is no longer valid. Check the SMS or send a new code.': 'কোডটি সঠিক নয়, অথবা এর মেয়াদ শেষ। SMS-টি দেখুন বা নতুন কোড পাঠান।',
  'That code was already used. Send a new code.': 'এই কোডটি আগেই ব্যবহার হয়েছে। নতুন কোড পাঠান।',
  'A mobile number is already verified for your codes. To change it, contact the bank.': 'আপনার কোডের জন্য একটি মোবাইল নম্বর আগেই যাচাই করা আছে। বদলাতে ব্যাংকের সঙ্গে যোগাযোগ করুন।',
  'This mobile number already receives the codes of another customer.': 'এই মোবাইল নম্বরে অন্য একজন গ্রাহকের কোড যায়।',
  'Mobile number is required': 'মোবাইল নম্বর আবশ্যক',
  'Code is required': 'কোড আবশ্যক',
  'TIN is required': 'টিআইএন আবশ্যক',
  'TIN must have 12 digits': 'টিআইএন-এ ১২টি অঙ্ক থাকতে হবে',
  'This mobile number already belongs to a Padma Bank customer. Sign in instead.': 'এই মোবাইল নম্বরটি ইতিমধ্যে পদ্মা ব্যাংকের একজন গ্রাহকের। এর বদলে লগ ইন করুন।',
  'Enter a Bangladeshi mobile number like 01712-345678': '০১৭১২-৩৪৫৬৭৮-এর মতো একটি বাংলাদেশি মোবাইল নম্বর লিখুন',
  'Enter the 6-digit code from the SMS': 'SMS-এ পাওয়া ৬ অঙ্কের কোডটি লিখুন',
  'Turn on two-step verification in your profile to do this.': 'এটি করতে প্রোফাইল থেকে দুই-ধাপের যাচাই চালু করুন।',
  'Your two-step verification cannot be checked at the moment. Please contact the bank.': 'এই মুহূর্তে আপনার দুই-ধাপের যাচাই পরীক্ষা করা যাচ্ছে না। অনুগ্রহ করে ব্যাংকের সঙ্গে যোগাযোগ করুন।',
  'That recovery code is not right, or it was already used.': 'রিকভারি কোডটি সঠিক নয়, অথবা আগেই ব্যবহার হয়েছে।',
  'Enter the 6-digit code from your current authenticator app, or one of your recovery codes (such as ab3de-9xk2p)':
    'বর্তমান অথেনটিকেটর অ্যাপের ৬ অঙ্কের কোড, বা আপনার একটি রিকভারি কোড (যেমন ab3de-9xk2p) লিখুন',
  'No new authenticator app is waiting to be confirmed, or it waited too long. Start the replacement again.':
    'নিশ্চিত করার জন্য কোনো নতুন অথেনটিকেটর অ্যাপ অপেক্ষায় নেই, অথবা অনেক দেরি হয়ে গেছে। আবার শুরু থেকে অ্যাপ বদলান।',
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
  [/^(Account|Card request|Loan|Deposit request) was already declined$/, () => 'এই আবেদনটি আগেই প্রত্যাখ্যাত হয়েছে'],
  [/^(.+) is required$/, (field = '') => `${label(field)} আবশ্যক`],
  [
    /^(.+) must not contain (?:line breaks, )?control or invisible formatting characters such as right-to-left marks \(found (U\+[0-9A-F]{4,6})\)$/,
    (field = '', character = '') => `${label(field)}-এ লাইন ভাঙা বা অদৃশ্য অক্ষর (যেমন ডান থেকে বামে লেখার চিহ্ন) রাখা যাবে না; মুছে আবার লিখুন (পাওয়া গেছে ${character})`,
  ],
  [/^(.+) must be in the years (\d+) to (\d+)$/, (field = '', earliest = '', latest = '') => `${label(field)} ${digits(earliest)} থেকে ${digits(latest)} সালের মধ্যে হতে হবে`],
  [/^(.+) is not a real date$/, (field = '') => `${label(field)}: এই তারিখটি ক্যালেন্ডারে নেই`],
  [/^(.+) must be at most (\d+) characters$/, (field = '', count = '') => `${label(field)} সর্বোচ্চ ${digits(count)} অক্ষরের হতে পারে`],
  [/^(.+) must be at least (\d+) characters$/, (field = '', count = '') => `${label(field)} কমপক্ষে ${digits(count)} অক্ষরের হতে হবে`],
  [/^(.+) must be 13 digits$/, (field = '') => `${label(field)} ১৩ অঙ্কের হতে হবে`],
  [/^(.+) must be 10, 13 or 17 digits$/, (field = '') => `${label(field)} ১০, ১৩ বা ১৭ অঙ্কের হতে হবে`],
  [/^The account holder must be at least (\d+) years old$/, (years = '') => `হিসাবধারীর বয়স কমপক্ষে ${digits(years)} বছর হতে হবে`],
  [/^Send amount must be at least ([\d,.]+) BDT$/, (amount = '') => `কমপক্ষে ${digits(amount)} টাকা পাঠাতে হবে`],
  [/^Monthly income must be at least ([\d,.]+) BDT for this loan$/, (amount = '') => `এই ঋণের জন্য মাসিক আয় কমপক্ষে ${digits(amount)} টাকা হতে হবে`],
  [/^Deposit amount must be at most ([\d,.]+) BDT per request$/, (amount = '') => `একবারে সর্বোচ্চ ${digits(amount)} টাকা জমার আবেদন করা যায়`],
  [/^A statement covers at most (\d+) days: choose a shorter range$/, (days = '') => `একটি বিবরণীতে সর্বোচ্চ ${digits(days)} দিন ধরা যায়: আরও ছোট সময় বেছে নিন`],
  [/^This range has more than (\d+) transactions: choose a shorter range$/, (count = '') => `এই সময়ে ${digits(count)}টির বেশি লেনদেন আছে: আরও ছোট সময় বেছে নিন`],
  [
    /^(.+?) (must be an amount.*|may have commas.*|may have at most two decimals.*|must be greater than 0|must be at most 1,000,000,000 BDT)$/,
    (field = '', problem = '') => `${label(field)}: ${amountProblems[problem] ?? problem}`,
  ],
  [
    /^This transfer is over the per-transfer limit of ([\d,.]+) BDT; ([\d,.]+) BDT is left today$/,
    (limit = '', left = '') => `এই লেনদেনটি একবারে পাঠানোর সীমা ${digits(limit)} টাকার বেশি; আজ আর ${digits(left)} টাকা পাঠানো যাবে`,
  ],
  [
    /^This transfer is over the daily limit of ([\d,.]+) BDT; ([\d,.]+) BDT is left today$/,
    (limit = '', left = '') => `এই লেনদেনে দৈনিক সীমা ${digits(limit)} টাকা ছাড়িয়ে যায়; আজ আর ${digits(left)} টাকা পাঠানো যাবে`,
  ],
  [
    /^Per-transfer limit must not exceed the per-day limit \(([\d,.]+) BDT per transfer, ([\d,.]+) BDT per day\)$/,
    (perTransfer = '', perDay = '') => `একবারের সীমা দৈনিক সীমার বেশি হতে পারবে না (একবারে ${digits(perTransfer)} টাকা, দিনে ${digits(perDay)} টাকা)`,
  ],
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

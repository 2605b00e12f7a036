import type { Language } from '../language';

/**
 * Why a payment to another bank or wallet was refused or came back, in a customer's words: the
 * ISO 20022 status reason codes the clearing house answers with (a pacs.002's reason, a return's).
 * The words say what the customer can do about it, not what the code means to a clearing house.
 * The payment's answer, the notifications list and the e-mail all read these, in both languages,
 * as a declined request's reason is read from `declineReasonWords`, so the three never disagree.
 */
export const paymentReasonCodes = ['AC01', 'AC04', 'AC06', 'AG03', 'AM02', 'AM04', 'AM05', 'DU01', 'FF01', 'MS03', 'NARR', 'RC01', 'TM01'] as const;
export type PaymentReasonCode = (typeof paymentReasonCodes)[number];

export const paymentReasonWords: Readonly<Record<Language, Readonly<Record<PaymentReasonCode | 'other', string>>>> = {
  en: {
    AC01: 'The receiver’s account number is not right: check it with the person you are paying',
    AC04: 'The receiver’s account is closed',
    AC06: 'The receiver’s account is blocked: the receiver should contact their bank',
    AG03: 'The receiver’s bank does not take payments over this rail',
    AM02: 'The amount is above or below what the receiver’s bank or wallet accepts',
    AM04: 'The receiving side refused the payment for want of funds',
    AM05: 'The payment was sent twice: only one is made',
    DU01: 'The payment was sent twice: only one is made',
    FF01: 'The clearing house could not read the payment: please contact the bank',
    MS03: 'The receiver’s bank gave no reason: please contact the bank',
    NARR: 'The receiver’s name does not match the account',
    RC01: 'The receiver’s bank is not known to the clearing house',
    TM01: 'The payment reached the clearing house after its cut-off time',
    other: 'The receiver’s bank refused the payment: please contact the bank',
  },
  bn: {
    AC01: 'প্রাপকের হিসাব নম্বর সঠিক নয়: যাকে টাকা পাঠাচ্ছেন তার সঙ্গে নম্বরটি মিলিয়ে নিন',
    AC04: 'প্রাপকের হিসাবটি বন্ধ',
    AC06: 'প্রাপকের হিসাবটি আটকানো: প্রাপককে তার ব্যাংকের সঙ্গে যোগাযোগ করতে বলুন',
    AG03: 'প্রাপকের ব্যাংক এই পথে টাকা নেয় না',
    AM02: 'পরিমাণটি প্রাপকের ব্যাংক বা ওয়ালেটের সীমার বেশি বা কম',
    AM04: 'অর্থের অভাবে গ্রহণকারী পক্ষ লেনদেনটি ফিরিয়ে দিয়েছে',
    AM05: 'লেনদেনটি দুবার পাঠানো হয়েছিল: একটিই করা হয়েছে',
    DU01: 'লেনদেনটি দুবার পাঠানো হয়েছিল: একটিই করা হয়েছে',
    FF01: 'ক্লিয়ারিং হাউস লেনদেনটি পড়তে পারেনি: অনুগ্রহ করে ব্যাংকে যোগাযোগ করুন',
    MS03: 'প্রাপকের ব্যাংক কোনো কারণ জানায়নি: অনুগ্রহ করে ব্যাংকে যোগাযোগ করুন',
    NARR: 'প্রাপকের নাম হিসাবের সঙ্গে মিলছে না',
    RC01: 'প্রাপকের ব্যাংক ক্লিয়ারিং হাউসের কাছে অজানা',
    TM01: 'লেনদেনটি ক্লিয়ারিং হাউসে সময়সীমার পরে পৌঁছেছে',
    other: 'প্রাপকের ব্যাংক লেনদেনটি ফিরিয়ে দিয়েছে: অনুগ্রহ করে ব্যাংকে যোগাযোগ করুন',
  },
};

const isKnownCode = (code: string): code is PaymentReasonCode => (paymentReasonCodes as readonly string[]).includes(code);

/** The words for `code` in `language`, or the general ones for a code the bank has no words for yet. */
export function paymentReasonWordsOf(code: string, language: Language = 'en'): string {
  return paymentReasonWords[language][isKnownCode(code) ? code : 'other'];
}

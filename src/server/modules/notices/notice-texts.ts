import { formatDateTime } from '../../../shared/dates';
import { toBanglaDigits } from '../../../shared/digits';
import type { Language } from '../../../shared/language';
import { singleLine } from '../../../shared/hidden-characters';

const dhakaTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Dhaka', timeZoneName: 'short' });

/** When something happened, as the reader reads dates: "24 November 2026 at 12:30 GMT+6" or "২৪ নভেম্বর ২০২৬, ১২:৩০ (ঢাকা সময়)". */
export const momentIn = (at: Date, language: Language) => (language === 'bn' ? `${formatDateTime(at, 'bn')} (ঢাকা সময়)` : dhakaTime.format(at));

export type SignInThrottledFacts = {
  name: string;
  /** The address the refused attempts came from, as the server saw it. */
  clientAddress: string;
  at: Date;
  /**
   * True when attempts from many places used up the e-mail's own allowance, so sign-in is
   * refused from everywhere for a while; false when only the one place is refused.
   */
  refusedEverywhere: boolean;
  /** Minutes until sign-in is allowed again. */
  minutesToWait: number;
};

/** How every notice ends: the warning phishing relies on people not knowing, and where to reach a person. */
const closing: Record<Language, string[]> = {
  en: [
    '',
    'Padma Bank never asks for your password or a code by phone, SMS or e-mail.',
    '',
    '--',
    'This is an automatic security notice. Please do not reply to this e-mail; to reach us, use Contact Us on our website or call the number on your card.',
  ],
  bn: [
    '',
    'পদ্মা ব্যাংক কখনো ফোন, এসএমএস বা ইমেইলে আপনার পাসওয়ার্ড বা কোনো কোড চায় না।',
    '',
    '--',
    'এটি একটি স্বয়ংক্রিয় নিরাপত্তা বার্তা। এই ইমেইলের উত্তর দেবেন না; আমাদের সঙ্গে যোগাযোগ করতে ওয়েবসাইটের "যোগাযোগ" পাতা ব্যবহার করুন বা আপনার কার্ডে লেখা নম্বরে ফোন করুন।',
  ],
};

const greeting: Record<Language, (name: string) => string> = {
  en: (name) => `Dear ${name},`,
  bn: (name) => `প্রিয় ${name},`,
};

/** A notice's text: the greeting, the paragraphs given, and the closing, all in the reader's language. */
export const noticeBody = (language: Language, name: string, lines: string[]) => [greeting[language](singleLine(name)), '', ...lines, ...closing[language]].join('\n');

function throttledLines(facts: SignInThrottledFacts, language: Language): { subject: string; lines: string[] } {
  const address = singleLine(facts.clientAddress);
  const at = momentIn(facts.at, language);
  if (language === 'bn') {
    const minutes = toBanglaDigits(String(facts.minutesToWait));
    return {
      subject: 'পদ্মা ব্যাংক: আপনার হিসাবে বারবার লগ ইনের চেষ্টা আমরা থামিয়েছি',
      lines: [
        `${at} কয়েকবার ভুল পাসওয়ার্ড দেওয়ার পর ইন্টারনেট ঠিকানা ${address} থেকে আপনার পদ্মা ব্যাংক অনলাইন ব্যাংকিংয়ে আর লগ ইনের চেষ্টা আমরা থামিয়েছি।`,
        '',
        facts.refusedEverywhere
          ? `প্রায় ${minutes} মিনিট আপনার হিসাবে লগ ইন বন্ধ থাকবে, সব ডিভাইস থেকে।`
          : `প্রায় ${minutes} মিনিট ওই ঠিকানা থেকে লগ ইন বন্ধ থাকবে। নিজের ফোন বা কম্পিউটার থেকে আপনি স্বাভাবিকভাবেই লগ ইন করতে পারবেন।`,
        '',
        'এটি আপনি হলে কিছুক্ষণ অপেক্ষা করে আবার চেষ্টা করুন, অথবা পাসওয়ার্ড নতুন করে দিতে আমাদের সাহায্য নিন।',
        'এটি আপনি না হলে: এই চেষ্টাগুলো দিয়ে কেউ লগ ইন করতে পারেনি এবং আপনার টাকা কোথাও যায়নি। নিরাপদ থাকতে লগ ইন করে পাসওয়ার্ড বদলান (প্রোফাইল, তারপর পাসওয়ার্ড পরিবর্তন), আর একই পাসওয়ার্ড অন্য কোথাও ব্যবহার করবেন না।',
      ],
    };
  }
  return {
    subject: 'Padma Bank: we stopped repeated sign-in attempts to your account',
    lines: [
      `On ${at} we stopped further sign-in attempts to your Padma Bank online banking after several wrong passwords, from the internet address ${address}.`,
      '',
      facts.refusedEverywhere
        ? `Sign-in to your account is paused for about ${facts.minutesToWait} minutes, from every device.`
        : `Sign-in from that address is paused for about ${facts.minutesToWait} minutes. You can still sign in as usual from your own phone or computer.`,
      '',
      'If this was you, wait and try again, or ask us to help you reset your password.',
      'If it was not you: nobody has signed in with these attempts and your money has not moved. To be safe, sign in and change your password (Profile, then Change password), and do not use the same password anywhere else.',
    ],
  };
}

/**
 * The e-mail that tells a customer their sign-in was throttled, in the language they chose on the
 * website. It says what happened, whether they can still sign in, what to do if it was not them,
 * and never carries a link: a link in a security e-mail is what phishing copies.
 */
export function buildSignInThrottledNotice(facts: SignInThrottledFacts, language: Language = 'en'): { subject: string; body: string } {
  const { subject, lines } = throttledLines(facts, language);
  return { subject, body: noticeBody(language, facts.name, lines) };
}

export type PasswordChangedFacts = { name: string; clientAddress: string; at: Date };

/**
 * The e-mail that tells a customer their password was changed, so that a change they did not make
 * does not go unnoticed: what happened, from where, and what to do at once if it was not them.
 */
export function buildPasswordChangedNotice(facts: PasswordChangedFacts, language: Language = 'en'): { subject: string; body: string } {
  const address = singleLine(facts.clientAddress);
  const at = momentIn(facts.at, language);
  if (language === 'bn') {
    return {
      subject: 'পদ্মা ব্যাংক: আপনার পাসওয়ার্ড পরিবর্তন করা হয়েছে',
      body: noticeBody(language, facts.name, [
        `${at} ইন্টারনেট ঠিকানা ${address} থেকে আপনার পদ্মা ব্যাংক অনলাইন ব্যাংকিংয়ের পাসওয়ার্ড পরিবর্তন করা হয়েছে। আপনার হিসাবে লগ ইন করা অন্য সব ডিভাইস থেকে লগ আউট করা হয়েছে।`,
        '',
        'এটি আপনি হলে আর কিছু করার দরকার নেই।',
        'এটি আপনি না হলে এখনই আপনার কার্ডে লেখা নম্বরে ফোন করুন বা যেকোনো শাখায় আসুন, যাতে আমরা আপনার অনলাইন ব্যাংকিং বন্ধ করে আপনার সঙ্গে হিসাবগুলো যাচাই করতে পারি।',
      ]),
    };
  }
  return {
    subject: 'Padma Bank: your password was changed',
    body: noticeBody(language, facts.name, [
      `On ${at} the password of your Padma Bank online banking was changed, from the internet address ${address}. Every other device signed in to your account was signed out.`,
      '',
      'If this was you, there is nothing more to do.',
      'If it was not you, call us at once on the number on your card or visit any branch, so that we can lock your online banking and check your accounts with you.',
    ]),
  };
}

export type PasswordResetFacts = { name: string; link: string; at: Date; minutesValid: number };

/**
 * The e-mail with the link to set a new password: the one notice that carries a link, since it is
 * what the customer asked for. It says when it was asked, how long the link works, and that doing
 * nothing leaves the password as it is.
 */
export function buildPasswordResetNotice(facts: PasswordResetFacts, language: Language = 'en'): { subject: string; body: string } {
  const at = momentIn(facts.at, language);
  if (language === 'bn') {
    const minutes = toBanglaDigits(String(facts.minutesValid));
    return {
      subject: 'পদ্মা ব্যাংক: নতুন পাসওয়ার্ড দিন',
      body: noticeBody(language, facts.name, [
        `${at} আপনার পদ্মা ব্যাংক অনলাইন ব্যাংকিংয়ের জন্য নতুন পাসওয়ার্ড দেওয়ার অনুরোধ করা হয়েছে। নতুন পাসওয়ার্ড বেছে নিতে এই লিংকটি খুলুন:`,
        '',
        facts.link,
        '',
        `লিংকটি একবারই কাজ করবে, ${minutes} মিনিটের মধ্যে। নতুন পাসওয়ার্ড দিলে আপনার হিসাবে লগ ইন করা সব ডিভাইস থেকে লগ আউট হয়ে যাবে।`,
        'আপনি অনুরোধ না করে থাকলে এই ই-মেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে, আর আপনার ই-মেইল ছাড়া কেউ এই লিংক ব্যবহার করতে পারবে না।',
      ]),
    };
  }
  return {
    subject: 'Padma Bank: set a new password',
    body: noticeBody(language, facts.name, [
      `On ${at} someone asked to set a new password for your Padma Bank online banking. To choose one, open this link:`,
      '',
      facts.link,
      '',
      `The link works once, for ${facts.minutesValid} minutes. Setting a new password signs out every device signed in to your account.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is, and nobody can use this link without access to your e-mail.',
    ]),
  };
}

export type StaffInvitationFacts = { name: string; invitedBy: string; link: string; at: Date; hoursValid: number };

/**
 * The e-mail that invites a new staff member: who invited them, the one-time link, how long it
 * works, and that they set up two-step verification at their first sign-in.
 */
export function buildStaffInvitationNotice(facts: StaffInvitationFacts, language: Language = 'en'): { subject: string; body: string } {
  const invitedBy = singleLine(facts.invitedBy);
  const at = momentIn(facts.at, language);
  if (language === 'bn') {
    const hours = toBanglaDigits(String(facts.hoursValid));
    return {
      subject: 'পদ্মা ব্যাংক: স্টাফ ড্যাশবোর্ডে আপনার আমন্ত্রণ',
      body: noticeBody(language, facts.name, [
        `${at} ${invitedBy} আপনাকে পদ্মা ব্যাংকের স্টাফ ড্যাশবোর্ডে আমন্ত্রণ জানিয়েছেন। পাসওয়ার্ড বেছে নিতে এই লিংকটি খুলুন:`,
        '',
        facts.link,
        '',
        `লিংকটি একবারই কাজ করবে, ${hours} ঘণ্টার মধ্যে। প্রথমবার লগ ইন করার সময় আপনাকে অথেনটিকেটর অ্যাপ দিয়ে দুই ধাপের যাচাই চালু করতে হবে।`,
        'আপনি এই আমন্ত্রণ আশা না করে থাকলে এই ই-মেইলটি উপেক্ষা করুন।',
      ]),
    };
  }
  return {
    subject: 'Padma Bank: your invitation to the staff dashboard',
    body: noticeBody(language, facts.name, [
      `On ${at} ${invitedBy} invited you to Padma Bank's staff dashboard. To choose your password, open this link:`,
      '',
      facts.link,
      '',
      `The link works once, for ${facts.hoursValid} hours. At your first sign-in you set up two-step verification with an authenticator app.`,
      'If you did not expect this invitation, ignore this e-mail.',
    ]),
  };
}

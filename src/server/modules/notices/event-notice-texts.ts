import { declineReasonWords } from '../../../shared/decline-reason-words';
import { toBanglaDigits } from '../../../shared/digits';
import type { Language } from '../../../shared/language';
import { formatBdtIn } from '../../../shared/money';
import { formatReference } from '../../../shared/reference';
import type { DeclineReason } from '../../../shared/schemas/decline';
import type { NotificationKind, NotificationParams, PaymentParams, SecondFactorChange, TransferParams } from '../../../shared/schemas/notifications';
import { formatDate } from '../../../shared/dates';
import { directoryEntry } from '../../../shared/bank-directory';
import { paymentReasonWordsOf } from '../../../shared/payment-rails/payment-reasons';
import { singleLine } from '../../../shared/hidden-characters';
import { buildPasswordChangedNotice, momentIn, noticeBody } from './notice-texts';

/** One event as an e-mail renders it: who it is for, what happened and when. */
export type EventFacts<Kind extends NotificationKind = NotificationKind> = { kind: Kind; params: NotificationParams[Kind]; name: string; at: Date };

type Text = { subject: string; lines: string[] };
type Render<Kind extends NotificationKind> = (params: NotificationParams[Kind], at: string, language: Language) => Text;

/** Account numbers and other digits as the reader writes them. */
const digitsIn = (text: string, language: Language) => (language === 'bn' ? toBanglaDigits(text) : text);
const money = (poisha: string | undefined, language: Language) => formatBdtIn(BigInt(poisha ?? '0'), language);

const ifNotYou: Record<Language, string> = {
  en: 'If this was not you, call us at once on the number on your card or visit any branch.',
  bn: 'এটি আপনি না হলে এখনই আপনার কার্ডে লেখা নম্বরে ফোন করুন বা যেকোনো শাখায় আসুন।',
};

const requestWords: Record<Language, Record<string, string>> = {
  en: { account: 'account', card: 'card', loan: 'loan', deposit: 'deposit' },
  bn: { account: 'হিসাব খোলার', card: 'কার্ডের', loan: 'ঋণের', deposit: 'জমার' },
};

const cardWords: Record<Language, Record<string, string>> = {
  en: { debit: 'debit', credit: 'credit' },
  bn: { debit: 'ডেবিট', credit: 'ক্রেডিট' },
};

const newDevice: Render<'new-device'> = (params, at, language) =>
  language === 'bn'
    ? {
        subject: 'পদ্মা ব্যাংক: নতুন একটি ডিভাইস থেকে লগ ইন',
        lines: [
          `${at} এমন একটি ডিভাইস থেকে আপনার পদ্মা ব্যাংক অনলাইন ব্যাংকিংয়ে লগ ইন করা হয়েছে, যেটি থেকে গত ৯০ দিনে লগ ইন হয়নি: ${singleLine(params.device)}, ইন্টারনেট ঠিকানা ${singleLine(params.address)}।`,
          '',
          'এটি আপনি হলে আর কিছু করার দরকার নেই।',
          'এটি আপনি না হলে এখনই পাসওয়ার্ড বদলান (প্রোফাইল, তারপর পাসওয়ার্ড পরিবর্তন), তারপর আমাদের ফোন করুন।',
        ],
      }
    : {
        subject: 'Padma Bank: a sign-in from a new device',
        lines: [
          `On ${at} someone signed in to your Padma Bank online banking from a device not used in the last 90 days: ${singleLine(params.device)}, internet address ${singleLine(params.address)}.`,
          '',
          'If this was you, there is nothing to do.',
          'If it was not you, change your password at once (Profile, then Change password) and call us.',
        ],
      };

const profileChanged: Render<'profile-changed'> = (params, at, language) => {
  const fields = params.fields.split(',');
  if (language === 'bn') {
    const what = fields.map((field) => (field === 'name' ? 'নাম' : 'ছবি')).join(' ও ');
    return { subject: 'পদ্মা ব্যাংক: আপনার প্রোফাইল বদলানো হয়েছে', lines: [`${at} আপনার প্রোফাইলের ${what} বদলানো হয়েছে।`, '', ifNotYou.bn] };
  }
  const what = fields.map((field) => (field === 'name' ? 'name' : 'photo')).join(' and ');
  return { subject: 'Padma Bank: your profile was changed', lines: [`On ${at} the ${what} of your profile was changed.`, '', ifNotYou.en] };
};

/** Every transfer of a group is in the statement, where a customer checks one they do not recognise. */
const eachInStatement: Record<Language, string> = {
  en: 'Your account statement lists each of them.',
  bn: 'প্রতিটি লেনদেন আপনার হিসাব বিবরণীতে আছে।',
};

/** A group of transfers (`TransferParams`): how many, their total in the reader's words, and since when. */
function groupOf(params: TransferParams, language: Language): { count: string; total: string; since: string } | undefined {
  const count = Number(params.count ?? '1');
  if (!(count > 1)) return undefined;
  return { count: digitsIn(String(count), language), total: money(params.totalPoisha, language), since: momentIn(new Date(params.firstAt ?? ''), language) };
}

const transferOut: Render<'transfer-out'> = (params, at, language) => {
  const amount = money(params.amountPoisha, language);
  const [from, to] = [digitsIn(params.accountId, language), digitsIn(params.counterpartyAccountId, language)];
  const name = singleLine(params.counterpartyName);
  const group = groupOf(params, language);
  if (group && language === 'bn') {
    return {
      subject: `পদ্মা ব্যাংক: ${group.count}টি লেনদেনে মোট ${group.total} পাঠানো হয়েছে`,
      lines: [
        `${group.since} থেকে ${at} পর্যন্ত আপনার হিসাব থেকে ${group.count}টি লেনদেনে মোট ${group.total} পাঠানো হয়েছে।`,
        `সর্বশেষটিতে আপনার হিসাব ${from} থেকে ${name}-এর হিসাব ${to}-এ ${amount} পাঠানো হয়েছে।`,
        eachInStatement.bn,
        '',
        ifNotYou.bn,
      ],
    };
  }
  if (group) {
    return {
      subject: `Padma Bank: ${group.count} transfers sent, ${group.total} in all`,
      lines: [
        `Between ${group.since} and ${at}, ${group.count} transfers were sent from your accounts, ${group.total} in all.`,
        `The latest: ${amount} from your account ${from} to ${name}, account ${to}.`,
        eachInStatement.en,
        '',
        ifNotYou.en,
      ],
    };
  }
  return language === 'bn'
    ? { subject: `পদ্মা ব্যাংক: ${amount} পাঠানো হয়েছে`, lines: [`${at} আপনার হিসাব ${from} থেকে ${name}-এর হিসাব ${to}-এ ${amount} পাঠানো হয়েছে।`, '', ifNotYou.bn] }
    : { subject: `Padma Bank: ${amount} sent`, lines: [`On ${at} ${amount} was sent from your account ${from} to ${name}, account ${to}.`, '', ifNotYou.en] };
};

const transferIn: Render<'transfer-in'> = (params, at, language) => {
  const amount = money(params.amountPoisha, language);
  const [into, from] = [digitsIn(params.accountId, language), digitsIn(params.counterpartyAccountId, language)];
  const name = singleLine(params.counterpartyName);
  const group = groupOf(params, language);
  if (group && language === 'bn') {
    return {
      subject: `পদ্মা ব্যাংক: আপনি ${group.count}টি লেনদেনে মোট ${group.total} পেয়েছেন`,
      lines: [
        `${group.since} থেকে ${at} পর্যন্ত আপনি ${group.count}টি লেনদেনে মোট ${group.total} পেয়েছেন।`,
        `সর্বশেষটি: ${name} (হিসাব ${from}) আপনার হিসাব ${into}-এ ${amount} পাঠিয়েছেন।`,
        eachInStatement.bn,
      ],
    };
  }
  if (group) {
    return {
      subject: `Padma Bank: you received ${group.count} transfers, ${group.total} in all`,
      lines: [
        `Between ${group.since} and ${at} you received ${group.count} transfers, ${group.total} in all.`,
        `The latest: ${name} (account ${from}) sent ${amount} to your account ${into}.`,
        eachInStatement.en,
      ],
    };
  }
  return language === 'bn'
    ? { subject: `পদ্মা ব্যাংক: আপনি ${amount} পেয়েছেন`, lines: [`${at} ${name} (হিসাব ${from}) আপনার হিসাব ${into}-এ ${amount} পাঠিয়েছেন।`] }
    : { subject: `Padma Bank: you received ${amount}`, lines: [`On ${at} ${name} (account ${from}) sent ${amount} to your account ${into}.`] };
};

const loanRepaid: Render<'loan-repaid'> = (params, at, language) => {
  const amount = money(params.amountPoisha, language);
  const account = digitsIn(params.accountId, language);
  const repaid = BigInt(params.outstandingPoisha) === 0n;
  const outstanding = money(params.outstandingPoisha, language);
  if (language === 'bn') {
    return {
      subject: repaid ? 'পদ্মা ব্যাংক: আপনার ঋণ পুরো শোধ হয়েছে' : `পদ্মা ব্যাংক: ঋণের কিস্তি ${amount} জমা হয়েছে`,
      lines: [`${at} আপনার হিসাব ${account} থেকে ঋণ শোধে ${amount} দেওয়া হয়েছে।`, repaid ? 'আপনার ঋণ পুরো শোধ হয়েছে।' : `এখনো বাকি ${outstanding}।`],
    };
  }
  return {
    subject: repaid ? 'Padma Bank: your loan is fully repaid' : `Padma Bank: loan repayment of ${amount} received`,
    lines: [`On ${at} ${amount} was paid from your account ${account} toward your loan.`, repaid ? 'Your loan is now fully repaid.' : `Still to repay: ${outstanding}.`],
  };
};

function approvedLine(params: NotificationParams['request-approved'], language: Language): string {
  const account = digitsIn(params.accountId, language);
  const amount = money(params.amountPoisha, language);
  const card = cardWords[language][params.cardType ?? ''] ?? '';
  const lines: Record<Language, Record<string, string>> = {
    en: {
      account: `Your account ${account} is open: your request was approved.`,
      card: `Your ${card} card for account ${account} was approved and issued.`,
      loan: `Your loan of ${amount} was approved and paid into your account ${account}.`,
      deposit: `Your deposit of ${amount} was approved and credited to your account ${account}.`,
    },
    bn: {
      account: `আপনার হিসাব ${account} খোলা হয়েছে: আপনার অনুরোধ অনুমোদিত হয়েছে।`,
      card: `হিসাব ${account}-এর জন্য আপনার ${card} কার্ড অনুমোদিত হয়েছে এবং ইস্যু করা হয়েছে।`,
      loan: `আপনার ${amount} ঋণ অনুমোদিত হয়েছে এবং আপনার হিসাব ${account}-এ দেওয়া হয়েছে।`,
      deposit: `আপনার ${amount} জমা অনুমোদিত হয়েছে এবং আপনার হিসাব ${account}-এ যোগ হয়েছে।`,
    },
  };
  return lines[language][params.request] ?? '';
}

const requestApproved: Render<'request-approved'> = (params, at, language) =>
  language === 'bn'
    ? { subject: `পদ্মা ব্যাংক: আপনার ${requestWords.bn[params.request]} অনুরোধ অনুমোদিত`, lines: [`${at}: ${approvedLine(params, language)}`] }
    : { subject: `Padma Bank: your ${requestWords.en[params.request]} request was approved`, lines: [`On ${at}: ${approvedLine(params, language)}`] };

/**
 * What follows a decline's or a cancellation's first line: the staff member's reason and note when
 * given, and where to ask.
 */
function groundsLines(params: { reason?: DeclineReason; note?: string }, language: Language): string[] {
  const reason = params.reason ? declineReasonWords[language][params.reason] : undefined;
  const note = params.note ? singleLine(params.note) : undefined;
  return language === 'bn'
    ? [...(reason ? [`কারণ: ${reason}`] : []), ...(note ? [`ব্যাংকের মন্তব্য: ${note}`] : []), '', 'প্রশ্ন থাকলে ওয়েবসাইটের "যোগাযোগ" পাতা ব্যবহার করুন বা যেকোনো শাখায় আসুন।']
    : [...(reason ? [`Reason: ${reason}`] : []), ...(note ? [`The bank's note: ${note}`] : []), '', 'If you have a question, use Contact Us on our website or visit any branch.'];
}

const requestDeclined: Render<'request-declined'> = (params, at, language) => {
  const account = digitsIn(params.accountId, language);
  return language === 'bn'
    ? {
        subject: `পদ্মা ব্যাংক: আপনার ${requestWords.bn[params.request]} অনুরোধ নাকচ হয়েছে`,
        lines: [`${at} হিসাব ${account}-এর জন্য আপনার ${requestWords.bn[params.request]} অনুরোধ ব্যাংক নাকচ করেছে।`, ...groundsLines(params, language)],
      }
    : {
        subject: `Padma Bank: your ${requestWords.en[params.request]} request was declined`,
        lines: [`On ${at} the bank declined your ${requestWords.en[params.request]} request for account ${account}.`, ...groundsLines(params, language)],
      };
};

const cardCancelled: Render<'card-cancelled'> = (params, at, language) => {
  const account = digitsIn(params.accountId, language);
  const card = cardWords[language][params.cardType ?? ''] ?? '';
  return language === 'bn'
    ? {
        subject: 'পদ্মা ব্যাংক: আপনার কার্ড বাতিল করা হয়েছে',
        lines: [`${at} হিসাব ${account}-এর আপনার ${card} কার্ড ব্যাংক বাতিল করেছে। কার্ডটি আর ব্যবহার করা যাবে না।`, ...groundsLines(params, language)],
      }
    : {
        subject: 'Padma Bank: your card was cancelled',
        lines: [`On ${at} the bank cancelled your ${card} card for account ${account}. The card can no longer be used.`, ...groundsLines(params, language)],
      };
};

/**
 * Codes for the second factor were refused by a throttle. A code is asked only after the right
 * password (or in a signed-in session), so the e-mail says what that means if it was not them.
 */
const secondFactorThrottled: Render<'second-factor-throttled'> = (params, at, language) => {
  const address = singleLine(params.address);
  if (language === 'bn') {
    const minutes = toBanglaDigits(params.minutes);
    const paused: Record<string, string> = {
      address: `প্রায় ${minutes} মিনিট ওই ঠিকানা থেকে কোড নেওয়া বন্ধ থাকবে। নিজের ফোন বা কম্পিউটার থেকে আপনি স্বাভাবিকভাবেই লগ ইন করতে ও লেনদেন নিশ্চিত করতে পারবেন।`,
      'new-places': `প্রায় ${minutes} মিনিট যেসব ডিভাইস থেকে আগে লগ ইন হয়নি সেগুলো থেকে কোড নেওয়া বন্ধ থাকবে। নিজের ফোন বা কম্পিউটার থেকে আপনি স্বাভাবিকভাবেই লগ ইন করতে পারবেন।`,
      everywhere: `প্রায় ${minutes} মিনিট আপনার হিসাবে সব ডিভাইস থেকে কোড নেওয়া বন্ধ থাকবে।`,
    };
    return {
      subject: 'পদ্মা ব্যাংক: আপনার হিসাবে বারবার ভুল কোড দেওয়া আমরা থামিয়েছি',
      lines: [
        `${at} আপনার দুই ধাপের যাচাইয়ের (অথেনটিকেটর অ্যাপ বা রিকভারি কোড) কয়েকটি ভুল কোড দেওয়ার পর আমরা আর কোড নেওয়া থামিয়েছি। সবশেষ চেষ্টাটি এসেছে ইন্টারনেট ঠিকানা ${address} থেকে।`,
        '',
        paused[params.scope] ?? paused.address ?? '',
        '',
        'এটি আপনি হলে কিছুক্ষণ অপেক্ষা করে অ্যাপে এখন যে কোডটি দেখাচ্ছে সেটি দিন।',
        'এটি আপনি না হলে: কোড চাওয়া হয় কেবল সঠিক পাসওয়ার্ডের পরে, তাই কেউ আপনার পাসওয়ার্ড জানে। এই চেষ্টাগুলো দিয়ে কেউ লগ ইন করতে পারেনি এবং আপনার টাকা কোথাও যায়নি। এখনই পাসওয়ার্ড বদলান (প্রোফাইল, তারপর পাসওয়ার্ড পরিবর্তন) এবং আপনার কার্ডে লেখা নম্বরে আমাদের ফোন করুন।',
      ],
    };
  }
  const paused: Record<string, string> = {
    address: `Codes from that address are paused for about ${params.minutes} minutes. You can still sign in and confirm payments as usual from your own phone or computer.`,
    'new-places': `Codes from devices you have not signed in from before are paused for about ${params.minutes} minutes. You can still sign in as usual from your own phone or computer.`,
    everywhere: `Codes for your account are paused for about ${params.minutes} minutes, from every device.`,
  };
  return {
    subject: 'Padma Bank: we stopped repeated wrong codes for your account',
    lines: [
      `On ${at} we stopped taking codes for your two-step verification (authenticator app or recovery code) after several wrong ones. The last attempt came from the internet address ${address}.`,
      '',
      paused[params.scope] ?? paused.address ?? '',
      '',
      'If this was you, wait a little and enter the code your app shows now.',
      'If it was not you: a code is asked only after the right password, so someone knows your password. Nobody has signed in with these attempts and your money has not moved. Change your password at once (Profile, then Change password) and call us on the number on your card.',
    ],
  };
};

/**
 * What happened to the second factor, and what to do if it was not the reader: someone who made
 * the change knows their password, and for a replacement a code too, so the bank must hear of it.
 */
const secondFactorWords: Record<Language, Record<SecondFactorChange, { subject: string; happened: (at: string, address: string) => string; ifNotYou: string }>> = {
  en: {
    'two-factor-on': {
      subject: 'Padma Bank: two-step verification was turned on',
      happened: (at, address) =>
        `On ${at} two-step verification was turned on for your online banking with an authenticator app, from the internet address ${address}. Every other device was signed out.`,
      ifNotYou:
        'If it was not you, someone knows your password and has linked their own app to your account: call us at once on the number on your card, or visit any branch, so that we can remove it.',
    },
    'two-factor-replaced': {
      subject: 'Padma Bank: your authenticator app was replaced',
      happened: (at, address) =>
        `On ${at} the authenticator app of your online banking was replaced by a new one, from the internet address ${address}. Codes from the old app and your old recovery codes no longer work, and every other device was signed out.`,
      ifNotYou: 'If it was not you, someone knows your password and had a code from your app: call us at once on the number on your card, or visit any branch, so that we can remove their app.',
    },
    'two-factor-off': {
      subject: 'Padma Bank: two-step verification was turned off',
      happened: (at, address) => `On ${at} two-step verification was turned off for your online banking, from the internet address ${address}. Signing in now needs only your password.`,
      ifNotYou: 'If it was not you, change your password at once (Profile, then Change password), then call us on the number on your card.',
    },
    'recovery-codes-renewed': {
      subject: 'Padma Bank: new recovery codes were made',
      happened: (at, address) =>
        `On ${at} new recovery codes for two-step verification were made for your online banking, from the internet address ${address}. Your old recovery codes no longer work.`,
      ifNotYou: 'If it was not you, change your password at once (Profile, then Change password), then call us on the number on your card.',
    },
  },
  bn: {
    'two-factor-on': {
      subject: 'পদ্মা ব্যাংক: দুই-ধাপের যাচাই চালু করা হয়েছে',
      happened: (at, address) => `${at} ইন্টারনেট ঠিকানা ${address} থেকে আপনার অনলাইন ব্যাংকিংয়ে অথেনটিকেটর অ্যাপ দিয়ে দুই-ধাপের যাচাই চালু করা হয়েছে। অন্য সব ডিভাইস থেকে লগ আউট করা হয়েছে।`,
      ifNotYou: 'এটি আপনি না হলে কেউ আপনার পাসওয়ার্ড জানে এবং নিজের অ্যাপ আপনার অ্যাকাউন্টে যুক্ত করেছে: অ্যাপটি সরাতে এখনই আপনার কার্ডে লেখা নম্বরে ফোন করুন বা যেকোনো শাখায় আসুন।',
    },
    'two-factor-replaced': {
      subject: 'পদ্মা ব্যাংক: আপনার অথেনটিকেটর অ্যাপ বদলানো হয়েছে',
      happened: (at, address) =>
        `${at} ইন্টারনেট ঠিকানা ${address} থেকে আপনার অনলাইন ব্যাংকিংয়ের অথেনটিকেটর অ্যাপ বদলে নতুন অ্যাপ যুক্ত করা হয়েছে। পুরোনো অ্যাপের কোড ও পুরোনো রিকভারি কোড আর কাজ করবে না, আর অন্য সব ডিভাইস থেকে লগ আউট করা হয়েছে।`,
      ifNotYou: 'এটি আপনি না হলে কেউ আপনার পাসওয়ার্ড ও অ্যাপের একটি কোড পেয়েছে: তার অ্যাপ সরাতে এখনই আপনার কার্ডে লেখা নম্বরে ফোন করুন বা যেকোনো শাখায় আসুন।',
    },
    'two-factor-off': {
      subject: 'পদ্মা ব্যাংক: দুই-ধাপের যাচাই বন্ধ করা হয়েছে',
      happened: (at, address) => `${at} ইন্টারনেট ঠিকানা ${address} থেকে আপনার অনলাইন ব্যাংকিংয়ের দুই-ধাপের যাচাই বন্ধ করা হয়েছে। এখন লগইনে শুধু পাসওয়ার্ড লাগবে।`,
      ifNotYou: 'এটি আপনি না হলে এখনই পাসওয়ার্ড বদলান (প্রোফাইল, তারপর পাসওয়ার্ড পরিবর্তন), তারপর আপনার কার্ডে লেখা নম্বরে আমাদের ফোন করুন।',
    },
    'recovery-codes-renewed': {
      subject: 'পদ্মা ব্যাংক: নতুন রিকভারি কোড তৈরি করা হয়েছে',
      happened: (at, address) => `${at} ইন্টারনেট ঠিকানা ${address} থেকে আপনার অনলাইন ব্যাংকিংয়ের দুই-ধাপের যাচাইয়ের নতুন রিকভারি কোড তৈরি করা হয়েছে। পুরোনো রিকভারি কোড আর কাজ করবে না।`,
      ifNotYou: 'এটি আপনি না হলে এখনই পাসওয়ার্ড বদলান (প্রোফাইল, তারপর পাসওয়ার্ড পরিবর্তন), তারপর আপনার কার্ডে লেখা নম্বরে আমাদের ফোন করুন।',
    },
  },
};

/** A mobile number now receives the codes that confirm large transfers: its owner hears of it, as of any new factor. */
const phoneVerified: Render<'phone-verified'> = (params, at, language) => {
  const number = singleLine(params.phoneNumber);
  const address = singleLine(params.address);
  return language === 'bn'
    ? {
        subject: 'পদ্মা ব্যাংক: SMS কোডের জন্য একটি মোবাইল নম্বর যাচাই করা হয়েছে',
        lines: [
          `${at} ইন্টারনেট ঠিকানা ${address} থেকে মোবাইল নম্বর ${toBanglaDigits(number)} আপনার অনলাইন ব্যাংকিংয়ে যাচাই করা হয়েছে। বড় ট্রান্সফার নিশ্চিত করার কোড এখন এই নম্বরে SMS-এ যাবে।`,
          '',
          'এটি আপনি হলে আর কিছু করার দরকার নেই।',
          'এটি আপনি না হলে কেউ আপনার পাসওয়ার্ড জানে: এখনই পাসওয়ার্ড বদলান এবং আপনার কার্ডে লেখা নম্বরে আমাদের ফোন করুন, যাতে আমরা নম্বরটি সরাতে পারি।',
        ],
      }
    : {
        subject: 'Padma Bank: a mobile number was verified for SMS codes',
        lines: [
          `On ${at} the mobile number ${number} was verified for your online banking, from the internet address ${address}. Codes that confirm large transfers now go to it by SMS.`,
          '',
          'If this was you, there is nothing to do.',
          'If it was not you, someone knows your password: change it at once and call us on the number on your card, so that we can remove the number.',
        ],
      };
};

function secondFactorChanged<Kind extends SecondFactorChange>(kind: Kind): Render<Kind> {
  return (params, at, language) => {
    const words = secondFactorWords[language][kind];
    const ifYou = language === 'bn' ? 'এটি আপনি হলে আর কিছু করার দরকার নেই।' : 'If this was you, there is nothing to do.';
    return { subject: words.subject, lines: [words.happened(at, singleLine(params.address)), '', ifYou, words.ifNotYou] };
  };
}

/** A payment's receiver as the reader names them: the masked name, the account and the bank or wallet in the reader's language. */
function paymentReceiverIn(params: PaymentParams, language: Language): string {
  const entry = directoryEntry(params.participant);
  const bank = entry ? (language === 'bn' ? entry.nameBn : entry.nameEn) : params.participant;
  const [name, account] = [singleLine(params.receiverName), digitsIn(params.receiverAccount, language)];
  return language === 'bn' ? `${name} (${bank}, হিসাব ${account})` : `${name} (${bank}, account ${account})`;
}

const paymentSettled: Render<'payment-settled'> = (params, at, language) => {
  const [amount, to, from] = [money(params.amountPoisha, language), paymentReceiverIn(params, language), digitsIn(params.accountId, language)];
  return language === 'bn'
    ? { subject: `পদ্মা ব্যাংক: ${amount} পৌঁছেছে`, lines: [`${at} আপনার হিসাব ${from} থেকে পাঠানো ${amount} ${to}-এর কাছে পৌঁছেছে।`, '', ifNotYou.bn] }
    : { subject: `Padma Bank: ${amount} arrived`, lines: [`On ${at} the ${amount} you sent from your account ${from} reached ${to}.`, '', ifNotYou.en] };
};

/** A payment refused or returned: the money and the charge are back in the account, and why. */
function paymentBack(kind: 'payment-rejected' | 'payment-returned'): Render<typeof kind> {
  return (params, at, language) => {
    const [amount, back, to, into] = [
      money(params.amountPoisha, language),
      money(params.backPoisha ?? params.amountPoisha, language),
      paymentReceiverIn(params, language),
      digitsIn(params.accountId, language),
    ];
    const why = paymentReasonWordsOf(params.reasonCode ?? '', language);
    if (language === 'bn') {
      const what = kind === 'payment-rejected' ? 'গ্রহণ করা হয়নি' : 'ফেরত এসেছে';
      return { subject: `পদ্মা ব্যাংক: ${amount} পাঠানো ${what}`, lines: [`${at} ${to}-কে পাঠানো ${amount} ${what}। কারণ: ${why}।`, `${back} আপনার হিসাব ${into}-এ ফেরত দেওয়া হয়েছে।`] };
    }
    const what = kind === 'payment-rejected' ? 'was refused' : 'came back';
    return { subject: `Padma Bank: your payment of ${amount} ${what}`, lines: [`On ${at} your payment of ${amount} to ${to} ${what}. Why: ${why}.`, `${back} is back in your account ${into}.`] };
  };
}

/** An FDR or a DPS at its maturity: what was paid or renewed, its interest and the source tax taken. */
const termDepositMatured: Render<'term-deposit-matured'> = (params, _at, language) => {
  const [paid, interest, tax, account, day] = [
    money(params.paidPoisha, language),
    money(params.interestPoisha, language),
    money(params.taxPoisha, language),
    digitsIn(params.accountId, language),
    formatDate(params.day, language),
  ];
  const reference = formatReference(params.reference);
  if (language === 'bn') {
    const name = params.scheme === 'fdr' ? 'এফডিআর' : 'ডিপিএস';
    const outcome = {
      paid: `${paid} আপনার হিসাব ${account}-এ জমা হয়েছে।`,
      'renewed-principal': `একই মেয়াদে আসল টাকায় নবায়ন হয়েছে; উৎসে কর কেটে মুনাফা ${paid} আপনার হিসাব ${account}-এ জমা হয়েছে।`,
      'renewed-all': `মুনাফাসহ একই মেয়াদে নবায়ন হয়েছে; নতুন এফডিআরে আছে ${paid}, মেয়াদপূর্তির দিনের হারে।`,
    }[params.outcome];
    return {
      subject: `পদ্মা ব্যাংক: আপনার ${name} মেয়াদপূর্ণ হয়েছে`,
      lines: [`আপনার ${name} ${reference} ${day} মেয়াদপূর্ণ হয়েছে। ${outcome}`, `মুনাফা ${interest}, উৎসে কর ${tax}।`],
    };
  }
  const name = params.scheme === 'fdr' ? 'FDR' : 'DPS';
  const outcome = {
    paid: `${paid} was paid into your account ${account}.`,
    'renewed-principal': `It was renewed for the same term with its principal, and its interest after source tax, ${paid}, was paid into your account ${account}.`,
    'renewed-all': `It was renewed for the same term with its interest: the new FDR holds ${paid}, at the rate in force on its maturity day.`,
  }[params.outcome];
  return {
    subject: `Padma Bank: your ${name} has matured`,
    lines: [`Your ${name} ${reference} matured on ${day}. ${outcome}`, `Interest ${interest}, source tax ${tax}.`],
  };
};

/** A DPS instalment's facts in the reader's words: which one, how much, when due, the account to fund. */
function instalmentIn(params: NotificationParams['dps-instalment-missed' | 'dps-instalment-retrying' | 'dps-defaulted'], language: Language) {
  return {
    number: digitsIn(params.instalment, language),
    amount: money(params.amountPoisha, language),
    due: formatDate(params.dueDay, language),
    account: digitsIn(params.accountId, language),
    reference: formatReference(params.reference),
  };
}

/** An instalment the day close could not take on its due day: when it is tried last, and what to do. */
const dpsInstalmentRetrying: Render<'dps-instalment-retrying'> = (params, _at, language) => {
  const { number, amount, due, account, reference } = instalmentIn(params, language);
  const last = formatDate(params.lastTryDay, language);
  if (language === 'bn') {
    return {
      subject: `পদ্মা ব্যাংক: ডিপিএস-এর কিস্তি ${number} নেওয়া যায়নি`,
      lines: [
        `আপনার ডিপিএস ${reference}-এর কিস্তি ${number} (${amount}, দেয় ${due}) আপনার হিসাব ${account} থেকে নেওয়া যায়নি।`,
        `প্রতিদিনের শেষে ${last} পর্যন্ত আবার চেষ্টা করা হবে। এর মধ্যে হিসাবে ${amount} রাখুন, নইলে কিস্তিটি বাদ পড়বে।`,
      ],
    };
  }
  return {
    subject: `Padma Bank: DPS instalment ${number} could not be taken`,
    lines: [
      `Instalment ${number} of your DPS ${reference} (${amount}, due ${due}) could not be taken from your account ${account}.`,
      `It will be tried again at the close of each day until ${last}. Keep ${amount} in the account by then, or the instalment is missed.`,
    ],
  };
};

/** An instalment missed for good: it is not taken later, and how many more the scheme may miss. */
const dpsInstalmentMissed: Render<'dps-instalment-missed'> = (params, _at, language) => {
  const { number, amount, due, account, reference } = instalmentIn(params, language);
  const [missed, left] = [digitsIn(params.missedCount, language), digitsIn(params.missesLeft, language)];
  const last = params.missesLeft === '0';
  if (language === 'bn') {
    return {
      subject: `পদ্মা ব্যাংক: ডিপিএস-এর কিস্তি ${number} বাদ পড়েছে`,
      lines: [
        `আপনার ডিপিএস ${reference}-এর কিস্তি ${number} (${amount}, দেয় ${due}) শেষ চেষ্টার দিন পর্যন্ত আপনার হিসাব ${account}-এ ছিল না। কিস্তিটি বাদ পড়েছে, পরে আর নেওয়া হবে না।`,
        last
          ? `এ পর্যন্ত বাদ পড়েছে ${missed}টি কিস্তি। আর একটি কিস্তি বাদ পড়লে ডিপিএসটি খেলাপি হবে।`
          : `এ পর্যন্ত বাদ পড়েছে ${missed}টি কিস্তি। আরও ${left}টি বাদ পড়লেও ডিপিএস চলবে; তার পরেরটি বাদ পড়লে এটি খেলাপি হবে।`,
        `পরের কিস্তিগুলোর জন্য হিসাব ${account}-এ টাকা রাখুন।`,
      ],
    };
  }
  return {
    subject: `Padma Bank: DPS instalment ${number} was missed`,
    lines: [
      `Instalment ${number} of your DPS ${reference} (${amount}, due ${due}) was not in your account ${account} by its last try. It is missed and will not be taken later.`,
      last
        ? `Instalments missed so far: ${missed}. One more missed instalment and the scheme is defaulted.`
        : `Instalments missed so far: ${missed}. Up to ${left} more may be missed; one more than that defaults the scheme.`,
      `Keep the next instalments in your account ${account}.`,
    ],
  };
};

/** A scheme past its allowed misses: what a default means for the money already in it. */
const dpsDefaulted: Render<'dps-defaulted'> = (params, _at, language) => {
  const { number, amount, due, account, reference } = instalmentIn(params, language);
  const [missed, allowed, paid] = [digitsIn(params.missedCount, language), digitsIn(params.missesAllowed, language), digitsIn(params.paidCount, language)];
  const [maturity, rate] = [formatDate(params.maturityDay, language), digitsIn(percentOf(params.earlyRateBasisPoints), language)];
  if (language === 'bn') {
    return {
      subject: 'পদ্মা ব্যাংক: আপনার ডিপিএস খেলাপি হয়েছে',
      lines: [
        `আপনার ডিপিএস ${reference}-এর কিস্তি ${number} (${amount}, দেয় ${due}) বাদ পড়েছে। মোট ${missed}টি কিস্তি বাদ পড়েছে, যা অনুমোদিত ${allowed}টির বেশি, তাই ডিপিএসটি খেলাপি হয়েছে।`,
        `আর কোনো কিস্তি নেওয়া হবে না। জমা হওয়া ${paid}টি কিস্তি ডিপিএসে থাকবে এবং মেয়াদপূর্তির দিন ${maturity} আগাম নগদায়নের হারে (বার্ষিক ${rate} %) মুনাফাসহ, উৎসে কর কেটে, আপনার হিসাব ${account}-এ জমা হবে। এর আগেও একই হারে ডিপিএসটি ভাঙাতে পারেন।`,
      ],
    };
  }
  return {
    subject: 'Padma Bank: your DPS is defaulted',
    lines: [
      `Instalment ${number} of your DPS ${reference} (${amount}, due ${due}) was missed. ${missed} instalments are now missed, more than the ${allowed} allowed, so the scheme is defaulted.`,
      `No more instalments will be taken. The ${paid} instalments paid stay in the scheme and are paid into your account ${account} on its maturity day, ${maturity}, with interest at the early-closure rate of ${rate} % a year, less source tax. You may also close it before then, at the same rate.`,
    ],
  };
};

/** A rate in basis points as a percentage with two decimals (`300` is `3.00`). */
const percentOf = (basisPoints: string) => (Number(basisPoints) / 100).toFixed(2);

const renderers: { [Kind in NotificationKind]: Render<Kind> | undefined } = {
  'new-device': newDevice,
  // Its e-mail is the one password changes always had (`buildPasswordChangedNotice`).
  'password-changed': undefined,
  'profile-changed': profileChanged,
  'transfer-out': transferOut,
  'transfer-in': transferIn,
  'loan-repaid': loanRepaid,
  'request-approved': requestApproved,
  'request-declined': requestDeclined,
  'card-cancelled': cardCancelled,
  'second-factor-throttled': secondFactorThrottled,
  'two-factor-on': secondFactorChanged('two-factor-on'),
  'two-factor-replaced': secondFactorChanged('two-factor-replaced'),
  'two-factor-off': secondFactorChanged('two-factor-off'),
  'recovery-codes-renewed': secondFactorChanged('recovery-codes-renewed'),
  'phone-verified': phoneVerified,
  'payment-settled': paymentSettled,
  'payment-rejected': paymentBack('payment-rejected'),
  'payment-returned': paymentBack('payment-returned'),
  'term-deposit-matured': termDepositMatured,
  'dps-instalment-retrying': dpsInstalmentRetrying,
  'dps-instalment-missed': dpsInstalmentMissed,
  'dps-defaulted': dpsDefaulted,
};

/**
 * The e-mail of one event in the reader's language: amounts in BDT with lakh grouping, and in
 * Bangla with Bangla digits and "টাকা". Carries no link, like every notice but the password reset.
 */
export function buildEventNotice<Kind extends NotificationKind>(facts: EventFacts<Kind>, language: Language): { subject: string; body: string } {
  if (facts.kind === 'password-changed') {
    const params = facts.params as NotificationParams['password-changed'];
    return buildPasswordChangedNotice({ name: facts.name, clientAddress: params.address, at: facts.at }, language);
  }
  const render = renderers[facts.kind] as Render<Kind>;
  const { subject, lines } = render(facts.params, momentIn(facts.at, language), language);
  return { subject, body: noticeBody(language, facts.name, withReference(lines, facts.params, language)) };
}

/**
 * The movement's short reference, after what happened and before any advice, for every event
 * that has one. Written as on the receipt and the statement, in Latin letters and digits in both
 * languages, so the reference a customer reads out is the one staff type. A group of transfers
 * gives the latest one's.
 */
function withReference(lines: string[], params: unknown, language: Language): string[] {
  const { reference, count } = params as { reference?: unknown; count?: unknown };
  if (typeof reference !== 'string' || reference === '') return lines;
  const grouped = typeof count === 'string' && Number(count) > 1;
  const label = language === 'bn' ? (grouped ? 'সর্বশেষটির রেফারেন্স' : 'রেফারেন্স') : grouped ? 'Reference of the latest' : 'Reference';
  const line = `${label}: ${formatReference(reference)}`;
  const blank = lines.indexOf('');
  return blank === -1 ? [...lines, line] : [...lines.slice(0, blank), line, ...lines.slice(blank)];
}

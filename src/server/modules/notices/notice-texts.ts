import { singleLine } from '../../lib/mail-outbox';

const dhakaTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Dhaka', timeZoneName: 'short' });

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
const closing = [
  '',
  'Padma Bank never asks for your password or a code by phone, SMS or e-mail.',
  '',
  '--',
  'This is an automatic security notice. Please do not reply to this e-mail; to reach us, use Contact Us on our website or call the number on your card.',
];

/** A notice's text: the greeting, the paragraphs given, and the closing. */
const noticeBody = (name: string, lines: string[]) => [`Dear ${singleLine(name)},`, '', ...lines, ...closing].join('\n');

/**
 * The e-mail that tells a customer their sign-in was throttled. It says what happened, whether
 * they can still sign in, what to do if it was not them, and never carries a link: a link in a
 * security e-mail is what phishing copies.
 */
export function buildSignInThrottledNotice(facts: SignInThrottledFacts): { subject: string; body: string } {
  const where = facts.refusedEverywhere
    ? `Sign-in to your account is paused for about ${facts.minutesToWait} minutes, from every device.`
    : `Sign-in from that address is paused for about ${facts.minutesToWait} minutes. You can still sign in as usual from your own phone or computer.`;
  return {
    subject: 'Padma Bank: we stopped repeated sign-in attempts to your account',
    body: noticeBody(facts.name, [
      `On ${dhakaTime.format(facts.at)} we stopped further sign-in attempts to your Padma Bank online banking after several wrong passwords, from the internet address ${singleLine(facts.clientAddress)}.`,
      '',
      where,
      '',
      'If this was you, wait and try again, or ask us to help you reset your password.',
      'If it was not you: nobody has signed in with these attempts and your money has not moved. To be safe, sign in and change your password (Profile, then Change password), and do not use the same password anywhere else.',
    ]),
  };
}

export type PasswordChangedFacts = { name: string; clientAddress: string; at: Date };

/**
 * The e-mail that tells a customer their password was changed, so that a change they did not make
 * does not go unnoticed: what happened, from where, and what to do at once if it was not them.
 */
export function buildPasswordChangedNotice(facts: PasswordChangedFacts): { subject: string; body: string } {
  return {
    subject: 'Padma Bank: your password was changed',
    body: noticeBody(facts.name, [
      `On ${dhakaTime.format(facts.at)} the password of your Padma Bank online banking was changed, from the internet address ${singleLine(facts.clientAddress)}. Every other device signed in to your account was signed out.`,
      '',
      'If this was you, there is nothing more to do.',
      'If it was not you, call us at once on the number on your card or visit any branch, so that we can lock your online banking and check your accounts with you.',
    ]),
  };
}

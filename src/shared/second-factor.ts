/** The header a step-up code travels in (so that it is not part of the operation's body and fingerprint). */
export const secondFactorCodeHeaderName = 'Second-Factor-Code';

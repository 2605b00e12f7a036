import { recoveryCodeCount } from './second-factor-rules';
import type { StoredAuthenticator } from './factor-changes.repository';
import { base32Encode, totpDigits, totpPeriodSeconds } from './totp';
import type { AuthLoader } from '../auth/auth-loader';

/** The issuer an authenticator app shows beside the account, as at enrolment (auth.ts). */
const issuer = 'Padma Bank';

export type NewAuthenticator = { otpauthUri: string; recoveryCodes: string[]; stored: StoredAuthenticator };

/**
 * A new authenticator secret and recovery codes, made and encrypted exactly as better-auth's
 * two-factor plugin makes them at enrolment (32 random characters used as the key's bytes; ten
 * codes of five and five letters and digits), so that its sign-in checks read them unchanged.
 */
export async function newAuthenticator(auth: AuthLoader, email: string): Promise<NewAuthenticator> {
  const context = await (await auth()).$context;
  // Imported here, where better-auth is loaded anyway: at the top it would load with every start.
  const { generateRandomString, symmetricEncrypt } = await import('better-auth/crypto');
  const secret = generateRandomString(32);
  const recoveryCodes = Array.from({ length: recoveryCodeCount }, () => generateRandomString(10, 'a-z', '0-9', 'A-Z')).map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
  const parameters = new URLSearchParams({ secret: base32Encode(Buffer.from(secret, 'utf8')), issuer, digits: String(totpDigits), period: String(totpPeriodSeconds) });
  return {
    otpauthUri: `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(email)}?${parameters.toString()}`,
    recoveryCodes,
    stored: {
      secret: await symmetricEncrypt({ key: context.secretConfig, data: secret }),
      backupCodes: await symmetricEncrypt({ key: context.secretConfig, data: JSON.stringify(recoveryCodes) }),
    },
  };
}

import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { admin } from 'better-auth/plugins/admin';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { customerRole, passwordLengthMax, passwordLengthMin, sessionLifetimeSeconds, staffRole } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { schema } from '../../db/client';
import { clientAddressHeader } from './client-address-header';
import { recoveryCodeCount } from '../two-factor/second-factor-rules';
import { totpDigits, totpPeriodSeconds } from '../two-factor/totp';
import { noticePasswordReset, passwordResetLinkMinutes } from '../notices/notices.service';
import { generationOfNewSession, type SessionCreationContext } from './session-generation';

/** How passwords are hashed and checked, when not better-auth's own scrypt (N = 16384, r = 16). */
export type PasswordHashing = { hash: (password: string) => Promise<string>; verify: (data: { hash: string; password: string }) => Promise<boolean> };

export type AuthOptions = {
  db: Database;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  /** Only the test harness gives one (`test-support/test-password-hashing.ts`); the server always hashes as better-auth does. */
  passwordHashing?: PasswordHashing | undefined;
};

export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: 'Padma Bank',
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification, twoFactor: schema.twoFactor },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: passwordLengthMin,
      maxPasswordLength: passwordLengthMax,
      resetPasswordTokenExpiresIn: passwordResetLinkMinutes * 60,
      revokeSessionsOnPasswordReset: true,
      ...(options.passwordHashing ? { password: options.passwordHashing } : {}),
      // Queued in the mail outbox, like every notice; a disabled user is sent nothing, and the
      // answer to the request is the same either way.
      sendResetPassword: async ({ user, token }) => {
        if ((user as { banned?: boolean | null }).banned) return;
        await noticePasswordReset(options.db, user, options.publicUrl, token);
      },
    },
    // Tokens sent by e-mail (the link to set a new password) are stored as their SHA-256, so a
    // copy of the database cannot be used to take over an account while a link is still valid.
    verification: { storeIdentifier: 'hashed' },
    // A session's end is fixed at sign-in; the idle timeout is the bank's own (see sessions.ts).
    // `generation` is the bank's (session-generation.ts): declared so that better-auth stores what
    // the hook below stamps and reads it back with the session; nobody can send it.
    session: {
      expiresIn: sessionLifetimeSeconds,
      disableSessionRefresh: true,
      additionalFields: { generation: { type: 'number', required: false, input: false } },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session, context) => ({
            data: { ...session, generation: await generationOfNewSession(options.db, session.userId, context as SessionCreationContext) },
          }),
          // Shown to administrators in the staff list ("last sign-in").
          after: async (session) => {
            await options.db.update(schema.user).set({ lastSignedInAt: new Date() }).where(eq(schema.user.id, session.userId));
          },
        },
      },
    },
    // Throttling is ours, counted in PostgreSQL so that it holds across instances.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: options.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [clientAddressHeader] },
    },
    telemetry: { enabled: false },
    plugins: [
      admin({
        defaultRole: customerRole,
        adminRoles: [staffRole],
        roles: { [staffRole]: adminAc, [customerRole]: userAc },
        bannedUserMessage: 'This account has been disabled. Please contact the bank.',
      }),
      // Authenticator apps (TOTP) with ten recovery codes, both encrypted with the server's secret.
      // A sign-in of a user who has it answers `twoFactorRedirect` and sets no session until the
      // code; the bank's own checks (throttle, one use per code) sit in front
      // (modules/two-factor/two-factor.routes.ts).
      twoFactor({
        issuer: 'Padma Bank',
        backupCodeOptions: { amount: recoveryCodeCount, storeBackupCodes: 'encrypted' },
        totpOptions: { digits: totpDigits, period: totpPeriodSeconds },
        // Its lockout counts failures per account only: ten wrong recovery codes from anywhere would
        // lock the owner out of every device. The bank's throttles (two-factor/code-throttle.ts) sit
        // in front of every code at sign-in and count per address and per known device instead.
        accountLockout: { enabled: false },
      }),
    ],
    logger: { disabled: process.env.NODE_ENV === 'test' },
  });
}

export type Auth = ReturnType<typeof createAuth>;

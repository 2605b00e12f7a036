import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import { staffRole } from '../../../shared/constants';
import { schema, type Database } from '../../db/client';
import type { AuthLoader } from '../auth/auth-loader';
import { findUserByEmail } from './users.repository';

export const generatedStaffEmail = 'staff@bank.local';
export const staffCredentialsFile = 'staff-credentials.txt';

/** Where a generated first staff password is written, until it is replaced at first sign-in. */
export const staffCredentialsPathIn = (dataDir: string) => path.join(dataDir, staffCredentialsFile);

export type StaffBootstrapResult = { email: string; generatedPassword?: string; credentialsPath?: string } | undefined;

/**
 * With STAFF_EMAIL and STAFF_PASSWORD that user exists as staff after
 * start-up (created or promoted, password set). With neither and no staff in the database,
 * a staff user with a random password is created and the password written once to a 0600 file;
 * the first sign-in with it must set a new one, which removes the file.
 */
export async function bootstrapStaff(
  db: Database,
  auth: AuthLoader,
  options: { staffEmail?: string | undefined; staffPassword?: string | undefined; dataDir: string },
): Promise<StaffBootstrapResult> {
  if (options.staffEmail && options.staffPassword) {
    await ensureStaffUser(db, auth, options.staffEmail, options.staffPassword);
    return { email: options.staffEmail };
  }
  const [anyStaff] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.role, staffRole)).limit(1);
  if (anyStaff) return undefined;
  const generatedPassword = randomBytes(18).toString('base64url');
  await ensureStaffUser(db, auth, generatedStaffEmail, generatedPassword);
  await db.update(schema.user).set({ mustChangePassword: true }).where(eq(schema.user.email, generatedStaffEmail));
  fs.mkdirSync(options.dataDir, { recursive: true });
  const credentialsPath = staffCredentialsPathIn(options.dataDir);
  fs.writeFileSync(credentialsPath, `email: ${generatedStaffEmail}\npassword: ${generatedPassword}\n`, { mode: 0o600 });
  fs.chmodSync(credentialsPath, 0o600);
  return { email: generatedStaffEmail, generatedPassword, credentialsPath };
}

async function ensureStaffUser(db: Database, loadAuth: AuthLoader, email: string, password: string): Promise<void> {
  const existing = await findUserByEmail(db, email);
  const auth = await loadAuth();
  if (!existing) {
    await auth.api.signUpEmail({ body: { name: 'Bank Staff', email, password } });
  } else {
    const context = await auth.$context;
    const hash = await context.password.hash(password);
    const updated = await db
      .update(schema.account)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(schema.account.userId, existing.id), eq(schema.account.providerId, 'credential')))
      .returning({ id: schema.account.id });
    if (updated.length === 0) {
      await context.internalAdapter.linkAccount({ userId: existing.id, providerId: 'credential', accountId: existing.id, password: hash });
    }
  }
  const promoted = await db
    .update(schema.user)
    .set({ role: staffRole, banned: false, banReason: null, updatedAt: new Date() })
    .where(and(eq(schema.user.email, email.toLowerCase()), ne(schema.user.role, staffRole)))
    .returning({ id: schema.user.id });
  // A customer's open sessions must not silently become staff sessions: they sign in again.
  for (const user of promoted) await db.delete(schema.session).where(eq(schema.session.userId, user.id));
  await db.update(schema.user).set({ banned: false, banReason: null }).where(eq(schema.user.email, email.toLowerCase()));
}

/**
 * What start-up says about a generated first staff password. The password itself goes only to a
 * person at a terminal: a log collected by a service manager or a container platform is read by
 * many and kept for long, so there it names the owner-only file instead.
 */
export function announceGeneratedStaff(result: StaffBootstrapResult, interactiveTerminal: boolean): string | undefined {
  if (!result?.generatedPassword) return undefined;
  const where = `${result.credentialsPath ?? staffCredentialsFile}, mode 0600`;
  const rule = 'The first sign-in with it must set a new password, which removes the file.';
  if (interactiveTerminal) return `\nStaff sign-in created: ${result.email} / ${result.generatedPassword}\n(also written to ${where})\n${rule}\n`;
  return `Staff sign-in created: ${result.email}; its one-time password is in ${where}. ${rule}`;
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { staffRole } from '../../../shared/constants';
import { schema, type Database } from '../../db/client';
import type { AuthLoader } from '../auth/auth-loader';
import { findUserByEmail } from './users.repository';

export const generatedStaffEmail = 'staff@bank.local';
export const staffCredentialsFile = 'staff-credentials.txt';

/** Where a generated first staff password is written, until it is replaced at first sign-in. */
export const staffCredentialsPathIn = (dataDir: string) => path.join(dataDir, staffCredentialsFile);

export type StaffBootstrapResult = { email: string; generatedPassword?: string; credentialsPath?: string } | undefined;

/** The name of the first staff member when STAFF_NAME does not give one; they may change it later. */
export const defaultStaffName = 'Bank Staff';

/**
 * With STAFF_EMAIL and STAFF_PASSWORD that user exists as staff after
 * start-up (created or promoted, password set). With neither and no staff in the database,
 * a staff user with a random password is created and the password written once to a 0600 file;
 * the first sign-in with it must set a new one, which removes the file. Either way, while the bank
 * has no administrator this staff member becomes one: the person who runs the server can always
 * reach the Staff page, and every other staff member is invited from there.
 */
export async function bootstrapStaff(
  db: Database,
  auth: AuthLoader,
  options: { staffEmail?: string | undefined; staffPassword?: string | undefined; staffName?: string | undefined; dataDir: string },
): Promise<StaffBootstrapResult> {
  const name = options.staffName ?? defaultStaffName;
  if (options.staffEmail && options.staffPassword) {
    await ensureStaffUser(db, auth, { email: options.staffEmail, password: options.staffPassword, name });
    return { email: options.staffEmail };
  }
  const [anyStaff] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.role, staffRole)).limit(1);
  if (anyStaff) return undefined;
  const generatedPassword = randomBytes(18).toString('base64url');
  await ensureStaffUser(db, auth, { email: generatedStaffEmail, password: generatedPassword, name });
  await db.update(schema.user).set({ mustChangePassword: true }).where(eq(schema.user.email, generatedStaffEmail));
  fs.mkdirSync(options.dataDir, { recursive: true });
  const credentialsPath = staffCredentialsPathIn(options.dataDir);
  fs.writeFileSync(credentialsPath, `email: ${generatedStaffEmail}\npassword: ${generatedPassword}\n`, { mode: 0o600 });
  fs.chmodSync(credentialsPath, 0o600);
  return { email: generatedStaffEmail, generatedPassword, credentialsPath };
}

async function ensureStaffUser(db: Database, loadAuth: AuthLoader, person: { email: string; password: string; name: string }): Promise<void> {
  const { email, password } = person;
  const existing = await findUserByEmail(db, email);
  const auth = await loadAuth();
  if (!existing) {
    await auth.api.signUpEmail({ body: { name: person.name, email, password } });
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
  await makeFirstAdministrator(db, email);
}

/** Makes this staff member an administrator when the bank has no active one (a fresh bank, or every administrator disabled). */
async function makeFirstAdministrator(db: Database, email: string): Promise<void> {
  await db
    .update(schema.user)
    .set({ staffAdministrator: true, updatedAt: new Date() })
    .where(and(eq(schema.user.email, email.toLowerCase()), sql`NOT EXISTS (SELECT 1 FROM "user" WHERE staff_administrator AND role = ${staffRole} AND NOT banned)`));
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

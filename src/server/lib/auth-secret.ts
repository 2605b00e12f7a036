import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client';

export const authSecretFile = 'auth-secret';

/** The row `auth_secret` keeps; the table allows no other. */
const sharedSecretRowId = 1;

const generatedSecret = () => randomBytes(48).toString('base64url');

/** The secret a data folder holds, or undefined when it holds none. */
export function secretInDataDir(dataDir: string): string | undefined {
  const secretPath = path.join(dataDir, authSecretFile);
  if (!fs.existsSync(secretPath)) return undefined;
  const secret = fs.readFileSync(secretPath, 'utf8').trim();
  return secret === '' ? undefined : secret;
}

/**
 * The server's secret signs session cookies and seals what better-auth keeps encrypted (each
 * user's authenticator secret and recovery codes); an instance with another one cannot open them.
 * BETTER_AUTH_SECRET when it is set. Otherwise it is generated once and kept beside the database
 * it seals values in, so that a backup of the one holds the other:
 *  - the embedded database: in DATA_DIR/auth-secret (mode 0600), in the same folder;
 *  - a PostgreSQL server: in the database (`auth_secret`), where every instance finds it, and a
 *    new container or a second instance does not make a secret of its own. An instance that
 *    already kept one in its DATA_DIR (before the table existed) offers that one, so that the
 *    users who enrolled under it keep working.
 * The database must be migrated before this runs.
 */
export async function resolveAuthSecret(configured: string | undefined, dataDir: string, database: Pick<DatabaseHandle, 'db' | 'driver'>): Promise<string> {
  if (configured) return configured;
  if (database.driver === 'postgres') return sharedAuthSecret(database.db, secretInDataDir(dataDir) ?? generatedSecret());
  return secretInDataDir(dataDir) ?? createSecretInDataDir(dataDir);
}

function createSecretInDataDir(dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = generatedSecret();
  fs.writeFileSync(path.join(dataDir, authSecretFile), `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

/**
 * The deployment's one secret from the database, `candidate` becoming it when there is none yet.
 * Of instances starting together, one insert wins and the others' do nothing; each then reads the
 * row in a statement of its own, which sees the winner's commit (an insert that found the row
 * taken waited for that commit), so all of them agree.
 */
export async function sharedAuthSecret(db: Database, candidate: string): Promise<string> {
  await db.execute(sql`INSERT INTO auth_secret (id, secret) VALUES (${sharedSecretRowId}, ${candidate}) ON CONFLICT (id) DO NOTHING`);
  const result = await db.execute<{ secret: string }>(sql`SELECT secret FROM auth_secret WHERE id = ${sharedSecretRowId}`);
  const secret = result.rows[0]?.secret;
  if (secret === undefined) throw new Error('auth_secret holds no row right after one was inserted');
  return secret;
}

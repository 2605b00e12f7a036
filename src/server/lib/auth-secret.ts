import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const authSecretFile = 'auth-secret';

/** Without BETTER_AUTH_SECRET, a secret is generated once into DATA_DIR (mode 0600) and reused. */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const secretPath = path.join(dataDir, authSecretFile);
  if (fs.existsSync(secretPath)) return fs.readFileSync(secretPath, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(secretPath, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

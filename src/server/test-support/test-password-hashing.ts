import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHashing } from '../modules/auth/auth';

/**
 * Passwords in tests: scrypt still, in better-auth's `salt:key` form, at a cost of N = 1024, r = 8
 * (about a millisecond) instead of N = 16384, r = 16 (about a fifth of a second of a core). The
 * suite registers and signs in thousands of people on two cores; a test that must see the
 * server's own hashing asks `createTestApp({ productionPasswordHashing: true })`.
 */
const cost = { N: 1024, r: 8, p: 1 } as const;
const keyBytes = 64;

function keyOf(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyBytes, cost, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await keyOf(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await keyOf(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

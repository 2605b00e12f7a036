import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const listPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt');

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    fs
      .readFileSync(listPath, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0 && !line.startsWith('#')),
  );
  return commonPasswords;
}

/**
 * OWASP ASVS 2.1: length rules live in the shared schema; this refuses passwords attackers
 * try first. Returns the reason a person can act on, or undefined when the password is fine.
 */
export function findPasswordWeakness(password: string, email: string): string | undefined {
  const lowered = password.toLowerCase();
  if (loadCommonPasswords().has(lowered)) return 'This password is too common. Choose one that is harder to guess';
  if (/^(.)\1+$/.test(password)) return 'A password of one repeated character is too easy to guess';
  const localPart = email.toLowerCase().split('@')[0] ?? '';
  if (localPart.length >= 4 && lowered.includes(localPart)) return 'The password must not contain your email address';
  return undefined;
}

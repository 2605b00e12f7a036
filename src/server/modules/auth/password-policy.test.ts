import { describe, expect, it } from 'vitest';
import { findPasswordWeakness } from './password-policy';

const rahima = { email: 'rahima.khatun@example.com', name: 'Rahima Khatun' };

describe('findPasswordWeakness', () => {
  it('refuses the passwords attackers try first, saying why', async () => {
    for (const weak of ['longpassword', 'abcabcabcabc', '111111111112', 'qwerty123456', 'QWERTY123456', 'password1234', 'zzzzzzzzzzzzzz', 'iloveyou2024', 'dhaka1234567', 'Bangladesh71']) {
      const weakness = await findPasswordWeakness(weak, rahima);
      expect(weakness, weak).toMatch(/^This password is too easy to guess\. \S/);
    }
    expect(await findPasswordWeakness('abcabcabcabc', rahima)).toMatch(/Repeated character patterns/);
  });

  it('refuses a password made of the person’s own name or e-mail address', async () => {
    expect(await findPasswordWeakness('rahima.khatun-2026!', rahima)).toMatch(/email/);
    expect(await findPasswordWeakness('RahimaKhatun1990', rahima)).toMatch(/too easy to guess/);
  });

  it('accepts long unusual passphrases and strong mixed passwords', async () => {
    for (const strong of [
      'padma river at dusk 1971',
      'a bench passphrase of some length',
      'Tr0ub4dor&3x-jamdani',
      'correct horse battery staple',
      'kite flying over the jamuna',
      'a long customer passphrase 42',
      'staff passphrase for tests 2026',
    ]) {
      expect(await findPasswordWeakness(strong, rahima), strong).toBeUndefined();
    }
  });

  it('knows at least ten thousand common passwords', async () => {
    const common = await import('@zxcvbn-ts/language-common');
    expect((common.dictionary['passwords-common'] as unknown as string[]).length).toBeGreaterThanOrEqual(10_000);
  });
});

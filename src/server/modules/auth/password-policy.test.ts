import { describe, expect, it } from 'vitest';
import { findPasswordWeakness } from './password-policy';

describe('findPasswordWeakness', () => {
  it('refuses common, repeated and email-based passwords', () => {
    expect(findPasswordWeakness('qwerty123456', 'a@b.test')).toMatch(/too common/);
    expect(findPasswordWeakness('QWERTY123456', 'a@b.test')).toMatch(/too common/);
    expect(findPasswordWeakness('password1234', 'a@b.test')).toMatch(/too common/);
    expect(findPasswordWeakness('zzzzzzzzzzzzzz', 'a@b.test')).toMatch(/repeated/);
    expect(findPasswordWeakness('rahim.karim-2026!', 'rahim.karim@example.com')).toMatch(/email/);
  });

  it('accepts a long unusual passphrase', () => {
    expect(findPasswordWeakness('padma river at dusk 1971', 'rahim@example.com')).toBeUndefined();
  });
});

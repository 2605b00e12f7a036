import { describe, expect, it } from 'vitest';
import { bn } from './bn';
import { bnAccount } from './bn-account';
import { bnBanking } from './bn-banking';
import { bnContact } from './bn-contact';
import { bnDashboard } from './bn-dashboard';
import { bnPublic } from './bn-public';
import { bnServiceNotice } from './bn-service-notice';
import { bnStaticPages } from './bn-static-pages';
import { bnNotifications } from './bn-notifications';
import { en } from './en';
import { enAccount } from './en-account';
import { enBanking } from './en-banking';
import { enContact } from './en-contact';
import { enDashboard } from './en-dashboard';
import { enPublic } from './en-public';
import { enServiceNotice } from './en-service-notice';
import { enStaticPages } from './en-static-pages';
import { enNotifications } from './en-notifications';

/** Every text's path ("auth.email", "faq.questions.2.answer"), with the placeholders it fills in. */
function leaves(value: unknown, prefix = ''): Map<string, string[]> {
  const found = new Map<string, string[]>();
  if (typeof value === 'string') {
    found.set(prefix, [...value.matchAll(/\{\{(\w+)(?:, ?\w+)?\}\}/g)].map((match) => match[1] ?? '').sort());
  } else if (typeof value === 'number') {
    found.set(prefix, []);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, placeholders] of leaves(child, prefix ? `${prefix}.${key}` : key)) found.set(path, placeholders);
    }
  }
  return found;
}

const pairs = [
  ['the shell', en, bn],
  ['the public site', enPublic, bnPublic],
  ['the contact page', enContact, bnContact],
  ['the static pages', enStaticPages, bnStaticPages],
  ['one’s own profile and password', enAccount, bnAccount],
  ['customer banking', enBanking, bnBanking],
  ['the staff dashboard', enDashboard, bnDashboard],
  ['the service banner', enServiceNotice, bnServiceNotice],
  ['the notifications page', enNotifications, bnNotifications],
] as const;

describe.each(pairs)('Bangla texts of %s', (_area, english, bangla) => {
  const englishLeaves = leaves(english);
  const banglaLeaves = leaves(bangla);

  it('has every English key, and no key English lacks', () => {
    const missingInBangla = [...englishLeaves.keys()].filter((path) => !banglaLeaves.has(path));
    const missingInEnglish = [...banglaLeaves.keys()].filter((path) => !englishLeaves.has(path));
    expect({ missingInBangla, missingInEnglish }).toEqual({ missingInBangla: [], missingInEnglish: [] });
  });

  it('fills in the same placeholders as English', () => {
    const different = [...englishLeaves].filter(([path, placeholders]) => banglaLeaves.has(path) && banglaLeaves.get(path)?.join() !== placeholders.join()).map(([path]) => path);
    expect(different).toEqual([]);
  });

  it('is written in Bangla, not copied from English', () => {
    const banglaScript = /[\u0980-\u09FF]/;
    const texts = [...leaves(bangla).keys()].length;
    const inBangla = [...Object.values(flatten(bangla))].filter((text) => banglaScript.test(text)).length;
    // Brand names, placeholders for codes (01XXX-XXXXXX) and the like stay in Latin letters; nearly everything else must not.
    expect(inBangla / texts).toBeGreaterThan(0.85);
  });
});

function flatten(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(flatten);
  return [];
}

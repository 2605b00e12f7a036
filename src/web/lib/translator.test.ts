import { describe, expect, it } from 'vitest';
import { Translator } from './translator';

function translatorWith() {
  const translator = new Translator();
  translator.add('en', {
    greeting: 'Hello, {{name}}',
    nested: { title: 'Accounts', onlyEnglish: 'Only in English' },
    waiting_one: '{{count, digits}} waits',
    waiting_other: '{{count, digits}} wait',
    plain: '{{count}} items',
    points: ['First', 'Second'],
    page: 'Page {{page, digits}} of {{pages, digits}}',
  });
  translator.add('bn', { greeting: 'নমস্কার, {{name}}', nested: { title: 'হিসাব' }, waiting_one: '{{count, digits}}টি অপেক্ষমাণ', waiting_other: '{{count, digits}}টি অপেক্ষমাণ' });
  return translator;
}

describe('the translator', () => {
  it('finds nested keys in the language asked, and English where that language has none', () => {
    const translator = translatorWith();
    expect(translator.translate('bn', 'nested.title')).toBe('হিসাব');
    expect(translator.translate('bn', 'nested.onlyEnglish')).toBe('Only in English');
    expect(translator.translate('en', 'nested.title')).toBe('Accounts');
  });

  it('answers the key itself, or the default with its values written in, for a key no language has', () => {
    const translator = translatorWith();
    expect(translator.translate('bn', 'nowhere.to.be.found')).toBe('nowhere.to.be.found');
    expect(translator.translate('en', 'serverErrors.odd', { defaultValue: 'Refused {{name}}', name: 'x' })).toBe('Refused x');
  });

  it('writes values in, in Bangla digits where the text asks for them, and leaves a missing value as written', () => {
    const translator = translatorWith();
    expect(translator.translate('bn', 'greeting', { name: 'করিম' })).toBe('নমস্কার, করিম');
    expect(translator.translate('bn', 'waiting', { count: 12 })).toBe('১২টি অপেক্ষমাণ');
    expect(translator.translate('en', 'waiting', { count: 12 })).toBe('12 wait');
    expect(translator.translate('en', 'page', { page: 2, pages: 3 })).toBe('Page 2 of 3');
    expect(translator.translate('en', 'greeting')).toBe('Hello, {{name}}');
  });

  it('chooses the plural form by a number, and not by a count already written as text', () => {
    const translator = translatorWith();
    expect(translator.translate('en', 'waiting', { count: 1 })).toBe('1 waits');
    expect(translator.translate('en', 'waiting', { count: 0 })).toBe('0 wait');
    expect(translator.translate('en', 'plain', { count: 3 })).toBe('3 items');
    expect(translator.translate('en', 'plain', { count: '৩' })).toBe('৩ items');
  });

  it('answers a list only when asked for one', () => {
    const translator = translatorWith();
    expect(translator.translate('en', 'points', { returnObjects: true })).toEqual(['First', 'Second']);
    expect(translator.translate('en', 'points')).toBe('points');
  });

  it('merges an area added later without losing what was there, and a later text replaces an earlier one', () => {
    const translator = translatorWith();
    translator.add('en', { nested: { added: 'Added' }, greeting: 'Hi, {{name}}' });
    expect(translator.translate('en', 'nested.title')).toBe('Accounts');
    expect(translator.translate('en', 'nested.added')).toBe('Added');
    expect(translator.translate('en', 'greeting', { name: 'A' })).toBe('Hi, A');
  });
});

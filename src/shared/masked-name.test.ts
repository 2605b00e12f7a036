import { describe, expect, it } from 'vitest';
import { lettersOf, maskHolderName } from './masked-name';

describe('maskHolderName', () => {
  it('shows two letters of a long word and one of a short one, in capitals, a star for every other letter', () => {
    expect(maskHolderName('Karim Hossain')).toBe('KA*** HO*****');
    expect(maskHolderName('Md. Rafiq Islam')).toBe('M** RA*** IS***');
    expect(maskHolderName('Bob Das')).toBe('B** D**');
    expect(maskHolderName('Rana')).toBe('R***');
  });

  it('masks a one-word name like any word, and never shows a name of two or more letters whole', () => {
    expect(maskHolderName('Karim')).toBe('KA***');
    expect(maskHolderName('Jo')).toBe('J*');
    for (const name of ['Jo', 'Ali', 'Rana', 'Karim', 'রনি', 'সুমি', 'শ্রাবন্তী']) expect(maskHolderName(name)).not.toBe(name.toUpperCase());
  });

  it('shows a one-letter word (an initial) as it is', () => {
    expect(maskHolderName('A Karim')).toBe('A KA***');
    expect(maskHolderName('a. karim')).toBe('A* KA***');
  });

  it('ignores the case and spacing a name was registered with', () => {
    expect(maskHolderName('  karim    HOSSAIN ')).toBe(maskHolderName('Karim Hossain'));
  });

  it('counts a Bangla letter with its vowel sign and a conjunct as one letter, and never cuts one in half', () => {
    expect(lettersOf('করিম')).toEqual(['ক', 'রি', 'ম']);
    expect(lettersOf('শ্রাবন্তী')).toEqual(['শ্রা', 'ব', 'ন্তী']);
    expect(lettersOf('লক্ষ্মী')).toEqual(['ল', 'ক্ষ্মী']);
    expect(maskHolderName('রহিম উদ্দিন')).toBe('র** উ**');
    expect(maskHolderName('শ্রাবন্তী')).toBe('শ্রা**');
    expect(maskHolderName('মোহাম্মদ করিম')).toBe('মো*** ক**');
  });

  it('composes a name first, so the same name typed decomposed masks the same', () => {
    const decomposed = 'Ame\u0301lie Dupont';
    expect(maskHolderName(decomposed)).toBe(maskHolderName('Amélie Dupont'));
    expect(maskHolderName('Amélie Dupont')).toBe('AM**** DU****');
  });

  it('keeps a mark with its letter in a decomposed name a database still holds', () => {
    expect(lettersOf('e\u0301\u0301x')).toEqual(['e\u0301\u0301', 'x']);
  });
});

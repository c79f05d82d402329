import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gsmReplacement } from './gsm-replacements';

// An independent statement of the alphabet (domain-facts.md), so the tests do not reuse the table.
const GSM = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà\f^{}\\[~]|€',
);

describe('gsmReplacement', () => {
  it.each([
    ['ç', 'c'],
    ['ã', 'a'],
    ['á', 'a'],
    ['â', 'a'],
    ['ê', 'e'],
    ['í', 'i'],
    ['ó', 'o'],
    ['ô', 'o'],
    ['õ', 'o'],
    ['ú', 'u'],
    ['Ã', 'A'],
    ['Õ', 'O'],
    ['Á', 'A'],
    ['ª', 'a'],
    ['º', 'o'],
  ])('folds the Portuguese %s to %s', (char, expected) => {
    expect(gsmReplacement(char)).toBe(expected);
  });

  it.each([
    ['left single quote', '‘', "'"],
    ['right single quote', '’', "'"],
    ['left double quote', '“', '"'],
    ['right double quote', '”', '"'],
    ['guillemet', '«', '"'],
    ['en dash', '–', '-'],
    ['em dash', '—', '-'],
    ['ellipsis', '…', '...'],
    ['no-break space', '\u00a0', ' '],
    ['narrow no-break space', '\u202f', ' '],
    ['tab', '\t', ' '],
    ['backtick', '`', "'"],
    ['vulgar fraction one half', '½', '1/2'],
    ['full-width A', 'Ａ', 'A'],
    ['mathematical bold A (astral)', '𝐀', 'A'],
    ['trade mark', '™', 'TM'],
    ['ligature oe', 'œ', 'oe'],
    ['l with stroke', 'ł', 'l'],
  ])('replaces the %s', (_name, char, expected) => {
    expect(gsmReplacement(char)).toBe(expected);
  });

  it.each([
    ['zero width space', '\u200b'],
    ['zero width joiner', '\u200d'],
    ['byte order mark', '\ufeff'],
    ['soft hyphen', '\u00ad'],
    ['combining acute accent', '\u0301'],
    ['combining cedilla', '\u0327'],
  ])('drops the invisible %s', (_name, char) => {
    expect(gsmReplacement(char)).toBe('');
  });

  it.each([
    ['emoji', '😀'],
    ['regional indicator', '🇦'],
    ['CJK', '中'],
    ['Cyrillic', 'Ж'],
    ['Greek small alpha', 'α'],
    ['Arabic', 'ب'],
    ['lone high surrogate', '\ud83d'],
    ['lone low surrogate', '\ude00'],
  ])('offers nothing for %s', (_name, char) => {
    expect(gsmReplacement(char)).toBeNull();
  });

  it('offers only GSM-7 stand-ins, for any code point', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x10ffff }), (code) => {
        const char = String.fromCodePoint(code);
        const standIn = gsmReplacement(char);
        if (standIn !== null) {
          expect([...standIn].every((c) => GSM.has(c))).toBe(true);
          expect(standIn).not.toBe(char);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countSegments } from './segments';

// An independent statement of the alphabet (domain-facts.md), so the tests do not reuse the table.
const BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const EXTENSION = new Set('\f^{}\\[~]|€');

const isGsm = (text: string) => [...text].every((c) => BASIC.has(c) || EXTENSION.has(c));
const septets = (text: string) => [...text].reduce((n, c) => n + (EXTENSION.has(c) ? 2 : 1), 0);
const unitsOf = (text: string, encoding: string) =>
  encoding === 'GSM_7' ? septets(text) : text.length;
const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

describe('countSegments: GSM-7 lengths', () => {
  it.each([
    [1, 1, 159],
    [160, 1, 0],
    [161, 2, 145],
    [306, 2, 0],
    [307, 3, 152],
  ])('%i GSM-7 characters are %i segment(s)', (length, segments, remaining) => {
    const result = countSegments('a'.repeat(length));
    expect(result).toMatchObject({ encoding: 'GSM_7', segments, units: length });
    expect(result.remainingInSegment).toBe(remaining);
    expect(result.perSegment).toBe(length <= 160 ? 160 : 153);
  });

  it('cuts concatenated GSM-7 into 153-septet parts', () => {
    expect(countSegments('a'.repeat(307)).parts.map((p) => p.length)).toEqual([153, 153, 1]);
  });

  it('moves an extension character straddling the boundary whole to the next segment', () => {
    const text = `${'a'.repeat(152)}€${'b'.repeat(10)}`;
    const result = countSegments(text);
    expect(result).toMatchObject({ encoding: 'GSM_7', segments: 2, units: 164 });
    expect(result.parts).toEqual(['a'.repeat(152), `€${'b'.repeat(10)}`]);
    expect(result.remainingInSegment).toBe(153 - 12);
  });

  it('keeps an extension character that ends exactly on the boundary', () => {
    const result = countSegments(`${'a'.repeat(151)}€${'b'.repeat(10)}`);
    expect(result.parts[0]).toBe(`${'a'.repeat(151)}€`);
  });

  it('counts a single message of 160 septets including extension characters', () => {
    expect(countSegments('€'.repeat(80))).toMatchObject({ segments: 1, units: 160 });
    expect(countSegments('€'.repeat(81))).toMatchObject({ segments: 2, units: 162 });
  });
});

describe('countSegments: UCS-2 lengths', () => {
  it.each([
    [70, 1],
    [71, 2],
    [134, 2],
    [135, 3],
  ])('%i UCS-2 code units are %i segment(s)', (length, segments) => {
    const result = countSegments('ã'.repeat(length));
    expect(result).toMatchObject({ encoding: 'UCS_2', segments, units: length });
    expect(result.perSegment).toBe(length <= 70 ? 70 : 67);
  });

  it('moves a surrogate pair straddling the boundary whole to the next segment', () => {
    const text = `${'ã'.repeat(66)}😀${'x'.repeat(10)}`;
    const result = countSegments(text);
    expect(result).toMatchObject({ encoding: 'UCS_2', segments: 2, units: 78 });
    expect(result.parts).toEqual(['ã'.repeat(66), `😀${'x'.repeat(10)}`]);
  });

  it('counts astral characters as two units and flags as four', () => {
    expect(countSegments('😀')).toMatchObject({ encoding: 'UCS_2', units: 2 });
    expect(countSegments('🇦🇴')).toMatchObject({ encoding: 'UCS_2', units: 4 });
  });

  it('counts an extension character as one unit once the message is UCS-2', () => {
    expect(countSegments('ã]€')).toMatchObject({ encoding: 'UCS_2', units: 3 });
  });

  it('sends a lone surrogate as one unit', () => {
    const text = `\ud83d${'x'.repeat(80)}`;
    expect(countSegments(text)).toMatchObject({ encoding: 'UCS_2', units: 81, segments: 2 });
  });
});

describe('countSegments: the alphabet', () => {
  it.each(['ã', 'ç', 'õ', 'á', 'â', 'ê', 'í', 'ó', 'ô', 'ú', 'Á', 'À', 'Ã', 'Õ'])(
    'Portuguese %s forces UCS-2',
    (char) => {
      expect(countSegments(`Ol${char}`).encoding).toBe('UCS_2');
    },
  );

  it.each(['à', 'é', 'ü', 'Ç', 'É', 'Ü'])('Portuguese %s stays GSM-7', (char) => {
    expect(countSegments(`Ol${char}`)).toMatchObject({ encoding: 'GSM_7', units: 3 });
  });

  it.each([
    ['backtick', '`'],
    ['tab', '\t'],
    ['smart quote', '’'],
    ['en dash', '–'],
    ['ellipsis', '…'],
    ['non-breaking space', '\u00a0'],
  ])('%s is not GSM-7', (_name, char) => {
    expect(countSegments(`a${char}`).encoding).toBe('UCS_2');
  });

  it('counts each extension character as 2 septets', () => {
    expect(countSegments('€')).toMatchObject({ encoding: 'GSM_7', segments: 1, units: 2 });
    expect(countSegments('\f')).toMatchObject({ encoding: 'GSM_7', units: 2 });
    expect(countSegments('\f^{}\\[~]|€').units).toBe(20);
  });

  it('counts each of the 127 basic characters as 1 septet', () => {
    const result = countSegments([...BASIC].join(''));
    expect(result).toMatchObject({ encoding: 'GSM_7', units: 127, segments: 1 });
  });

  it('returns zero segments for the empty string', () => {
    expect(countSegments('')).toEqual({
      encoding: 'GSM_7',
      segments: 0,
      units: 0,
      perSegment: 160,
      remainingInSegment: 160,
      parts: [],
    });
  });
});

describe('countSegments: properties', () => {
  const gsmChar = fc.constantFrom(...BASIC, ...EXTENSION);
  const anyChar = fc.oneof(
    { weight: 8, arbitrary: gsmChar },
    { weight: 1, arbitrary: fc.constantFrom('ã', 'ç', '😀', '🇦🇴', '\ud83d', '\ude00', '`') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  );
  const texts = fc.oneof(
    fc.string({ unit: gsmChar, maxLength: 500, size: 'max' }),
    fc.string({ unit: anyChar, maxLength: 500, size: 'max' }),
    fc.string({ unit: 'binary', maxLength: 300, size: 'max' }),
    // Dense in the characters that must not be cut, so boundaries often fall on them.
    fc.string({ unit: fc.constantFrom('a', '€', '{'), maxLength: 400, size: 'max' }),
    fc.string({ unit: fc.constantFrom('ã', '😀', '🇦🇴', '\ud83d'), maxLength: 300, size: 'max' }),
  );

  it('splits every text into parts that rebuild it and fit their limit', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const result = countSegments(text);
        const { encoding, parts, perSegment } = result;
        expect(parts.join('')).toBe(text);
        expect(encoding).toBe(isGsm(text) ? 'GSM_7' : 'UCS_2');
        expect(result.units).toBe(unitsOf(text, encoding));
        expect(result.segments).toBe(parts.length);
        if (text === '') return;
        const single = encoding === 'GSM_7' ? 160 : 70;
        expect(perSegment).toBe(result.units <= single ? single : single === 160 ? 153 : 67);
        parts.forEach((part, i) => {
          expect(part.length).toBeGreaterThan(0);
          expect(unitsOf(part, encoding)).toBeLessThanOrEqual(perSegment);
          const next = parts[i + 1];
          if (next === undefined) {
            expect(result.remainingInSegment).toBe(perSegment - unitsOf(part, encoding));
            return;
          }
          // Never a surrogate pair cut in two ...
          expect(isHigh(part.charCodeAt(part.length - 1)) && isLow(next.charCodeAt(0))).toBe(false);
          // ... and greedy: the next character would not have fitted.
          const nextChar = isHigh(next.charCodeAt(0)) && isLow(next.charCodeAt(1)) ? 2 : 1;
          const nextSize = unitsOf(next.slice(0, nextChar), encoding);
          expect(unitsOf(part, encoding) + nextSize).toBeGreaterThan(perSegment);
        });
      }),
      { numRuns: 500 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countSegments, explainSegments } from './segments';

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

describe('countSegments: properties', () => {
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

// A Portuguese notice of 179 characters: ç and ã (and á, í) make it UCS-2, three segments of
// at most 67 units; with them folded it is GSM-7, two segments of at most 153 septets.
const PORTUGUESE =
  'Olá Maria, a sua fatura de março está disponível. O pagamento não foi recebido até hoje; por favor regularize a situação para evitar a suspensão do serviço. Obrigado pela atenção.';

describe('explainSegments', () => {
  it('shows why a Portuguese text costs three segments, and what folding it saves', () => {
    const why = explainSegments(PORTUGUESE);
    expect(why).toMatchObject({ encoding: 'UCS_2', segments: 3, units: 179, perSegment: 67 });
    expect(why.spans.map((s) => [s.start, s.end, s.units])).toEqual([
      [0, 67, 67],
      [67, 134, 67],
      [134, 179, 45],
    ]);
    expect(why.forcingUcs2.map((c) => c.char).join('')).toBe('áçáíãçããççã');
    expect(why.forcingUcs2[1]).toEqual({
      char: 'ç',
      codePoint: 'U+00E7',
      start: PORTUGUESE.indexOf('ç'),
      end: PORTUGUESE.indexOf('ç') + 1,
      codePointIndex: PORTUGUESE.indexOf('ç'),
      segment: 0,
      replacement: 'c',
    });
    // é (of "até") is GSM-7 and stays.
    expect(why.ifReplaced).toEqual({
      text: 'Ola Maria, a sua fatura de marco esta disponivel. O pagamento nao foi recebido até hoje; por favor regularize a situacao para evitar a suspensao do servico. Obrigado pela atencao.',
      encoding: 'GSM_7',
      segments: 2,
      units: 179,
      unreplaced: 0,
    });
  });

  it('explains a GSM-7 text with nothing to replace', () => {
    const why = explainSegments(`Pague já o seu crédito de 5€ {ref}${'.'.repeat(140)}`);
    expect(why).toMatchObject({ encoding: 'UCS_2' });
    const plain = explainSegments(`Ola, o seu credito de 5€ {ref}${'.'.repeat(140)}`);
    expect(plain.encoding).toBe('GSM_7');
    expect(plain.forcingUcs2).toEqual([]);
    expect(plain.ifReplaced).toBeNull();
    // € { } are escape pairs: 2 septets each, one code unit each in the text.
    expect(plain.units).toBe(170 + 3);
    expect(plain.spans.map((s) => s.units)).toEqual([153, 20]);
  });

  it('gives code-point offsets beside UTF-16 ones after an emoji', () => {
    const why = explainSegments('😀 Olá');
    expect(why.forcingUcs2.map((c) => [c.char, c.start, c.end, c.codePointIndex])).toEqual([
      ['😀', 0, 2, 0],
      ['á', 5, 6, 4],
    ]);
    expect(why.forcingUcs2[0]?.codePoint).toBe('U+1F600');
    expect(why.spans[0]).toMatchObject({ start: 0, end: 6, codePointStart: 0, codePointEnd: 5 });
    expect(why.ifReplaced).toMatchObject({ text: '😀 Ola', encoding: 'UCS_2', unreplaced: 1 });
  });

  it('moves a surrogate pair straddling a boundary whole to the next segment', () => {
    const text = `${'ã'.repeat(66)}😀${'x'.repeat(10)}`;
    const why = explainSegments(text);
    expect(why.spans.map((s) => [s.start, s.end, s.codePointStart, s.codePointEnd])).toEqual([
      [0, 66, 0, 66],
      [66, 78, 66, 77],
    ]);
    expect(why.forcingUcs2.at(-1)).toMatchObject({ char: '😀', start: 66, segment: 1 });
  });

  it('marks a lone surrogate as forcing UCS-2, with no replacement', () => {
    const why = explainSegments('a\ud83db');
    expect(why.forcingUcs2).toEqual([
      expect.objectContaining({ char: '\ud83d', codePoint: 'U+D83D', start: 1, end: 2 }),
    ]);
    expect(why.forcingUcs2[0]?.replacement).toBeNull();
  });

  it('explains the empty text as zero segments', () => {
    expect(explainSegments('')).toEqual({
      encoding: 'GSM_7',
      segments: 0,
      units: 0,
      perSegment: 160,
      remainingInSegment: 160,
      spans: [],
      forcingUcs2: [],
      ifReplaced: null,
    });
  });

  it('drops invisible characters and folds typographic punctuation', () => {
    const why = explainSegments('“Olá”\u00a0– já…\u200b');
    expect(why.ifReplaced).toMatchObject({ text: '"Ola" - ja...', encoding: 'GSM_7' });
  });
});

describe('explainSegments: properties', () => {
  const portuguese = fc.constantFrom(...'áâãçêíóôõúÁÂÃÊÍÓÔÕÚ“”–—…\u00a0');
  const explained = fc.oneof(
    texts,
    fc.string({
      unit: fc.oneof({ weight: 5, arbitrary: gsmChar }, { weight: 1, arbitrary: portuguese }),
      maxLength: 500,
      size: 'max',
    }),
  );
  // The code-point index of every UTF-16 offset (and of text.length), counted independently.
  const codePointIndexes = (text: string) => {
    const at: number[] = [];
    let n = 0;
    for (let i = 0; i < text.length; i++) {
      at.push(n);
      if (isHigh(text.charCodeAt(i)) && isLow(text.charCodeAt(i + 1))) {
        at.push(n);
        i++;
      }
      n++;
    }
    at.push(n);
    return at;
  };

  it('covers the text exactly, as countSegments cuts it', () => {
    fc.assert(
      fc.property(explained, (text) => {
        const why = explainSegments(text);
        const count = countSegments(text);
        expect(why.segments).toBe(count.segments);
        const { parts: _parts, ...sizes } = count;
        expect(why).toMatchObject(sizes);
        // The spans, stated independently: countSegments' parts laid end to end.
        const codePointAt = codePointIndexes(text);
        let at = 0;
        const expected = count.parts.map((part) => {
          const start = at;
          at += part.length;
          return {
            start,
            end: at,
            codePointStart: codePointAt[start],
            codePointEnd: codePointAt[at],
            units: unitsOf(part, why.encoding),
            text: part,
          };
        });
        expect(at).toBe(text.length);
        expect(why.spans).toEqual(expected);
        expect(why.spans.every((s) => s.end > s.start && s.units <= why.perSegment)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('marks exactly the characters outside GSM-7, where they are', () => {
    fc.assert(
      fc.property(explained, (text) => {
        const why = explainSegments(text);
        const expected = isGsm(text) ? [] : [...text].filter((c) => !isGsm(c));
        expect(why.forcingUcs2.map((c) => c.char)).toEqual(expected);
        const codePointAt = codePointIndexes(text);
        // One assertion per text: an expect() per character costs more than the property itself.
        const misplaced = why.forcingUcs2.filter((c) => {
          const span = why.spans[c.segment];
          return (
            text.slice(c.start, c.end) !== c.char ||
            c.codePointIndex !== codePointAt[c.start] ||
            span === undefined ||
            c.start < span.start ||
            c.end > span.end
          );
        });
        expect(misplaced).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('is GSM-7 once replaced when every offender has a replacement', () => {
    fc.assert(
      fc.property(explained, (text) => {
        const why = explainSegments(text);
        if (why.ifReplaced === null) {
          expect(why.encoding).toBe('GSM_7');
          return;
        }
        const all = why.forcingUcs2.every((c) => c.replacement !== null);
        expect(why.ifReplaced.unreplaced).toBe(
          why.forcingUcs2.filter((c) => c.replacement === null).length,
        );
        if (all) {
          expect(why.ifReplaced.encoding).toBe('GSM_7');
          expect(isGsm(why.ifReplaced.text)).toBe(true);
        }
        const again = countSegments(why.ifReplaced.text);
        expect(why.ifReplaced).toMatchObject({
          encoding: again.encoding,
          segments: again.segments,
          units: again.units,
        });
      }),
      { numRuns: 300 },
    );
  });
});

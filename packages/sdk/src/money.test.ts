import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from './money';

describe('formatMoney', () => {
  it.each([
    [4_000_000, '4.000000'],
    [0, '0.000000'],
    [-0, '0.000000'],
    [1, '0.000001'],
    [-500_000, '-0.500000'],
    [3_500_000, '3.500000'],
    [123_456_789, '123.456789'],
    [Number.MAX_SAFE_INTEGER, '9007199254.740991'],
    [-Number.MAX_SAFE_INTEGER, '-9007199254.740991'],
    [8_999_999_999_999_999, '8999999999.999999'],
  ])('formats %d as %s', (micros, text) => {
    expect(formatMoney(micros)).toBe(text);
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1, 2 ** 60])(
    'refuses %d',
    (micros) => {
      expect(() => formatMoney(micros)).toThrow(RangeError);
    },
  );
});

describe('parseMoney', () => {
  it.each([
    ['4.000000', 4_000_000],
    ['4', 4_000_000],
    ['3.5', 3_500_000],
    ['0.000001', 1],
    ['-0.500000', -500_000],
    ['-0.000000', 0],
    ['007.10', 7_100_000],
    ['9007199254.740991', Number.MAX_SAFE_INTEGER],
  ])('parses %s as %d', (text, micros) => {
    expect(parseMoney(text)).toBe(micros);
  });

  it('never returns negative zero', () => {
    expect(Object.is(parseMoney('-0'), 0)).toBe(true);
  });

  it.each([
    '',
    '4.',
    '.5',
    '+4',
    ' 4',
    '4 ',
    '4.0000001',
    '1e6',
    '4,00',
    '0x10',
    'NaN',
    '--1',
    '١٢', // Arabic-Indic digits are not \d without the u flag, and must stay refused
  ])('refuses %j', (text) => {
    expect(() => parseMoney(text)).toThrow(SyntaxError);
  });

  it.each(['9007199254.740992', '99999999999', '1'.repeat(400)])(
    'refuses %s as beyond safe integers',
    (text) => {
      expect(() => parseMoney(text)).toThrow(RangeError);
    },
  );

  it('round-trips every safe integer through its text', () => {
    const micros = fc.oneof(
      fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }),
      fc.maxSafeInteger(),
      fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    );
    fc.assert(
      fc.property(micros, (value) => {
        const text = formatMoney(value);
        expect(text).toMatch(/^-?\d+\.\d{6}$/);
        expect(parseMoney(text)).toBe(value === 0 ? 0 : value);
      }),
    );
  });

  it('round-trips every canonical text through micro-units', () => {
    const text = fc
      .tuple(
        fc.boolean(),
        fc.integer({ min: 0, max: 9_007_199_253 }),
        fc.integer({ min: 0, max: 999_999 }),
      )
      .filter(([negative, whole, fraction]) => !(negative && whole === 0 && fraction === 0))
      .map(
        ([negative, whole, fraction]) =>
          `${negative ? '-' : ''}${whole}.${String(fraction).padStart(6, '0')}`,
      );
    fc.assert(
      fc.property(text, (value) => {
        expect(formatMoney(parseMoney(value))).toBe(value);
      }),
    );
  });
});

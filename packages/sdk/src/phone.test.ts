import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { normalizePhoneNumber } from './phone';

const UNITEL = { ok: true, e164: '+244923123456', country: 'AO', nationalNumber: '923123456' };

describe('normalizePhoneNumber: Angola', () => {
  it.each([
    ['+244 923 123 456', undefined],
    ['+244923123456', undefined],
    ['923123456', undefined],
    ['923123456', 'AO'],
    ['923123456', 'ao'],
    ['923 123 456', 'AO'],
    ['923.123.456', 'AO'],
    ['  923-123-456  ', 'AO'],
    ['+244 (923) 123-456', 'PT'],
    ['00244923123456', 'AO'],
    ['00 244 923 123 456', 'PT'],
    ['244923123456', 'AO'],
  ])('normalises %j (default %s)', (input, country) => {
    expect(normalizePhoneNumber(input, country)).toEqual(UNITEL);
  });

  it('normalises dashed local numbers', () => {
    expect(normalizePhoneNumber('912-345-678')).toEqual({
      ok: true,
      e164: '+244912345678',
      country: 'AO',
      nationalNumber: '912345678',
    });
  });

  it.each(['91', '92', '93', '94', '95', '96', '97', '99'])(
    'accepts the assigned prefix %s',
    (prefix) => {
      expect(normalizePhoneNumber(`${prefix}1234567`)).toMatchObject({ ok: true, country: 'AO' });
    },
  );
});

describe('normalizePhoneNumber: the fictional ranges +244 90 and 98', () => {
  it('are refused by libphonenumber itself, hence the exception', () => {
    expect(parsePhoneNumberFromString('+244908123456')?.isValid()).toBe(false);
    expect(parsePhoneNumberFromString('+244981234567')?.isValid()).toBe(false);
  });

  it.each([
    ['+244 908 123 456', 'AO', '908123456'],
    ['908123456', 'AO', '908123456'],
    ['00244 980 000 001', 'AO', '980000001'],
    ['244980000001', 'AO', '980000001'],
    ['+244 981 234 567', 'PT', '981234567'],
  ])('accepts %j (default %s)', (input, country, national) => {
    expect(normalizePhoneNumber(input, country)).toEqual({
      ok: true,
      e164: `+244${national}`,
      country: 'AO',
      nationalNumber: national,
    });
  });

  it.each([
    ['90812345', 'AO'],
    ['9081234567', 'AO'],
    ['+244 90812345', 'AO'],
    ['+244 9081234567', 'AO'],
    ['908123456', 'PT'],
  ])('do not stretch to %j (default %s)', (input, country) => {
    expect(normalizePhoneNumber(input, country).ok).toBe(false);
  });
});

describe('normalizePhoneNumber: other countries', () => {
  it('reads a national number in the default country', () => {
    expect(normalizePhoneNumber('912 345 678', 'PT')).toEqual({
      ok: true,
      e164: '+351912345678',
      country: 'PT',
      nationalNumber: '912345678',
    });
  });

  it('reads an international number whatever the default country', () => {
    const portugal = {
      ok: true,
      e164: '+351912345678',
      country: 'PT',
      nationalNumber: '912345678',
    };
    expect(normalizePhoneNumber('+351 912 345 678')).toEqual(portugal);
    expect(normalizePhoneNumber('00351912345678')).toEqual(portugal);
    expect(normalizePhoneNumber('+351 912 345 678', 'XX')).toEqual(portugal);
  });

  it('drops a trunk prefix', () => {
    expect(normalizePhoneNumber('07400 123456', 'GB')).toMatchObject({
      ok: true,
      e164: '+447400123456',
    });
  });
});

describe('normalizePhoneNumber: refusals', () => {
  it.each([
    ['+244 88 123 4567', 'INVALID_NUMBER'],
    ['881234567', 'INVALID_NUMBER'],
    ['12345', 'TOO_SHORT'],
    ['+244 92312345', 'TOO_SHORT'],
    ['92312345678', 'TOO_LONG'],
    ['abc', 'INVALID_FORMAT'],
    ['923abc456', 'INVALID_FORMAT'],
    ['tel:+244923123456', 'INVALID_FORMAT'],
    ['+244 923 123 456 ext. 12', 'INVALID_FORMAT'],
    ['+244 923 123 456 #', 'INVALID_FORMAT'],
    ['', 'INVALID_FORMAT'],
    ['+', 'INVALID_FORMAT'],
    ['---', 'INVALID_FORMAT'],
    ['++244923123456', 'INVALID_FORMAT'],
    ['+999 123 456 789', 'INVALID_COUNTRY'],
  ])('refuses %j as %s', (input, reason) => {
    expect(normalizePhoneNumber(input)).toEqual({ ok: false, reason });
  });

  it('needs a known default country for a national number', () => {
    expect(normalizePhoneNumber('923123456', 'XX')).toEqual({
      ok: false,
      reason: 'INVALID_COUNTRY',
    });
    expect(normalizePhoneNumber('923123456', '')).toEqual({ ok: false, reason: 'INVALID_COUNTRY' });
  });
});

describe('normalizePhoneNumber: properties', () => {
  const angolanNational = fc.stringMatching(/^9\d{8}$/);
  const separator = fc.constantFrom('', ' ', '-', '.');

  it('reads an Angolan number the same in every way it is written', () => {
    fc.assert(
      fc.property(angolanNational, separator, (national, sep) => {
        const spaced = `${national.slice(0, 3)}${sep}${national.slice(3, 6)}${sep}${national.slice(6)}`;
        const expected = normalizePhoneNumber(national);
        for (const written of [`+244${sep}${spaced}`, `00244${spaced}`, spaced, `244${national}`]) {
          expect(normalizePhoneNumber(written)).toEqual(expected);
        }
        // Every 9-digit national number starting with 9 is a mobile (9[1-79]) or fictional (90, 98).
        expect(expected).toEqual({
          ok: true,
          e164: `+244${national}`,
          country: 'AO',
          nationalNumber: national,
        });
      }),
    );
  });

  it('is idempotent: an accepted number normalises to itself', () => {
    const inputs = fc.oneof(angolanNational, fc.stringMatching(/^\+(244|351|44|1|55|27)\d{6,11}$/));
    fc.assert(
      fc.property(inputs, (input) => {
        const first = normalizePhoneNumber(input);
        if (first.ok) expect(normalizePhoneNumber(first.e164, 'US')).toEqual(first);
      }),
    );
  });
});

describe('the E.164 fast path', () => {
  it('answers exactly what the full parse answers for every +2449 number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (n) => {
        const e164 = `+2449${String(n).padStart(8, '0')}`;
        // A leading space skips the fast path; the full parse must agree with it.
        expect(normalizePhoneNumber(e164)).toEqual(normalizePhoneNumber(` ${e164}`));
      }),
      { numRuns: 2000 },
    );
  });
});

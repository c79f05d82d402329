import {
  createMockService,
  DEFAULT_PREFIX_TABLE,
  fictionalNumbers,
  MAGIC_NUMBERS,
} from '@msgsvc/mock';
import { describe, expect, it } from 'vitest';

describe('fictionalNumbers', () => {
  it('gives distinct E.164 numbers, the same for the same seed', () => {
    const numbers = fictionalNumbers(1000);
    expect(new Set(numbers).size).toBe(1000);
    for (const number of numbers) expect(number).toMatch(/^\+24490\d{7}$/);
    expect(fictionalNumbers(1000)).toEqual(numbers);
    expect(fictionalNumbers(5, { seed: 2 })).not.toEqual(numbers.slice(0, 5));
    expect(fictionalNumbers(0)).toEqual([]);
  });

  it('routes every number to the carrier asked for, in the mock', async () => {
    const mock = createMockService({ demo: true });
    const client = mock.client();
    for (const carrier of ['UNITEL', 'MOVICEL', 'AFRICELL_AO', 'TEST_NETWORK']) {
      for (const to of fictionalNumbers(20, { carrier, seed: 3 })) {
        const sent = await client.messages.send({ to, body: 'x' });
        expect(mock.control.message(sent.id).channel_destination).toBe(carrier);
      }
    }
  });

  it('never hands out a magic number, even when asked for every number of their block', () => {
    const table = [
      { prefix: '+2449000000', route: { destination: 'TEST_NETWORK', provider: null } },
    ] as const;
    // Ten digits of prefix leave two: 100 numbers, all magic.
    expect(() => fictionalNumbers(1, { prefixTable: table })).toThrow(RangeError);
    const wider = [
      { prefix: '+244900000', route: { destination: 'TEST_NETWORK', provider: null } },
    ] as const;
    const numbers = fictionalNumbers(900, { prefixTable: wider });
    expect(numbers).toHaveLength(900);
    for (const number of numbers) expect(MAGIC_NUMBERS[number]).toBeUndefined();
    expect(numbers.some((number) => /^\+2449000000\d\d$/.test(number))).toBe(false);
  });

  it('skips numbers a longer prefix carves out for another carrier', () => {
    const table = [
      ...DEFAULT_PREFIX_TABLE,
      { prefix: '+244923', route: { destination: 'MYCARRIER', provider: null } },
    ];
    const numbers = fictionalNumbers(200, { carrier: 'UNITEL', prefixTable: table });
    expect(numbers.some((number) => number.startsWith('+244923'))).toBe(false);
    expect(fictionalNumbers(3, { carrier: 'MYCARRIER', prefixTable: table })[0]).toMatch(
      /^\+244923\d{6}$/,
    );
  });

  it('refuses a bad count or an unknown carrier with a clear error', () => {
    expect(() => fictionalNumbers(-1)).toThrow(
      /count: -1 must be a whole number from 0 to 9999900/,
    );
    expect(() => fictionalNumbers(1.5)).toThrow(RangeError);
    expect(() => fictionalNumbers(Number.NaN)).toThrow(RangeError);
    expect(() => fictionalNumbers(1, { carrier: 'UNITELL' })).toThrow(
      /carrier: "UNITELL" is not one of .* Did you mean UNITEL\?/,
    );
    expect(() =>
      fictionalNumbers(1, {
        carrier: 'X',
        prefixTable: [{ prefix: '+3519', route: { destination: 'X', provider: null } }],
      }),
    ).toThrow(/Angolan/);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateCost } from './estimate';

describe('estimateCost', () => {
  it('prices a one-segment text for a campaign', () => {
    expect(
      estimateCost({
        text: 'Olá, o seu código é 1234',
        pricePerSegment: '4.000000',
        recipients: 1000,
      }),
    ).toEqual({
      encoding: 'UCS_2',
      segments: 1,
      recipients: 1000,
      costPerMessage: '4.000000',
      total: '4000.000000',
    });
  });

  it('multiplies by the segments of a long text', () => {
    expect(estimateCost({ text: 'a'.repeat(307), pricePerSegment: '3.5', recipients: 3 })).toEqual({
      encoding: 'GSM_7',
      segments: 3,
      recipients: 3,
      costPerMessage: '10.500000',
      total: '31.500000',
    });
  });

  it('defaults to one recipient', () => {
    expect(estimateCost({ text: 'Hi', pricePerSegment: '25.000000' }).total).toBe('25.000000');
  });

  it('keeps micro-units exact where floats would not', () => {
    // As floats, 3 × 0.1 × 7 is 2.1000000000000005.
    expect(
      estimateCost({ text: 'a'.repeat(307), pricePerSegment: '0.1', recipients: 7 }).total,
    ).toBe('2.100000');
  });

  it('costs nothing for an empty text or no recipients', () => {
    expect(estimateCost({ text: '', pricePerSegment: '4', recipients: 10 })).toMatchObject({
      segments: 0,
      total: '0.000000',
    });
    expect(estimateCost({ text: 'Hi', pricePerSegment: '4', recipients: 0 }).total).toBe(
      '0.000000',
    );
  });

  it.each([-1, 1.5, Number.NaN])('refuses %d recipients', (recipients) => {
    expect(() => estimateCost({ text: 'Hi', pricePerSegment: '4', recipients })).toThrow(
      RangeError,
    );
  });

  it('refuses a negative or malformed price', () => {
    expect(() => estimateCost({ text: 'Hi', pricePerSegment: '-4' })).toThrow(RangeError);
    expect(() => estimateCost({ text: 'Hi', pricePerSegment: '4,00' })).toThrow(SyntaxError);
  });

  it('refuses a total beyond exact integers', () => {
    expect(() =>
      estimateCost({ text: 'Hi', pricePerSegment: '9000000000', recipients: 2 }),
    ).toThrow(RangeError);
  });

  it('agrees with BigInt arithmetic', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (length, priceMicros, recipients) => {
          const price = `${Math.floor(priceMicros / 1e6)}.${String(priceMicros % 1e6).padStart(6, '0')}`;
          const result = estimateCost({
            text: 'a'.repeat(length),
            pricePerSegment: price,
            recipients,
          });
          const expected = BigInt(result.segments) * BigInt(priceMicros) * BigInt(recipients);
          const whole = expected / 1_000_000n;
          const fraction = String(expected % 1_000_000n).padStart(6, '0');
          expect(result.total).toBe(`${whole}.${fraction}`);
        },
      ),
    );
  });
});

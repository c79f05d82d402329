import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bitset, countRange, popcount, selectRange } from './bitset';

describe('bitset', () => {
  it('counts bits of a word', () => {
    expect(popcount(0)).toBe(0);
    expect(popcount(0xffffffff)).toBe(32);
    expect(popcount(0x80000001)).toBe(2);
  });

  it('counts and selects like a sorted array, in both directions', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 300 }), { maxLength: 120 }),
        fc.integer({ min: 0, max: 320 }),
        fc.integer({ min: 0, max: 320 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        (bits, a, b, skip, take) => {
          const set = new Bitset(8);
          for (const bit of bits) set.set(bit);
          const [from, to] = a <= b ? [a, b] : [b, a];
          const inRange = bits.filter((bit) => bit >= from && bit < to).sort((x, y) => x - y);
          expect(countRange(set.words, from, to)).toBe(inRange.length);
          expect(selectRange(set.words, from, to, skip, take, 'asc')).toEqual(
            inRange.slice(skip, skip + take),
          );
          expect(selectRange(set.words, from, to, skip, take, 'desc')).toEqual(
            [...inRange].reverse().slice(skip, skip + take),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('clears bits', () => {
    const set = new Bitset();
    set.set(5);
    set.set(40);
    set.clear(5);
    expect(countRange(set.words, 0, 64)).toBe(1);
  });
});

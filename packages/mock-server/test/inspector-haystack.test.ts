/**
 * The inspector's joined-string search: each string that contains the needle is found once, in
 * order, at either end of the text, and a needle never matches across two strings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Haystack } from '../src/query/haystack';

describe('haystack', () => {
  it('finds each containing string once, in order', () => {
    const stack = new Haystack(['+244923000001', 'abc', '+244923000001923', '', '923']);
    expect(stack.findAll('923')).toEqual([0, 2, 4]);
    expect(stack.findAll('+2449')).toEqual([0, 2]);
    expect(stack.findAll('zzz')).toEqual([]);
    expect(stack.findAll('')).toEqual([]);
  });

  it('finds strings appended later, in order, as if they had been there from the start', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 6 })),
        fc.array(fc.string({ maxLength: 6 })),
        fc.string({ minLength: 1, maxLength: 2 }),
        (first, later, needle) => {
          const grown = new Haystack(first);
          grown.append(later);
          expect(grown.findAll(needle)).toEqual(new Haystack([...first, ...later]).findAll(needle));
        },
      ),
    );
  });

  it('never matches across the boundary of two strings', () => {
    const stack = new Haystack(['ab', 'cd']);
    expect(stack.findAll('bc')).toEqual([]);
    expect(stack.findAll('b\u0001c')).toEqual([]);
  });

  it('agrees with includes on every input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 8 })),
        fc.string({ minLength: 1, maxLength: 3 }),
        (values, needle) => {
          const expected = values.flatMap((value, i) =>
            value.includes(needle) && !needle.includes('\u0001') ? [i] : [],
          );
          expect(new Haystack(values).findAll(needle)).toEqual(expected);
        },
      ),
    );
  });
});

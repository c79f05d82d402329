import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MessageRecord } from '../core/model';
import { NumberIndex } from './number-index';

const rowsOf = (numbers: readonly string[]) => numbers.map((e164) => ({ e164 }) as MessageRecord);

function rowsIn(mask: Uint32Array): number[] {
  const rows: number[] = [];
  for (let row = 0; row < mask.length * 32; row++) {
    if ((mask[row >>> 5]! >>> (row & 31)) & 1) rows.push(row);
  }
  return rows;
}

const expected = (numbers: readonly string[], needle: string) =>
  needle === '' ? [] : numbers.flatMap((n, row) => (n.includes(needle) ? [row] : []));

// Numbers from a small alphabet, so that trigrams repeat within and across numbers, and the
// occasional number as written by a client (invalid recipients keep their text).
const number = fc.oneof(
  fc
    .string({ unit: fc.constantFrom('9', '2', '3', '1', '0'), maxLength: 14 })
    .map((d) => `+244${d}`),
  fc.string({ unit: fc.constantFrom('1', '2', '|', 'é', ' ', '+'), maxLength: 8 }),
);
const needle = fc.string({
  unit: fc.constantFrom('9', '2', '3', '1', '0', '4', '+', '|'),
  maxLength: 7,
});

describe('NumberIndex (trigrams of recipients’ numbers, for q)', () => {
  it('finds exactly the rows whose number contains the needle', () => {
    fc.assert(
      fc.property(
        fc.array(number, { maxLength: 120 }),
        fc.array(needle, { maxLength: 6 }),
        (numbers, needles) => {
          const rows = rowsOf(numbers);
          const index = new NumberIndex();
          index.sync(rows);
          for (const n of needles)
            expect(rowsIn(index.containing(rows, n))).toEqual(expected(numbers, n));
        },
      ),
    );
  });

  it('keeps up with rows added after its first search (incremental sync)', () => {
    fc.assert(
      fc.property(
        fc.array(number, { maxLength: 60 }),
        fc.array(number, { maxLength: 60 }),
        needle,
        (first, later, n) => {
          const rows = rowsOf(first);
          const index = new NumberIndex();
          index.sync(rows);
          index.containing(rows, n);
          rows.push(...rowsOf(later));
          index.sync(rows);
          expect(rowsIn(index.containing(rows, n))).toEqual(expected([...first, ...later], n));
        },
      ),
    );
  });

  it('answers a repeated trigram, a trigram nobody has and an empty needle', () => {
    const numbers = ['+244923923923', '+244912345678', '+244999999999'];
    const rows = rowsOf(numbers);
    const index = new NumberIndex();
    index.sync(rows);
    expect(rowsIn(index.containing(rows, '923923'))).toEqual([0]);
    expect(rowsIn(index.containing(rows, '99999'))).toEqual([2]);
    expect(rowsIn(index.containing(rows, '777'))).toEqual([]);
    expect(rowsIn(index.containing(rows, '9'))).toEqual([0, 1, 2]);
    expect(rowsIn(index.containing(rows, ''))).toEqual([]);
  });

  it('checks candidates: sharing every trigram is not containing', () => {
    // "1231" has the trigrams 123 and 231, as does "+2312 1239", which does not contain it.
    const numbers = ['+2312x1239', '+991231'];
    const rows = rowsOf(numbers);
    const index = new NumberIndex();
    index.sync(rows);
    expect(rowsIn(index.containing(rows, '1231'))).toEqual([1]);
  });
});

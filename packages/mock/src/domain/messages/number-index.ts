/**
 * The index behind `q` (partial-number search): for every three-character run of a recipient's
 * number (its trigrams), the rows whose number contains it, so a search over a million messages
 * reads a few thousand rows instead of every number. Built on a tenant's first such search and
 * brought up to date by each later one: storing and restoring messages never pays for it.
 */

import type { MessageRecord } from '../core/model';

/** Trigrams this long; a shorter needle is answered by reading every number. */
const GRAM = 3;
const FIRST_CAPACITY = 16;

/** One trigram's rows, ascending and without repeats, in a growable array. */
interface Postings {
  rows: Uint32Array;
  length: number;
}

/** The trigram index of one tenant's recipients' numbers. */
export class NumberIndex {
  /**
   * Trigram (its three UTF-16 code units packed in one number) → rows whose number contains it.
   * Row `List Messages, 1M stored, q (partial number)` (≤ 2 ms): 0.33 ms with it, 88 ms scanning.
   */
  private readonly grams = new Map<number, Postings>();
  /** Rows below this one are indexed. */
  private indexedUpTo = 0;

  /** Indexes the rows added since the last call (a message's number never changes). */
  sync(rows: readonly MessageRecord[]): void {
    for (let row = this.indexedUpTo; row < rows.length; row++) this.add(rows[row]!.e164, row);
    this.indexedUpTo = rows.length;
  }

  private add(number: string, row: number): void {
    for (let at = 0; at + GRAM <= number.length; at++) {
      const gram = gramAt(number, at);
      let postings = this.grams.get(gram);
      if (postings === undefined) {
        postings = { rows: new Uint32Array(FIRST_CAPACITY), length: 0 };
        this.grams.set(gram, postings);
      } else if (postings.length > 0 && postings.rows[postings.length - 1] === row) {
        continue; // the same trigram twice in one number
      }
      if (postings.length === postings.rows.length) {
        const grown = new Uint32Array(postings.rows.length * 2);
        grown.set(postings.rows);
        postings.rows = grown;
      }
      postings.rows[postings.length++] = row;
    }
  }

  /**
   * The rows (as a bitset sized for `rows`) whose number contains `needle`. An empty needle
   * matches nothing. Call {@link sync} first.
   */
  containing(rows: readonly MessageRecord[], needle: string): Uint32Array {
    const out = new Uint32Array(Math.ceil(rows.length / 32));
    if (needle.length === 0) return out;
    if (needle.length < GRAM) {
      for (let row = 0; row < rows.length; row++) {
        if (rows[row]!.e164.includes(needle)) out[row >>> 5]! |= 1 << (row & 31);
      }
      return out;
    }
    const lists: Postings[] = [];
    for (let at = 0; at + GRAM <= needle.length; at++) {
      const postings = this.grams.get(gramAt(needle, at));
      if (postings === undefined) return out; // a trigram no number has
      lists.push(postings);
    }
    // Rarest first: each intersection then gallops through longer lists with fewer candidates.
    lists.sort((a, b) => a.length - b.length);
    let candidates = lists[0]!;
    for (let i = 1; i < lists.length && candidates.length > 0; i++) {
      candidates = intersect(candidates, lists[i]!);
    }
    // Sharing every trigram is not containing ("1231" and "2312 1239" share 123 and 231): check.
    for (let i = 0; i < candidates.length; i++) {
      const row = candidates.rows[i]!;
      if (rows[row]!.e164.includes(needle)) out[row >>> 5]! |= 1 << (row & 31);
    }
    return out;
  }
}

/** Three UTF-16 code units as one exact number (under 2^48). */
function gramAt(text: string, at: number): number {
  return (
    text.charCodeAt(at) * 0x1_0000_0000 +
    text.charCodeAt(at + 1) * 0x1_0000 +
    text.charCodeAt(at + 2)
  );
}

/** The rows in both ascending lists; `a` is the shorter, `b` is searched by galloping. */
function intersect(a: Postings, b: Postings): Postings {
  const rows = new Uint32Array(a.length);
  let length = 0;
  let lo = 0;
  for (let i = 0; i < a.length && lo < b.length; i++) {
    const row = a.rows[i]!;
    // Gallop to a window [lo, hi) whose end is at or past `row`, then binary-search it.
    let step = 1;
    let hi = lo + 1;
    while (hi < b.length && b.rows[hi - 1]! < row) {
      lo = hi;
      step *= 2;
      hi = Math.min(b.length, lo + step);
    }
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (b.rows[mid]! < row) lo = mid + 1;
      else hi = mid;
    }
    if (lo < b.length && b.rows[lo] === row) rows[length++] = row;
  }
  return { rows, length };
}

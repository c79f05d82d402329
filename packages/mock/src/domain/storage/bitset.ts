/**
 * A growable set of small integers (row numbers) as 32-bit words: the building block of the message
 * list indexes, where a filter over a million rows is a few thousand word operations instead of a
 * million record reads.
 */
export class Bitset {
  words: Uint32Array;

  constructor(capacityBits = 1024) {
    this.words = new Uint32Array(Math.max(1, Math.ceil(capacityBits / 32)));
  }

  /** Adds `bit`. */
  set(bit: number): void {
    const word = bit >>> 5;
    if (word >= this.words.length) this.grow(word + 1);
    this.words[word]! |= 1 << (bit & 31);
  }

  /** Removes `bit`. */
  clear(bit: number): void {
    const word = bit >>> 5;
    if (word < this.words.length) this.words[word]! &= ~(1 << (bit & 31));
  }

  private grow(minWords: number): void {
    const next = new Uint32Array(Math.max(minWords, this.words.length * 2));
    next.set(this.words);
    this.words = next;
  }
}

/** Set bits in a 32-bit word. */
export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

/** Word `index` of `words` with the bits outside `[from, to)` cleared. */
function maskedWord(words: Uint32Array, index: number, from: number, to: number): number {
  let word = words[index] ?? 0;
  const base = index << 5;
  const lo = from - base;
  if (lo > 0) word = lo >= 32 ? 0 : word & (~0 << lo);
  const hi = to - base;
  if (hi < 32) word = hi <= 0 ? 0 : word & (2 ** hi - 1);
  return word >>> 0;
}

/** How many bits of `words` are set within `[from, to)`. */
export function countRange(words: Uint32Array, from: number, to: number): number {
  if (to <= from) return 0;
  let total = 0;
  const last = (to - 1) >>> 5;
  for (let i = from >>> 5; i <= last; i++) total += popcount(maskedWord(words, i, from, to));
  return total;
}

/**
 * Up to `take` set bits of `words` within `[from, to)`, after skipping the first `skip`, walking
 * upwards (`asc`) or downwards (`desc`). Whole words are skipped by their popcount.
 */
export function selectRange(
  words: Uint32Array,
  from: number,
  to: number,
  skip: number,
  take: number,
  direction: 'asc' | 'desc',
): number[] {
  const out: number[] = [];
  if (to <= from || take <= 0) return out;
  const first = from >>> 5;
  const last = (to - 1) >>> 5;
  let remainingSkip = skip;
  for (let n = 0; n <= last - first && out.length < take; n++) {
    const i = direction === 'asc' ? first + n : last - n;
    let word = maskedWord(words, i, from, to);
    if (word === 0) continue;
    const count = popcount(word);
    if (remainingSkip >= count) {
      remainingSkip -= count;
      continue;
    }
    while (word !== 0 && out.length < take) {
      const bit = direction === 'asc' ? 31 - Math.clz32(word & -word) : 31 - Math.clz32(word);
      word = (word & ~(1 << bit)) >>> 0;
      if (remainingSkip > 0) remainingSkip--;
      else out.push((i << 5) + bit);
    }
  }
  return out;
}

/**
 * Substring search over many short strings at once: the strings are joined into one text and found
 * with `indexOf`, which scans a long string far faster than one `includes` per record (a search of
 * 100,000 messages takes a few milliseconds). Strings are only ever appended, as records
 * are; positions map back to strings by binary search over where each one starts.
 */

/**
 * Text as searches compare it: lower-cased, accents and other combining marks taken off (NFD, then
 * marks dropped), so `credito` finds `Crédito`. Pure ASCII, most texts, skips the NFD.
 */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is every code point below 0x80.
  if (/^[\x00-\x7f]*$/.test(lower)) return lower;
  return lower.normalize('NFD').replace(/\p{M}+/gu, '');
}

/** Separates the strings; a needle containing it finds nothing. */
const SEPARATOR = '\u0001';

/** Strings joined for searching, appended to as records arrive. */
export class Haystack {
  private text = '';
  private starts = new Int32Array(1024);
  private count = 0;

  /**
   * @param values - the first strings.
   * @param fold - how a string is written into the haystack, once, when it is added (and how a
   *   needle is written before it is looked for); by default as it is.
   */
  constructor(
    values: readonly string[] = [],
    private readonly fold: (text: string) => string = (text) => text,
  ) {
    this.append(values);
  }

  /** How many strings it holds. */
  get size(): number {
    return this.count;
  }

  /** Adds strings after the ones already held. */
  append(given: readonly string[]): void {
    if (given.length === 0) return;
    const values = given.map(this.fold);
    if (this.count + values.length > this.starts.length) {
      const grown = new Int32Array(Math.max(this.starts.length * 2, this.count + values.length));
      grown.set(this.starts.subarray(0, this.count));
      this.starts = grown;
    }
    let at = this.text.length + (this.count === 0 ? 0 : SEPARATOR.length);
    for (const value of values) {
      this.starts[this.count++] = at;
      at += value.length + SEPARATOR.length;
    }
    this.text +=
      (this.text === '' && this.count === values.length ? '' : SEPARATOR) + values.join(SEPARATOR);
  }

  /** The indexes of the strings containing `needle`, in order; none when it is empty. */
  findAll(given: string): number[] {
    const found: number[] = [];
    const needle = this.fold(given);
    if (needle === '' || needle.includes(SEPARATOR)) return found;
    const { text, starts, count } = this;
    let from = 0;
    let index = 0;
    for (;;) {
      const position = text.indexOf(needle, from);
      if (position < 0) return found;
      index = owner(starts, count, position, index);
      found.push(index);
      // One hit per string: go on from the next one.
      from = index + 1 < count ? starts[index + 1]! : text.length;
    }
  }
}

/**
 * The index of the string `position` falls in (the last start at or before it), at or after
 * `after`: hits come in order, so the search gallops forward from the previous hit's string — one
 * step when every string matches (a text most messages share, bench row `inspector filtered list
 * (text and channel), 100k messages`), a binary search over the gap otherwise.
 */
function owner(starts: Int32Array, count: number, position: number, after: number): number {
  let low = after;
  let step = 1;
  while (low + step < count && starts[low + step]! <= position) {
    low += step;
    step *= 2;
  }
  let high = Math.min(count - 1, low + step - 1);
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= position) low = mid;
    else high = mid - 1;
  }
  return low;
}

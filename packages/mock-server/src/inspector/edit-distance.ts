/**
 * How many single-letter edits turn one name into another: insertions, deletions, substitutions
 * and swaps of two neighbouring letters (the optimal-string-alignment form of Damerau–Levenshtein),
 * so `bdoy` is one edit from `body`, as a person sees it. The near-miss hints compare short names
 * (fields, headers, path segments) with the contract's, so a small function with an early exit
 * serves better than a dependency: `fastest-levenshtein` counts no swaps.
 */

/**
 * The edit distance between `a` and `b`, or `limit + 1` as soon as it is known to exceed `limit`.
 *
 * @param limit - The largest distance of interest; longer names are not compared in full.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Three rows: the one two back is what a swap of neighbours costs from.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1);
    row[0] = i;
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      row[j] = value;
      if (value < smallest) smallest = value;
    }
    if (smallest > limit) return limit + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length]!, limit + 1);
}

/**
 * The candidate nearest to `name` within two edits (case and `-`/`_` ignored), or undefined
 * when none is that near or the name is one of them. Ties go to the first candidate.
 */
export function nearest(
  name: string,
  candidates: readonly string[],
): { readonly name: string; readonly distance: number } | undefined {
  const wanted = loose(name);
  // A one- or two-letter name is near everything short: only a swap or a case slip counts then.
  const allowed = wanted.length <= 3 ? 1 : 2;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === name) return undefined;
    const distance = editDistance(wanted, loose(candidate), allowed);
    if (distance <= allowed && (best === undefined || distance < best.distance)) {
      best = { name: candidate, distance };
    }
  }
  return best;
}

/** A name as compared: lower case, without the dashes and underscores people drop or swap. */
function loose(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, '');
}

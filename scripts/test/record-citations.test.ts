/**
 * The two records (docs/decisions.md, `D1`…; docs/engineering-log.md, `E1`…) are numbered in order
 * with no gaps, and every `D…` or `E…` cited anywhere in the repository — code comments, tests, the
 * contract's descriptions, changesets, lint messages — names an entry that exists in the record its
 * letter stands for. A citation left on a number from before issue 23 (when both records were one,
 * out of order) or to an entry that moved to the other record fails here with the file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Build outputs, installs and reports: never sources, and far too large to read. */
const SKIPPED_DIRECTORIES = new Set([
  'node_modules',
  '.git',
  'site',
  'dist',
  '.reports',
  'coverage',
]);
/** Lockfiles hold base64 hashes (`…+E8/d1g==`) that look like citations. */
const SKIPPED_FILES = new Set(['package-lock.json']);
const TEXT = /\.(?:[cm]?[jt]s|md|ya?ml|json|grit|txt|html|css|py|toml)$|^[^.]+$/;
/** The map of old numbers, and the script that applies it (with its test), cite old numbers by design. */
const OLD_NUMBERS = new Set(
  [
    'docs/decision-numbers.md',
    'scripts/renumber-decisions.mjs',
    'scripts/test/renumber-decisions.test.ts',
  ].map((path) => join(ROOT, path)),
);

function* sourceFiles(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) yield* sourceFiles(path);
    } else if (entry.isFile() && !SKIPPED_FILES.has(entry.name) && TEXT.test(entry.name)) {
      yield path;
    }
  }
}

/** The entry numbers of a record, in the order its `### D12. Title` headings appear. */
function headings(file: string, letter: 'D' | 'E'): number[] {
  const text = readFileSync(join(ROOT, 'docs', file), 'utf8');
  return [...text.matchAll(new RegExp(`^### ${letter}(\\d+)\\. `, 'gm'))].map((match) =>
    Number(match[1]),
  );
}

const decisions = headings('decisions.md', 'D');
const engineering = headings('engineering-log.md', 'E');

describe('the two records', () => {
  it.each([
    ['decisions.md', decisions],
    ['engineering-log.md', engineering],
  ])('%s is numbered 1, 2, 3, … in the order of its entries', (_file, numbers) => {
    expect(numbers.length).toBeGreaterThan(10);
    expect(numbers).toEqual(numbers.map((_number, index) => index + 1));
  });

  it('every D and E number cited in the repository names an entry of its record', () => {
    const known = { D: new Set(decisions), E: new Set(engineering) };
    const dangling: string[] = [];
    let citations = 0;
    for (const file of sourceFiles(ROOT)) {
      if (OLD_NUMBERS.has(file)) continue;
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        // `E` takes one or two digits, so `E164` and `E404` (npm's error code) are not citations.
        for (const match of line.matchAll(/\b(?:D([1-9]\d{0,2})|E([1-9]\d?))\b/g)) {
          const [letter, number] = match[1]
            ? (['D', match[1]] as const)
            : (['E', match[2]] as const);
          citations++;
          if (!known[letter].has(Number(number))) {
            dangling.push(`${relative(ROOT, file)}:${index + 1}: ${match[0]}`);
          }
        }
      });
    }
    expect(citations).toBeGreaterThan(1000);
    expect(dangling).toEqual([]);
  });
});

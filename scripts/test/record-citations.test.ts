/**
 * The two records (docs/decisions.md, `D1`…; docs/engineering-log.md, `E1`…) are numbered in order
 * with no gaps, and every `D…` or `E…` cited anywhere in the repository — code comments, tests, the
 * contract's descriptions, changesets, lint messages — names an entry that exists in the record its
 * letter stands for; a citation to an entry that does not exist fails here with the file and line.
 * The packages' hand-written sources cite the records only where a decision's behaviour is
 * enforced (a verify check naming what it checks): a comment carries its own reason in plain words.
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
/** How many citations the packages' hand-written sources may hold, comments and messages alike. */
const PACKAGE_SOURCE_CITATIONS = 150;

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

  it(`the packages' hand-written sources cite the records at most ${PACKAGE_SOURCE_CITATIONS} times`, () => {
    const cited: string[] = [];
    for (const file of sourceFiles(join(ROOT, 'packages'))) {
      const path = relative(ROOT, file);
      if (!/^packages\/[^/]+\/src\//.test(path) || /\/generated\/|\.test\.ts$/.test(path)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const match of line.matchAll(/\b(?:D[1-9]\d{0,2}|E[1-9]\d?)\b/g)) {
            cited.push(`${path}:${index + 1}: ${match[0]}`);
          }
        });
    }
    expect(cited.length, cited.join('\n')).toBeLessThanOrEqual(PACKAGE_SOURCE_CITATIONS);
  });
});

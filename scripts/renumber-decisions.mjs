// Rewrites citations of decision numbers given before issue 23 (when docs/decisions.md held every
// entry, D1…D184 out of order) to the entries' numbers now: a D of docs/decisions.md or an E of
// docs/engineering-log.md, as docs/decision-numbers.md maps them. For a branch started before the
// split: run it in that branch's checkout BEFORE merging it, so that every citation it added is
// renumbered once (after the merge, old and new numbers could no longer be told apart).
//
//   node <main checkout>/scripts/renumber-decisions.mjs [--map D185=D127,D186=E34] [--check]
//
// It reads the table beside the script (so it works in a checkout that has no table yet), rewrites
// `D12`, ranges `D10–D13` and anchors `decisions.md#d70-…` in every file `git ls-files` lists
// except generated/ folders, lockfiles and the table itself, and refuses to write anything while a
// cited number is neither in the table nor given with --map (the branch's own new entries: give
// each the next free number of its record). `--check` only reports. Then regenerate
// (`node scripts/generate.mjs`) and, when merging, move the branch's new entries to the end of the
// record they belong to with their new numbers.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * The old → new numbers of a decision-numbers.md table (`| D155 | [D31](decisions.md#…) | … |`).
 * @param {string} table
 * @returns {Map<number, string>}
 */
export function readNumberTable(table) {
  const map = new Map();
  for (const match of table.matchAll(/^\| D(\d+) \| \[([DE]\d+)\]/gm)) {
    map.set(Number(match[1]), match[2]);
  }
  return map;
}

/**
 * `D10`, `D11`, `E3` → `D10–D11, E3`: runs of one record are written as ranges.
 * @param {string[]} numbers
 */
function compress(numbers) {
  const runs = [];
  for (const number of numbers) {
    const letter = number[0];
    const value = Number(number.slice(1));
    const last = runs.at(-1);
    if (last && last.letter === letter && value === last.end + 1) last.end = value;
    else runs.push({ letter, start: value, end: value });
  }
  return runs
    .map(({ letter, start, end }) =>
      start === end ? `${letter}${start}` : `${letter}${start}–${letter}${end}`,
    )
    .join(', ');
}

/**
 * Every citation of an old number in `text`, renumbered in one pass (so D12→D7 never meets a later
 * D7→D3). Unknown numbers are left as they are and listed in `unknown`.
 * @param {string} text
 * @param {Map<number, string>} map old number → `D…` or `E…`
 * @returns {{ text: string, unknown: string[] }}
 */
export function renumber(text, map) {
  const unknown = [];
  const lookup = (number) => {
    const found = map.get(Number(number));
    if (found === undefined) unknown.push(`D${number}`);
    return found;
  };
  // Numbers already rewritten by an earlier step are marked so the next step skips them (a
  // private-use character, which no source holds).
  const MARK = '\uE000';
  const single = new RegExp(`(?<!${MARK})\\bD(\\d{1,3})\\b`, 'g');
  const out = text
    .replace(/decisions\.md#d(\d+)-/g, (all, number) => {
      const found = lookup(number);
      if (found === undefined) return all;
      const file = found[0] === 'D' ? 'decisions.md' : 'engineering-log.md';
      return `${file}#${MARK}${found.toLowerCase()}-`;
    })
    .replace(/\bD(\d{1,3})([–-])D(\d{1,3})\b/g, (all, from, _dash, to) => {
      const olds = [...map.keys()]
        .filter((number) => number >= Number(from) && number <= Number(to))
        .sort((a, b) => a - b);
      if (!map.has(Number(from)) || !map.has(Number(to))) {
        lookup(from);
        lookup(to);
        return all;
      }
      return compress(olds.map((number) => map.get(number))).replace(/\b([DE]\d)/g, `${MARK}$1`);
    })
    .replace(single, (all, number) => lookup(number) ?? all)
    .replaceAll(MARK, '');
  const numbers = [...new Set(unknown)].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  return { text: out, unknown: numbers };
}

/** `--map D185=D127,D186=E34` → entries to add to the table. */
function extraNumbers(argv) {
  const at = argv.indexOf('--map');
  if (at === -1) return [];
  return (argv[at + 1] ?? '').split(',').map((pair) => {
    const match = /^D(\d+)=([DE]\d+)$/.exec(pair.trim());
    if (!match) throw new Error(`--map takes D<old>=D<new> or D<old>=E<new> pairs, not "${pair}"`);
    return [Number(match[1]), match[2]];
  });
}

function main(argv) {
  // Run twice, the numbers would move again: D12 → D7 → D3. A checkout with the engineering log
  // already has the new numbers.
  if (existsSync('docs/engineering-log.md')) {
    console.error(
      'This checkout already has docs/engineering-log.md: its numbers are the new ones.',
    );
    return 1;
  }
  const table = readFileSync(new URL('../docs/decision-numbers.md', import.meta.url), 'utf8');
  const map = new Map([...readNumberTable(table), ...extraNumbers(argv)]);
  const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
    .split('\n')
    .filter(
      (file) =>
        file !== '' &&
        !file.includes('/generated/') &&
        !file.endsWith('package-lock.json') &&
        file !== 'docs/decision-numbers.md',
    );
  const changes = [];
  const unknown = new Map();
  for (const file of files) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // listed but deleted in the work tree
    }
    if (text.includes('\0')) continue;
    const result = renumber(text, map);
    for (const number of result.unknown)
      unknown.set(number, [...(unknown.get(number) ?? []), file]);
    if (result.text !== text) changes.push([file, result.text]);
  }
  if (unknown.size > 0) {
    for (const [number, where] of unknown) {
      console.error(
        `${number}: not in docs/decision-numbers.md (${[...new Set(where)].join(', ')})`,
      );
    }
    console.error('Nothing written: give each new number with --map D<old>=D<new> or E<new>.');
    return 1;
  }
  if (!argv.includes('--check')) for (const [file, text] of changes) writeFileSync(file, text);
  console.log(`${argv.includes('--check') ? 'Would rewrite' : 'Rewrote'} ${changes.length} files.`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = main(process.argv.slice(2));
}

// The fenced code blocks of the guides and READMEs, as a reader copies them. `npm run docs`
// type-checks their `ts` blocks (scripts/docs.mjs); scripts/test/doc-blocks.test.ts runs or
// compares others with what the repository runs, and checks every command that names a package
// for one of the packages' executables (`npx -p @msgsvc/mock-server msgsvc-mock`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The project's records quote what was true when they were written; nobody copies from them. */
const RECORDS = ['docs/decisions.md', 'docs/engineering-log.md'];

/** The pages a reader copies from: the guides and every README (not the records), relative to `root`. */
export function readerPages(root) {
  return [
    ...readdirSync(join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
    'README.md',
    'examples/README.md',
    'examples/setups/README.md',
    ...readdirSync(join(root, 'packages')).map((name) => `packages/${name}/README.md`),
  ].filter((file) => !RECORDS.includes(file) && existsSync(join(root, file)));
}

/**
 * Every fenced block of a Markdown file (relative to `root`): `{ file, line, lang, info, source }`,
 * `line` being the opening fence's (1-based), `lang` the info string's first word and `info` the
 * rest (`ts unchecked` is a `ts` block the type check skips).
 */
export function docBlocks(root, file) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\S*)\s*(.*)$/.exec(lines[i]);
    if (fence === null) continue;
    const end = lines.indexOf('```', i + 1);
    if (end === -1) break;
    blocks.push({
      file,
      line: i + 1,
      lang: fence[1],
      info: fence[2].trim(),
      source: `${lines.slice(i + 1, end).join('\n')}\n`,
    });
    i = end;
  }
  return blocks;
}

/** The package that provides each executable: `msgsvc-mock` → `@msgsvc/mock-server`. */
export function executables(root) {
  const found = new Map();
  for (const name of readdirSync(join(root, 'packages'))) {
    let pkg;
    try {
      pkg = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    const bins = typeof pkg.bin === 'string' ? { [pkg.name]: pkg.bin } : (pkg.bin ?? {});
    for (const bin of Object.keys(bins)) found.set(bin, pkg.name);
  }
  return found;
}

/**
 * The package named with an executable, in a shell command or an argument list:
 * `npx -p @msgsvc/x msgsvc-y`, `npm exec --package=@msgsvc/x -- msgsvc-y`,
 * `["npx", "-p", "@msgsvc/x", "msgsvc-y"]`.
 */
const NAMED_WITH =
  /(?:-p|--package)[\s=,"']+(@msgsvc\/[\w-]+)(?:@[\w.^~-]+)?[\s,"']+(?:--[\s,"']+)?(msgsvc-[\w-]+)/g;

/**
 * Each line of `text` that runs one of the packages' executables from a package that does not
 * provide it, as `{ line, bin, named, provider }`.
 */
export function wrongPackageCommands(text, bins) {
  const problems = [];
  text.split('\n').forEach((content, index) => {
    for (const [, named, bin] of content.matchAll(NAMED_WITH)) {
      const provider = bins.get(bin);
      if (provider !== undefined && provider !== named) {
        problems.push({ line: index + 1, bin, named, provider });
      }
    }
  });
  return problems;
}

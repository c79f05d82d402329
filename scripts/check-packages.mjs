#!/usr/bin/env node
// The packages as npm will publish them: builds all four, packs each into .reports/packages/, then
// checks the tarballs (not the folders) with
//   - the manifest rules of this project: `exports` conditions with `types` first, `sideEffects:
//     false`, `engines`, `license`, a README, no placeholder URL (a field is omitted rather than
//     faked), runtime dependencies as caret ranges (users' installs dedupe them and take security
//     fixes; the lockfile keeps this repository exact), dev dependencies exact, and each dependency
//     on another of our packages at that package's own version (so the tarballs install together, E2);
//   - publint --strict (warnings fail too);
//   - @arethetypeswrong/cli with its default profile: every entry's types and JavaScript resolve
//     under node10, node16 (from ESM and from CJS) and bundler.
// scripts/pack-smoke.mjs then installs the same tarballs. `npm test` runs both.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runCommand } from './run-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Where the tarballs go (gitignored). */
export const PACK_DIR = join(root, '.reports', 'packages');
/** The published packages, in dependency order. */
export const PACKAGES = ['sdk', 'mock', 'verify', 'mock-server'];

const manifest = (dir) =>
  JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));

/**
 * Each package's build waits for the builds whose declarations it reads (through its workspace
 * link to their `dist/`); builds that do not wait on each other run side by side, as do the packs
 * and every tarball's checks. On a busy machine (the gate runs other steps beside this one, E72)
 * more processes also mean a larger share of the cores for the step everything else waits on.
 */
const BUILD_AFTER = { sdk: [], mock: ['sdk'], verify: ['sdk'], 'mock-server': ['mock', 'verify'] };

/** Runs a command to its end; rejects on a non-zero status when `check`. */
async function run(command, args, { cwd = root, quiet = true, check = true } = {}) {
  const result = await runCommand(command, args, { cwd });
  if (!quiet) process.stdout.write(`${result.stdout}${result.stderr}`);
  if (check && result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) exited ${result.status}:\n${result.stdout}${result.stderr}`,
    );
  }
  return result;
}

/** Builds the packages and packs them; resolves with `{ name, version, tarball }` for each. */
export async function buildAndPack({ quiet = false } = {}) {
  const built = new Map();
  const build = (dir) => {
    let done = built.get(dir);
    if (done === undefined) {
      done = Promise.all(BUILD_AFTER[dir].map(build)).then(() =>
        run('npx', ['tsup', '--silent'], { cwd: join(root, 'packages', dir), quiet }),
      );
      built.set(dir, done);
    }
    return done;
  };
  await Promise.all(PACKAGES.map(build));
  rmSync(PACK_DIR, { recursive: true, force: true });
  mkdirSync(PACK_DIR, { recursive: true });
  return Promise.all(
    PACKAGES.map(async (dir) => {
      const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', PACK_DIR], {
        cwd: join(root, 'packages', dir),
      });
      const [info] = JSON.parse(stdout);
      return {
        dir,
        name: info.name,
        version: info.version,
        tarball: join(PACK_DIR, info.filename),
        files: info.files.map((file) => file.path),
        size: info.size,
      };
    }),
  );
}

function checkManifest(dir, packed, versions) {
  const pkg = manifest(dir);
  const problems = [];
  // Only an entry that installs something on import (the vitest and Jest matchers) may have side
  // effects.
  const effects = pkg.sideEffects;
  if (
    effects !== false &&
    !(
      Array.isArray(effects) &&
      effects.every((file) => /^\.\/dist\/(vitest|jest)\.c?js$/.test(file))
    )
  ) {
    problems.push(
      'sideEffects must be false (or list only the vitest and jest entries, which install matchers)',
    );
  }
  if (typeof pkg.engines?.node !== 'string') problems.push('engines.node is missing');
  if (typeof pkg.license !== 'string') problems.push('license is missing');
  for (const url of placeholderUrls(pkg)) problems.push(`placeholder URL ${url}: omit the field`);
  if (pkg.type !== 'module') problems.push('type must be "module"');
  if (!packed.files.includes('README.md')) problems.push('README.md is not in the tarball');
  // Every condition object that points at JavaScript names its types, first.
  const walk = (value, path) => {
    if (value === null || typeof value !== 'object') return;
    const keys = Object.keys(value);
    const pointsAtJs = Object.values(value).some(
      (v) => typeof v === 'string' && /\.[cm]?js$/.test(v),
    );
    if (pointsAtJs && keys[0] !== 'types') problems.push(`exports${path}: "types" must come first`);
    for (const key of keys) walk(value[key], `${path}["${key}"]`);
  };
  walk(pkg.exports, '');
  for (const [name, range] of Object.entries(pkg.dependencies ?? {})) {
    if (versions.has(name)) {
      if (range !== versions.get(name)) {
        problems.push(`depends on ${name} ${range}, but that package is ${versions.get(name)}`);
      }
    } else if (!CARET.test(range)) {
      problems.push(`dependency ${name} ${range}: a runtime dependency takes a caret range`);
    }
  }
  for (const [name, range] of Object.entries(pkg.devDependencies ?? {})) {
    if (!EXACT.test(range)) problems.push(`devDependency ${name} ${range}: pin it exactly`);
  }
  return problems;
}

const CARET = /^\^\d+\.\d+\.\d+$/;
const EXACT = /^\d+\.\d+\.\d+(-[\w.]+)?$/;
/** Hosts that stand for "no real address": a manifest omits the field instead. */
const PLACEHOLDER = /\b(example\.(invalid|com|org|net)|localhost|your-?org|TODO)\b/i;

/** Every URL-like string of a manifest that points nowhere. */
function placeholderUrls(pkg) {
  const found = [];
  const walk = (value) => {
    if (typeof value === 'string') {
      if (/^(git\+)?https?:|^git:/.test(value) && PLACEHOLDER.test(value)) found.push(value);
    } else if (value !== null && typeof value === 'object') {
      for (const inner of Object.values(value)) walk(inner);
    }
  };
  walk({
    repository: pkg.repository,
    homepage: pkg.homepage,
    bugs: pkg.bugs,
    funding: pkg.funding,
  });
  return found;
}

/** The root manifest's dev dependencies are pinned exactly (the published ones have none). */
function checkRootManifest() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return Object.entries(pkg.devDependencies ?? {})
    .filter(([, range]) => !EXACT.test(range))
    .map(([name, range]) => `devDependency ${name} ${range}: pin it exactly`);
}

/** publint and attw on one tarball, side by side; resolves with what to print and the failures. */
async function checkTarball(pkg, versions) {
  const [publint, attw] = await Promise.all([
    run('npx', ['publint', 'run', pkg.tarball, '--strict'], { check: false }),
    run('npx', ['attw', pkg.tarball, '--format', 'table-flipped'], { check: false }),
  ]);
  const lines = [
    `\n${pkg.name}@${pkg.version}: ${pkg.files.length} files, ${(pkg.size / 1024).toFixed(0)} kB packed`,
  ];
  const failures = [];
  const problems = checkManifest(pkg.dir, pkg, versions);
  for (const problem of problems) lines.push(`  manifest: ${problem}`);
  if (problems.length > 0) failures.push(`${pkg.name} manifest`);
  else lines.push('  manifest: ok');
  const lint = `${publint.stdout}${publint.stderr}`
    .split('\n')
    .filter(
      (line) => line.trim() !== '' && !/^(Running publint|Unpacking|Linting|npm warn)/.test(line),
    );
  lines.push(`  publint: ${lint.join('\n  ')}`);
  if (publint.status !== 0) failures.push(`${pkg.name} publint`);
  lines.push(
    `  attw:\n${`${attw.stdout}${attw.stderr}`
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('npm warn'))
      .map((line) => `    ${line}`)
      .join('\n')}`,
  );
  if (attw.status !== 0) failures.push(`${pkg.name} attw`);
  return { lines, failures };
}

async function main() {
  const started = performance.now();
  const packed = await buildAndPack();
  const versions = new Map(packed.map((p) => [p.name, p.version]));
  const failures = [];
  const rootProblems = checkRootManifest();
  for (const problem of rootProblems) console.log(`package.json: ${problem}`);
  if (rootProblems.length > 0) failures.push('root manifest');
  // Checked side by side, printed in the packages' order.
  for (const checked of await Promise.all(packed.map((pkg) => checkTarball(pkg, versions)))) {
    console.log(checked.lines.join('\n'));
    failures.push(...checked.failures);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (failures.length > 0) {
    console.log(`\nPackage checks failed (${seconds} s): ${failures.join(', ')}`);
    process.exit(1);
  }
  console.log(`\nPackage checks passed in ${seconds} s; tarballs in ${PACK_DIR}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();

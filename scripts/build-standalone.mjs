#!/usr/bin/env node
// The standalone `msgsvc-mock`: the server, its CLI, the inspector page and the verify kit compiled
// with Bun's `bun build --compile` into one executable that needs neither Node nor this repository
// (issue 24, E42). The npm package leaves the kit to be installed beside it (an optional peer); a
// single file can find no installed package, so here Bun follows the CLI's
// `import('@msgsvc/verify')` to the kit's sources and compiles it in: `verify` and `proxy` work.
// Bun comes from runtimes/package.json and its lockfile (installed on first use, as
// scripts/runtimes.mjs does). The sources are bundled through the root tsconfig's `paths`, so no
// package needs building first.
//
//   node scripts/build-standalone.mjs                        .reports/standalone/msgsvc-mock
//   node scripts/build-standalone.mjs --target bun-linux-arm64 --outfile out/msgsvc-mock-arm64
//
// A `--target` other than this machine's makes Bun fetch that platform's runtime from the network.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the executable is written unless told otherwise (ignored by git, with the reports). */
export const STANDALONE_OUTFILE = join(root, '.reports', 'standalone', 'msgsvc-mock');
/** The Bun binary the build uses (runtimes/package.json pins its version). */
export const BUN = join(root, 'runtimes', 'node_modules', 'bun', 'bin', 'bun.exe');

/**
 * Builds the executable and returns its path, size in bytes and build time in seconds. `cwd` is the
 * tree to build (default this checkout; the release dry run builds its versioned copy).
 *
 * @param {{ outfile?: string, target?: string, cwd?: string }} [options]
 */
export function buildStandalone({ outfile = STANDALONE_OUTFILE, target, cwd = root } = {}) {
  installBun();
  mkdirSync(dirname(outfile), { recursive: true });
  const started = performance.now();
  const result = spawnSync(
    BUN,
    [
      'build',
      'packages/mock-server/src/bin.ts',
      '--compile',
      `--outfile=${outfile}`,
      // Bytecode halves the time to the listening line (about 60 ms instead of 125 ms here).
      '--bytecode',
      '--minify',
      // Error names stay readable in the one-line reports the CLI prints.
      '--keep-names',
      // A mock must behave the same in every folder: it reads no .env nor bunfig.toml of whatever
      // directory it is started from (its configuration is its flags and MSGSVC_* variables).
      '--no-compile-autoload-dotenv',
      '--no-compile-autoload-bunfig',
      ...(target === undefined ? [] : [`--target=${target}`]),
    ],
    { cwd, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new Error(`bun build --compile failed:\n${result.stdout}${result.stderr}`);
  }
  return {
    path: outfile,
    bytes: statSync(outfile).size,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Installs runtimes/ from its lockfile when Bun is missing (a fresh clone after `npm ci`). */
function installBun() {
  if (existsSync(BUN)) return;
  console.log('runtimes/node_modules is missing: installing it (npm ci --prefix runtimes)…');
  const install = spawnSync('npm', ['ci', '--prefix', 'runtimes', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (install.status !== 0 || !existsSync(BUN)) {
    throw new Error('`npm ci --prefix runtimes` did not install Bun; see above.');
  }
}

/** `12.3 MB`. */
export function megabytes(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { outfile: { type: 'string' }, target: { type: 'string' } },
  });
  const built = buildStandalone({
    ...(values.outfile === undefined ? {} : { outfile: resolve(values.outfile) }),
    ...(values.target === undefined ? {} : { target: values.target }),
  });
  console.log(
    `built ${built.path}: ${megabytes(built.bytes)} in ${built.seconds.toFixed(1)} s (bun build --compile)`,
  );
}

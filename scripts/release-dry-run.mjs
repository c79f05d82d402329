#!/usr/bin/env node
// The release as it would happen, without touching this checkout or the registry: copies the
// committed files into a temporary folder, runs `changeset version` there (the pending changesets
// become versions and changelogs), then `npm publish --dry-run` for every package with its built
// `dist/`. Fails when a changeset does not apply, when the versioned manifests break a rule of
// scripts/check-packages.mjs (each dependency on another of our packages at that package's new
// version), or when
// npm refuses to publish (E4). `npm test` runs it; it needs the packages built
// (scripts/check-packages.mjs builds them first, or this script builds any that are missing).
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildStandalone, megabytes } from './build-standalone.mjs';
import { PACKAGES } from './check-packages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();

for (const dir of PACKAGES) {
  if (!existsSync(join(root, 'packages', dir, 'dist'))) {
    execFileSync('npx', ['tsup', '--silent'], {
      cwd: join(root, 'packages', dir),
      stdio: 'inherit',
    });
  }
}

const copy = mkdtempSync(join(tmpdir(), 'msgsvc-release-'));
try {
  // The committed tree (plus uncommitted edits to tracked files), never ignored output.
  const files = execFileSync('git', ['ls-files', '-z', '--cached'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(root, file)));
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  for (const dir of PACKAGES) {
    cpSync(join(root, 'packages', dir, 'dist'), join(copy, 'packages', dir, 'dist'), {
      recursive: true,
    });
  }

  const pending = files.filter((file) => /^\.changeset\/(?!README).*\.md$/.test(file));
  console.log(`changeset version: ${pending.length} pending changeset(s)`);
  execFileSync(join(root, 'node_modules', '.bin', 'changeset'), ['version'], {
    cwd: copy,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, CI: 'true' },
  });

  const versions = Object.fromEntries(
    PACKAGES.map((dir) => {
      const pkg = JSON.parse(readFileSync(join(copy, 'packages', dir, 'package.json'), 'utf8'));
      return [dir, pkg];
    }),
  );
  const problems = [];
  const byName = new Map(Object.values(versions).map((pkg) => [pkg.name, pkg.version]));
  for (const pkg of Object.values(versions)) {
    for (const [name, range] of Object.entries(pkg.dependencies ?? {})) {
      if (byName.has(name) && range !== byName.get(name)) {
        problems.push(
          `${pkg.name} ${pkg.version} depends on ${name} ${range}, but it becomes ${byName.get(name)}`,
        );
      }
    }
  }
  for (const dir of PACKAGES) {
    const pkg = versions[dir];
    if (pkg.version === '0.0.0') problems.push(`${pkg.name} was not versioned`);
    if (!existsSync(join(copy, 'packages', dir, 'CHANGELOG.md'))) {
      problems.push(`${pkg.name} has no CHANGELOG.md`);
    }
    console.log(`\nnpm publish --dry-run ${pkg.name}@${pkg.version}`);
    const out = execFileSync(
      'npm',
      ['publish', '--dry-run', '--json', '--access', 'public', '--tag', 'dry-run'],
      {
        cwd: join(copy, 'packages', dir),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const report = JSON.parse(out.slice(out.indexOf('{')));
    const info = report[pkg.name] ?? report;
    console.log(
      `  ${info.filename}: ${info.entryCount} files, ${(info.size / 1024).toFixed(0)} kB packed`,
    );
    if (!info.files?.some((file) => file.path === 'dist/index.js')) {
      problems.push(`${pkg.name}: the tarball has no dist/index.js`);
    }
  }
  // The release's other artifact: the standalone executable (E42), built from the versioned copy
  // (so its `/__mock/health` reports the version being released).
  try {
    const standalone = buildStandalone({
      cwd: copy,
      outfile: join(copy, 'standalone', 'msgsvc-mock'),
    });
    const version = await standaloneVersion(standalone.path);
    console.log(
      `\nstandalone msgsvc-mock (bun build --compile): ${megabytes(standalone.bytes)}, reports ${version}`,
    );
    if (version !== versions['mock-server'].version) {
      problems.push(
        `the standalone executable reports ${version}, not ${versions['mock-server'].version}`,
      );
    }
  } catch (error) {
    problems.push(`the standalone executable did not build: ${error.message}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (problems.length > 0) {
    for (const problem of problems) console.log(`✗ ${problem}`);
    console.log(`Release dry run failed (${seconds} s)`);
    process.exitCode = 1;
  } else {
    console.log(`\nRelease dry run passed in ${seconds} s (nothing was published)`);
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}

/** The version `GET /__mock/health` of the executable reports. */
async function standaloneVersion(executable) {
  const server = spawn(executable, ['serve', '--port', '0', '--json'], {
    cwd: tmpdir(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [line] = await once(createInterface({ input: server.stdout }), 'line');
    const health = await fetch(JSON.parse(line).health_url).then((response) => response.json());
    return health.version;
  } finally {
    server.kill('SIGTERM');
  }
}

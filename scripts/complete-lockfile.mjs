#!/usr/bin/env node
// Completes package-lock.json with the platform-specific optional packages that `npm install`
// leaves out on this machine (it records only the host's, e.g. @esbuild/linux-x64) but that
// `npm ci` insists on finding (npm/cli#4828, #8805). Each missing entry gets its version and its
// os/cpu/libc from `npm view`, so `npm ci` skips it on other platforms. Run after changing
// dependencies: `npm run lockfile`. `--check` only reports (exit 1 when entries are missing).
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const check = process.argv.includes('--check');
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages;

// Where npm would look for `name` from the package at `parentPath`: nested, then each ancestor.
function resolvePath(parentPath, name) {
  let base = parentPath;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

const missing = new Map();
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolvePath(path, name)) continue;
    // Hoist to the top unless another version already sits there.
    const top = `node_modules/${name}`;
    const target = packages[top] ? `${path}/node_modules/${name}` : top;
    if (!missing.has(target)) missing.set(target, { name, range, dev: entry.dev === true });
  }
}

if (missing.size === 0) {
  console.log('package-lock.json: every optional platform package is recorded.');
  process.exit(0);
}
if (check) {
  console.error(
    `package-lock.json lacks ${missing.size} optional packages; run \`npm run lockfile\`.`,
  );
  process.exit(1);
}

async function describe({ name, range }) {
  try {
    const { stdout } = await run('npm', [
      'view',
      `${name}@${range}`,
      'version',
      'os',
      'cpu',
      'libc',
      '--json',
    ]);
    const data = JSON.parse(stdout);
    const meta = Array.isArray(data) ? data[data.length - 1] : data;
    return typeof meta === 'string' ? { version: meta } : meta;
  } catch {
    // Not on this registry (some platforms' builds are not mirrored): record the requested
    // version; npm ci then skips it as an optional package it cannot fetch.
    return { version: range.replace(/^[\^~=]/, '') };
  }
}

const entries = [...missing];
const described = [];
for (let i = 0; i < entries.length; i += 8) {
  described.push(...(await Promise.all(entries.slice(i, i + 8).map(([, dep]) => describe(dep)))));
}
entries.forEach(([path, dep], i) => {
  const meta = described[i];
  const entry = { version: meta.version };
  for (const field of ['cpu', 'os', 'libc']) if (meta[field]) entry[field] = [meta[field]].flat();
  if (dep.dev) entry.dev = true;
  entry.optional = true;
  packages[path] = entry;
});
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: recorded ${missing.size} optional platform packages.`);

#!/usr/bin/env node
// `npm run bench`: each suite in its own process (a clean heap for memory figures), in order.
// Figures are ratios against floors measured in the same run; absolute times are for context.
// `npm run bench -- <suite>` runs one suite (`mock-engine`, `cold-start`…); any other argument is
// handed to every suite (`npm run bench -- million` runs only that part of the engine suite).
import { spawnSync } from 'node:child_process';

const suites = [
  'bench/mock-engine.ts',
  'bench/mock-guarantees.ts',
  'bench/sdk-overhead.ts',
  'bench/server.ts',
  'bench/worlds.ts',
  'bench/proxy.ts',
  'bench/inspector.ts',
  'bench/cold-start.ts',
];
const only = process.argv[2];
const named = suites.filter((suite) => suite === `bench/${only}.ts`);
const selected = named.length > 0 ? named : suites;
const forwarded = named.length > 0 || only === undefined ? [] : [only];
// The SDK suite and the cold start measure the built packages (what users run); build them first.
const build = (cwd) => {
  const result = spawnSync('npx', ['tsup', '--silent'], { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(1);
};
build('packages/sdk');
if (selected.includes('bench/cold-start.ts')) build('packages/mock');
let failed = false;
for (const suite of selected) {
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=8000', '--import', 'tsx', suite, ...forwarded],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

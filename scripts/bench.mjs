#!/usr/bin/env node
// `npm run bench`: each suite in its own process (a clean heap for memory figures), in order.
// Figures are ratios against floors measured in the same run; absolute times are for context.
import { spawnSync } from 'node:child_process';

const suites = [
  'bench/mock-engine.ts',
  'bench/mock-guarantees.ts',
  'bench/sdk-overhead.ts',
  'bench/server.ts',
  'bench/proxy.ts',
  'bench/inspector.ts',
];
const only = process.argv[2];
// The SDK suite measures the built package (what users run); build it first.
spawnSync('npx', ['tsup', '--silent'], { cwd: 'packages/sdk', stdio: 'inherit' });
let failed = false;
for (const suite of suites) {
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=8000', '--import', 'tsx', suite, ...(only ? [only] : [])],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

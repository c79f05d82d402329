#!/usr/bin/env node
// `npm start [-- flags]`: the mock server with the demo world (`msgsvc-mock serve`), run from the
// TypeScript sources through tsx, so a fresh clone needs `npm install` and nothing else (no build;
// tsx resolves @msgsvc/sdk to its sources through tsconfig.json `paths`). Flags are passed on:
// `npm start -- --port 0 --json`, `npm start -- --world examples/world.example.json`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'packages/mock/src/bin.ts', 'serve', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);

// Ctrl+C reaches the whole process group: let the server stop itself and exit with its code.
// A SIGTERM sent to this process alone is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));

#!/usr/bin/env node
// `npm start [-- flags]`: the mock server with the demo world (`msgsvc-mock serve`), from the
// TypeScript sources: the package's bin launcher runs them through tsx in a checkout, so a fresh
// clone needs `npm install` and nothing else. It runs in this process — no child to pass signals
// on to — and stops on SIGINT or SIGTERM, or when npm goes (D78).
//
// Flags are passed on: `npm start -- --port 0 --json`. For scripts reading the JSON line, use
// `npm start -s -- --json`: npm prints its own banner ("> start …") on stdout first unless silent
// (D79).
const args = process.argv.slice(2);
const underNpm = process.env.npm_lifecycle_event === 'start';
if (underNpm && args.includes('--json') && process.env.npm_config_loglevel !== 'silent') {
  process.stderr.write(
    'msgsvc-mock: npm printed its banner on stdout before the JSON line; run "npm start -s -- --json" to get the JSON line alone.\n',
  );
}
process.argv.splice(2, 0, 'serve');
await import('../packages/mock-server/bin/msgsvc-mock.js');

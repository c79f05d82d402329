#!/usr/bin/env node
// The `msgsvc-verify` executable (the package's `bin`, D77). It is committed, not built, so that
// `npm install` links it in a fresh checkout before anything is built. Installed from the
// registry, it runs the built CLI (`dist/cli.js`); in a checkout of the repository (the sources
// beside it), it runs those sources through tsx, so it is never a stale build.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const packageDir = new URL('../', import.meta.url);
const source = new URL('src/bin.ts', packageDir);

if (existsSync(fileURLToPath(source))) {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    process.stderr.write(
      'msgsvc-verify: running from a checkout needs its dev dependencies (tsx): run npm install.\n',
    );
    process.exit(1);
  }
  // The repository's tsconfig maps @msgsvc/sdk to its sources, wherever the command runs from.
  register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', packageDir)) });
  await import(source.href);
} else {
  await import(new URL('dist/cli.js', packageDir).href);
}

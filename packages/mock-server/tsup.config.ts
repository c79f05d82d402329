import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

// Never bundled: the service (@msgsvc/mock), the SDK and the verify kit (an optional peer, loaded
// by `msgsvc-mock verify` and `proxy` where it is installed) are packages of their own, shared
// with whatever else the user installs.
const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
];

export default defineConfig([
  {
    // The library: `startServer`, the typed control client, the state-file errors. ESM, CJS, types.
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    target: 'es2022',
    platform: 'node',
    external,
    splitting: true,
    clean: ['index.*', 'chunk-*'],
  },
  {
    // The `msgsvc-mock` executable: ESM for Node, keeping the entry's `#!/usr/bin/env node`. The
    // server is split into chunks loaded on demand (so `--help` answers at once), kept in their
    // own folder so that this build can clean them without touching the library's files.
    entry: { cli: 'src/bin.ts' },
    splitting: true,
    esbuildOptions(options) {
      options.chunkNames = 'cli-chunks/[name]-[hash]';
    },
    format: ['esm'],
    dts: false,
    sourcemap: true,
    platform: 'node',
    target: 'node20',
    external,
    clean: ['cli.*', 'cli-chunks'],
  },
]);

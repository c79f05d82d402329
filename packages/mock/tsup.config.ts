import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

// Never bundled: users share one copy of each dependency (and of msw, a peer).
const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
];

export default defineConfig([
  {
    // The library: ESM, CJS and types. Four entries (D82, D114): the service, its MSW handlers (the
    // only one that loads msw), the server and the vitest fixture and matchers (the only one that
    // loads vitest).
    entry: {
      index: 'src/index.ts',
      msw: 'src/msw/index.ts',
      server: 'src/server/index.ts',
      vitest: 'src/vitest/index.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    target: 'es2022',
    external,
    // Each config cleans only its own files: the two builds run side by side in one dist/.
    // Shared code in chunks, in both formats: one copy of the service whichever entries load.
    splitting: true,
    clean: ['index.*', 'msw.*', 'server.*', 'vitest.*', 'chunk-*'],
  },
  {
    // The `msgsvc-mock` executable: ESM for Node, keeping the entry's `#!/usr/bin/env node`. The
    // server is split into chunks loaded on demand (so `--help` answers at once), kept in their
    // own folder so that this build can clean them without touching the library's files.
    entry: { cli: 'src/server/bin.ts' },
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

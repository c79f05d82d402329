import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

// Never bundled: users share one copy of each dependency (and of msw, a peer)...
const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
  // The runners' modules the Jest entry names: Jest's module registry answers `@jest/globals` and
  // Bun `bun:test`; `expect` is only the module its matcher types augment.
  '@jest/globals',
  'bun:test',
  'expect',
];
// ...except what the service's entry needs and would otherwise load file by file at import (E17):
// zod/mini, tree-shaken to the validators the request schemas use, and the SDK's phone number
// normaliser with libphonenumber-js, whose hundred-odd modules cost more to load than to run.
// Both are stateless, so a private copy is invisible to users (the zod config is shared through
// globalThis anyway).
const bundled = [/^zod\/mini$/, '@msgsvc/sdk/phone', /^libphonenumber-js(\/|$)/];

/**
 * libphonenumber-js ships its metadata as a 150 kB object literal, which V8 must parse in full
 * when the module loads (most of a cold import). The same data as a string for `JSON.parse`
 * compiles in a fraction of the time and gives the same object (E17).
 */
const metadataAsJson: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'libphonenumber-metadata-as-json',
  setup(build) {
    build.onLoad({ filter: /libphonenumber-js[\\/]metadata\.\w+\.json(\.js)?$/ }, (args) => {
      const json = readFileSync(args.path.replace(/\.js$/, ''), 'utf8');
      // Checked here so that a differently shaped file fails the build, not a user's import.
      JSON.parse(json);
      return { contents: `export default JSON.parse(${JSON.stringify(json)});`, loader: 'js' };
    });
  },
};

export default defineConfig({
  // ESM, CJS and types. Five entries (D86, D110, D116): the service, its MSW handlers (the only one
  // that loads msw), the port for tools built on it (E36), the vitest fixture and matchers (the
  // only one that loads vitest) and the Jest hooks and matchers (which use the running Jest's).
  entry: {
    index: 'src/index.ts',
    jest: 'src/jest/index.ts',
    msw: 'src/msw/index.ts',
    port: 'src/port.ts',
    vitest: 'src/vitest/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  target: 'es2022',
  external,
  noExternal: bundled,
  esbuildPlugins: [metadataAsJson],
  // Shared code in chunks, in both formats: one copy of the service whichever entries load.
  splitting: true,
  clean: true,
});

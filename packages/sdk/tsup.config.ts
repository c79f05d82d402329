import { defineConfig } from 'tsup';

export default defineConfig({
  // Two entries so the phone metadata is only loaded by code that imports '@msgsvc/sdk/phone'.
  entry: ['src/index.ts', 'src/phone.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  // No runtime-specific shims or built-ins: the same files run on Node, Deno, Bun and edge.
  platform: 'neutral',
  // Never bundled, whatever package.json lists: users share one copy of the (large) metadata.
  external: ['libphonenumber-js'],
});

import { defineConfig } from 'tsup';

export default defineConfig({
  // Separate entries keep the client small: the helpers load only for code that imports
  // '@msgsvc/sdk/sms', '@msgsvc/sdk/webhooks', '@msgsvc/sdk/phone' (whose metadata is large) or
  // '@msgsvc/sdk/contract'.
  entry: ['src/index.ts', 'src/sms.ts', 'src/phone.ts', 'src/webhooks.ts', 'src/contract.ts'],
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

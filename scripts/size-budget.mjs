#!/usr/bin/env node
// The SDK's size budget: its built main entry, bundled with its dependencies (openapi-fetch) and
// minified, must stay within 10 kB gzipped. Code the entry loads only on first use (a dynamic
// `import()`, such as `campaigns.sendBulk`'s fan-out) is not counted: an application that never
// calls it never loads it, and its bundler splits it off. Builds the SDK first, unless `--built`
// says the build is there already (the release tier's package step builds every package once);
// prints the figure either way.
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const BUDGET = 10 * 1024;
if (!process.argv.includes('--built')) {
  execFileSync('npx', ['tsup', '--silent'], { cwd: 'packages/sdk', stdio: 'inherit' });
}
const result = await build({
  entryPoints: ['packages/sdk/dist/index.js'],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'neutral',
  write: false,
  plugins: [
    {
      name: 'on-demand-chunks-stay-out',
      setup(build) {
        build.onResolve({ filter: /.*/ }, (args) =>
          args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
});
const bytes = gzipSync(result.outputFiles[0].contents, { level: 9 }).length;
const verdict = bytes <= BUDGET ? 'within' : 'OVER';
console.log(`@msgsvc/sdk main entry: ${bytes} bytes min+gz, ${verdict} the ${BUDGET}-byte budget.`);
process.exit(bytes <= BUDGET ? 0 : 1);

import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * One vitest project per part of the repository, so the inner loop can run one of them:
 * `npm run test:unit -- --project mock`, `npm run test:watch -- --project sdk`.
 */
/** The verify kit's mutation run (E43): minutes of CPU, so a project of its own. */
const MUTATION_RUN = 'packages/verify/test/verify/mutation.test.ts';
/** The inspector's tests (its page in Chromium, its API): a project of their own. */
const INSPECTOR = 'packages/mock-server/test/inspector*.test.ts';
/** The built docs site's test: it needs `npm run docs` first, so the release tier runs it. */
const DOCS_SITE = 'scripts/test/docs-site.test.ts';
/** Bundles the CLI once for the tests that start it as a process (E69). */
const CLI_BUNDLE = 'packages/mock-server/test/support/cli-bundle.global.ts';

const PROJECTS = {
  openapi: { include: ['openapi/test/**/*.test.ts'], types: ['openapi/test/**/*.test-d.ts'] },
  sdk: {
    include: ['packages/sdk/test/**/*.test.ts', 'packages/sdk/src/**/*.test.ts'],
    types: ['packages/sdk/test/**/*.test-d.ts'],
  },
  mock: {
    include: ['packages/mock/test/**/*.test.ts', 'packages/mock/src/**/*.test.ts'],
    types: ['packages/mock/test/**/*.test-d.ts'],
  },
  'mock-server': {
    include: ['packages/mock-server/test/**/*.test.ts'],
    exclude: [INSPECTOR],
    types: ['packages/mock-server/test/**/*.test-d.ts'],
    globalSetup: [CLI_BUNDLE],
  },
  // The inspector's tests, most of them in Chromium: a process of their own in the gate (E72).
  inspector: { include: [INSPECTOR], types: [], globalSetup: [CLI_BUNDLE] },
  verify: {
    include: ['packages/verify/test/**/*.test.ts'],
    exclude: [MUTATION_RUN],
    types: [],
    globalSetup: [CLI_BUNDLE],
  },
  // The gate runs it in a process of its own, and `--project verify` stays quick.
  mutation: { include: [MUTATION_RUN], types: [] },
  // examples/setups/ are projects of their own, each run by its runner (scripts/setups.mjs).
  examples: { include: ['examples/**/*.test.ts'], exclude: ['examples/setups/**'], types: [] },
  // The repository's own rules: layers, circles, package boundaries, the records.
  docs: { include: ['scripts/test/**/*.test.ts'], exclude: [DOCS_SITE], types: [] },
  // The built documentation site in Chromium; the release tier builds it (scripts/docs.mjs) first.
  site: { include: [DOCS_SITE], types: [] },
} as const;

/**
 * A handful of the mock's and the SDK's usage tests again, each file in a vm context of its own
 * (`pool: 'vmThreads'`): its globals are another realm than the one Node's `Request` and promises
 * come from, as under Jest or vitest's vm pools, where an `instanceof` on a platform type answers
 * false (D114).
 */
const REALM = [
  'packages/mock/test/send-message.test.ts',
  'packages/mock/test/send-batch.test.ts',
  'packages/mock/test/idempotency.test.ts',
  'packages/mock/test/mock-client.test.ts',
  'packages/mock/test/vitest/fixture.test.ts',
  'packages/mock/test/vitest/matchers.test.ts',
  'packages/mock/test/jest/jest-entry.test.ts',
  'packages/sdk/test/client.test.ts',
  'packages/sdk/test/errors.test.ts',
  'packages/mock/test/realm/vm-pool.realm-test.ts',
];

/**
 * Type tests (`*.test-d.ts`, checked by tsc over the whole project) run as vitest tests when
 * asked, with `--typecheck`, which `npm run test:unit` passes; `npm test` leaves them to its
 * typecheck step, whose tsc reads tsconfig.json and so every type test (E66). Without it a run of
 * one test file skips the ~15 s of tsc and answers in seconds (issue 23's inner loop, E38).
 */
const TYPECHECK = process.argv.includes('--typecheck');

export default defineConfig({
  // vitest's environment for DOM-environment tests (jsdom, happy-dom) keeps Vite's dependency scan,
  // which with no cache yet reads every HTML file under the root; the built docs site (`site/`,
  // hundreds of pages) has HTML it cannot parse, so fresh clones printed "Failed to run dependency
  // scan … Build failed with 2 errors". Tests import no HTML: nothing to scan (E67).
  environments: { __vitest_vm__: { optimizeDeps: { entries: [] } } },
  resolve: {
    // Tests run against the sources, never a stale build.
    alias: [
      { find: /^@msgsvc\/sdk\/contract$/, replacement: here('./packages/sdk/src/contract.ts') },
      { find: /^@msgsvc\/sdk\/phone$/, replacement: here('./packages/sdk/src/phone.ts') },
      { find: /^@msgsvc\/sdk\/sms$/, replacement: here('./packages/sdk/src/sms.ts') },
      { find: /^@msgsvc\/sdk\/webhooks$/, replacement: here('./packages/sdk/src/webhooks.ts') },
      { find: /^@msgsvc\/sdk$/, replacement: here('./packages/sdk/src/index.ts') },
      { find: /^@msgsvc\/mock\/jest$/, replacement: here('./packages/mock/src/jest/index.ts') },
      { find: /^@msgsvc\/mock\/msw$/, replacement: here('./packages/mock/src/msw/index.ts') },
      { find: /^@msgsvc\/mock\/port$/, replacement: here('./packages/mock/src/port.ts') },
      { find: /^@msgsvc\/mock\/vitest$/, replacement: here('./packages/mock/src/vitest/index.ts') },
      { find: /^@msgsvc\/mock$/, replacement: here('./packages/mock/src/index.ts') },
      { find: /^@msgsvc\/mock-server$/, replacement: here('./packages/mock-server/src/index.ts') },
      { find: /^@msgsvc\/verify$/, replacement: here('./packages/verify/src/index.ts') },
    ],
  },
  test: {
    // Every wait in a test is a guard against a hang, never a promise about speed (speed is the
    // bench's): a starved machine has held one event loop up for 2 s and taken most of 5 s to
    // start a node process. So a test fails as hung only after 30 s, and `expect.poll` (whose own
    // default gives up after 1 s) keeps asking for 15 s; a poll that passes still returns at once.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 15_000 } },
    pool: 'threads',
    // One module graph per worker, not per test file: isolated, each of the SDK half's 96 files
    // imported the SDK's and the mock's sources again, about 1 s of CPU per file (162 s of CPU for
    // that half, 61 s without; the server half 287 s and 175 s, E71). The tests restore what they
    // change (stubbed globals and env, fake timers, msw servers), and pass with their files
    // shuffled (`--sequence.shuffle.files`). The realm project keeps a context per file: that is
    // what it tests.
    isolate: false,
    // Transformed modules kept on disk between runs (node_modules/.experimental-vitest-cache), so one test file
    // answers in about 3 s instead of 5 (issue 23's inner loop, E66). Off in CI: a fresh clone has
    // nothing to reuse, and the gate's vitest processes would only race to write it.
    experimental: { fsModuleCache: process.env.CI === undefined },
    projects: [
      ...Object.entries(PROJECTS).map(([name, { include, types, ...rest }]) => ({
        extends: true as const,
        test: {
          name,
          include: [...include],
          exclude: [...configDefaults.exclude, ...('exclude' in rest ? rest.exclude : [])],
          ...('globalSetup' in rest ? { globalSetup: [...rest.globalSetup] } : {}),
          typecheck: {
            enabled: TYPECHECK && types.length > 0,
            include: [...types],
            tsconfig: './tsconfig.json',
          },
        },
      })),
      {
        extends: true,
        test: {
          name: 'realm',
          include: REALM,
          pool: 'vmThreads',
          isolate: true,
          typecheck: { enabled: false },
        },
      },
    ],
  },
});

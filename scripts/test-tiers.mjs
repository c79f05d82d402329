// The steps of the two test tiers (scripts/test.mjs runs them): what each checks, the command,
// and the steps whose output it reads. scripts/test/test-tiers.test.ts holds every vitest project
// in exactly one tier, so a project added to vitest.config.ts cannot be left out of CI.

/**
 * One vitest run, reporting to its own JSON file so that runs side by side never share one.
 * Without `--typecheck`: the type tests (`*.test-d.ts`) are checked by the typecheck step, whose
 * tsc reads tsconfig.json and so every type test; a vitest run with it would compile most of the
 * project a second time.
 */
const vitest = (id, args) => ({
  report: `.reports/vitest-${id}.json`,
  command: [
    'npx',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=.reports/vitest-${id}.json`,
    ...args,
  ],
});

/**
 * Some vitest projects in a process of their own: vitest gives a 2-core machine one worker, so
 * a few processes keep both cores busy without running more tests at once in any of them.
 */
const projects = (id, names, after = []) => ({
  id,
  name: `tests (vitest: ${names.join(', ')})`,
  after,
  ...vitest(
    id,
    names.flatMap((project) => ['--project', project]),
  ),
});

/** The checks that read only the sources, besides the tests: lint, typecheck, generated code. */
const CHECKS = [
  { id: 'lint', name: 'lint (code)', command: ['npx', 'biome', 'check', '.'] },
  {
    id: 'lint-spec',
    name: 'lint (spec)',
    command: ['npx', 'redocly', 'lint', '--config', 'openapi/redocly.yaml', '--format=stylish'],
  },
  { id: 'typecheck', name: 'typecheck', command: ['npx', 'tsc', '-p', 'tsconfig.json'] },
  {
    id: 'unused',
    name: 'unused files, exports and dependencies (knip)',
    command: ['npx', 'knip', '--no-progress'],
  },
  {
    id: 'generated',
    name: 'generated code is fresh',
    command: ['node', 'scripts/generate.mjs', '--check'],
  },
  {
    id: 'lockfile',
    name: 'lockfile installs with npm ci',
    command: ['node', 'scripts/complete-lockfile.mjs', '--check'],
  },
];

/**
 * The per-change gate, longest first so that it starts at once and the short steps fill the gaps:
 * the server's and the inspector's tests (processes, Chromium, real sockets) and the rest. With
 * vitest arguments (`npm test -- <args>`), the checks and one vitest run with those arguments.
 */
export const gateSteps = (forwarded = []) =>
  forwarded.length === 0
    ? [
        projects('tests-inspector', ['inspector']),
        projects('tests-server', ['mock-server', 'verify']),
        projects('tests-sdk', ['openapi', 'sdk', 'mock', 'realm', 'examples', 'docs']),
        ...CHECKS,
      ]
    : [...CHECKS, { id: 'tests', name: 'tests (vitest)', ...vitest('tests', forwarded) }];

/** The release tier: the packages as npm ships them, and everything that runs them. */
export const RELEASE = [
  {
    id: 'packages',
    name: 'packages: build, pack, manifest, publint, attw',
    command: ['node', 'scripts/check-packages.mjs'],
  },
  {
    id: 'mutation',
    name: 'tests (vitest: the mutation run of the verify kit)',
    ...vitest('mutation', ['--project', 'mutation']),
  },
  {
    id: 'setups',
    name: 'setups: the tarballs under Jest (ts-jest, ESM, babel), vitest 3 and 4 (pools, jsdom, happy-dom), node:test and Bun',
    after: ['packages'],
    command: ['node', 'scripts/setups.mjs'],
  },
  {
    id: 'docs',
    name: 'docs site: TypeDoc (every export documented), Redocly, guides',
    command: ['node', 'scripts/docs.mjs'],
  },
  {
    ...projects('tests-site', ['site'], ['docs']),
    name: 'tests (vitest: the docs site in Chromium)',
  },
  {
    id: 'pack-smoke',
    name: 'packages: install the tarballs and use them',
    after: ['packages'],
    command: ['node', 'scripts/pack-smoke.mjs'],
  },
  {
    id: 'worlds',
    name: 'worlds: vitest threads, Jest and Playwright workers, Python threads on one server, a world per test; a shared-world control run',
    command: ['node', 'scripts/worlds-recipes.mjs'],
  },
  {
    id: 'runtimes',
    name: 'runtimes: the SDK smoke suite on Node 20, 22, 24, Bun, Deno and workerd; types under TS 5 and 7',
    after: ['packages'],
    command: ['node', 'scripts/runtimes.mjs'],
  },
  {
    id: 'release',
    name: 'release dry run: changeset version and npm publish --dry-run, on a copy',
    after: ['packages'],
    command: ['node', 'scripts/release-dry-run.mjs'],
  },
  {
    id: 'standalone',
    name: 'standalone: the msgsvc-mock executable (bun build --compile) passes verify with no node on PATH',
    command: ['node', 'scripts/standalone.mjs'],
  },
  {
    id: 'size',
    name: 'SDK size budget',
    after: ['packages'],
    command: ['node', 'scripts/size-budget.mjs', '--built'],
  },
];

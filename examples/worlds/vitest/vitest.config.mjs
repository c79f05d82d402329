// The worlds recipe under vitest (issue 24): worker threads, several files at once and the tests of
// each file concurrently, all against one `msgsvc-mock serve` (MSGSVC_MOCK_URL), each test in a
// world of its own. scripts/worlds-recipes.mjs runs it.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.worlds.test.mjs'],
    pool: 'threads',
    maxWorkers: 4,
    fileParallelism: true,
    testTimeout: 30_000,
  },
});

// Four Playwright workers, every test of every file in parallel: the way a Playwright suite that
// was forced down to one worker by a shared mock would like to run (issue 24).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.worlds.spec.mjs',
  workers: 4,
  fullyParallel: true,
  reporter: 'line',
  timeout: 30_000,
});

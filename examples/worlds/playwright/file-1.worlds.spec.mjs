// Playwright worker test file: four tests, each in a world of its own.
import { expect, test } from '@playwright/test';
import { testFromEnvironment } from '../scenario.mjs';

for (let i = 0; i < 4; i++) {
  test(`file-1 test ${i} sees only its own world`, async () => {
    expect(await testFromEnvironment(`playwright file-1-${i}`)).toEqual([]);
  });
}

// Jest worker test file: five tests at once, each in a world of its own.
import { expect, test } from '@jest/globals';
import { testFromEnvironment } from '../scenario.mjs';

for (let i = 0; i < 5; i++) {
  test.concurrent(`file-2 test ${i} sees only its own world`, async () => {
    expect(await testFromEnvironment(`jest file-2-${i}`)).toEqual([]);
  });
}

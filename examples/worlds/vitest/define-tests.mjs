// The tests of one file: six at once (`it.concurrent`), each in a world of its own.
import { expect, it } from 'vitest';
import { testFromEnvironment } from '../scenario.mjs';

/** Declares the file's tests; `file` makes each test's label unique across files. */
export function defineWorldTests(file) {
  for (let i = 0; i < 6; i++) {
    it.concurrent(`${file} test ${i} sees only its own world`, async () => {
      expect(await testFromEnvironment(`vitest ${file}-${i}`)).toEqual([]);
    });
  }
}

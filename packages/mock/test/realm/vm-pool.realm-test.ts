// Run only by the `realm` vitest project (pool: 'vmThreads', see vitest.config.ts): it checks that
// the project's files do run in a realm of their own, so its other files test what they claim.
import { expect, it } from 'vitest';

it("runs in a realm whose Promise is not the one Node's Request reads a body with", () => {
  const reading = new Request('http://realm.test/', { method: 'POST', body: 'x' }).arrayBuffer();
  expect(typeof reading.then).toBe('function');
  expect(reading instanceof Promise).toBe(false);
});

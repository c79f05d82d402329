// The mutation run lives in the release tier (minutes of CPU), but its anchors are read from the
// mock's sources: a refactor that moves or rewrites one must update mutations.ts, and the gate
// says so at once instead of the release tier an hour later.
import { expect, it } from 'vitest';
import { anchorProblems, MUTATIONS } from './mutations';

it('every mutation of the mutation run finds its text exactly once in the mock', () => {
  expect(MUTATIONS.length).toBeGreaterThanOrEqual(60);
  expect(anchorProblems()).toEqual([]);
});

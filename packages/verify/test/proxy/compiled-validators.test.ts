// The contract keeps each schema's compiled validator for the next exchange. Whatever it checked
// before, a reused contract must answer exactly as a fresh one that compiles the schema anew.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Contract } from '../../src/proxy/contract';

const POINTERS = [
  '/components/schemas/MessageListPage',
  '/components/schemas/SentMessage',
  '/components/parameters/Size/schema',
  '/components/parameters/MessageStatusFilter/schema',
];

// Bodies near the contract's shapes (so both valid and invalid answers occur), and anything.
const value = fc.oneof(
  fc.record(
    {
      id: fc.oneof(fc.uuid(), fc.string()),
      status: fc.constantFrom('DELIVERED', 'QUEUED', 'NOPE'),
      to: fc.string(),
      entries: fc.array(fc.record({ id: fc.uuid(), status: fc.string() }), { maxLength: 2 }),
      total: fc.oneof(fc.nat(), fc.string()),
      extra: fc.anything(),
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);

describe('the contract’s compiled validators', () => {
  it('answer as freshly compiled ones, whatever was checked before', () => {
    const reused = new Contract();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...POINTERS), value), { minLength: 1, maxLength: 6 }),
        (checks) => {
          for (const [pointer, body] of checks) {
            const fresh = new Contract();
            expect(reused.errors(pointer, body)).toEqual(fresh.errors(pointer, body));
            expect(reused.responseProblems(pointer, body)).toEqual(
              fresh.responseProblems(pointer, body),
            );
          }
        },
      ),
      { numRuns: 10 },
    );
  });
});

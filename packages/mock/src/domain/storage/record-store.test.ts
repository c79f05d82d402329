import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecordStore, type TenantRecord } from './record-store';

interface Row extends TenantRecord {
  readonly group: string | null;
}

const TENANTS = [
  ['org-a', 'live'],
  ['org-a', 'test'],
  ['org-b', 'live'],
] as const;

// A step adds one record (now) or restores a batch; a read looks one up by id or by group.
const step = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    tenant: fc.nat(2),
    group: fc.option(fc.constantFrom('g1', 'g2', 'g3')),
  }),
  fc.record({
    kind: fc.constant('load' as const),
    batch: fc.array(
      fc.record({ tenant: fc.nat(2), group: fc.option(fc.constantFrom('g1', 'g2', 'g3')) }),
      { maxLength: 6 },
    ),
  }),
  fc.record({ kind: fc.constant('get' as const), pick: fc.nat(), missing: fc.boolean() }),
  fc.record({
    kind: fc.constant('indexed' as const),
    tenant: fc.nat(2),
    group: fc.constantFrom('g1', 'g2', 'g3', 'none'),
  }),
);

describe('record store', () => {
  it('answers by id and by index exactly as a scan of every record added or restored', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const store = new RecordStore<Row, 'group'>({ group: (row) => row.group });
        const every: Row[] = [];
        let next = 0;
        const row = (tenant: number, group: string | null): Row => {
          const [organizationId, environment] = TENANTS[tenant]!;
          next++;
          return {
            id: `r${next}`,
            organizationId,
            environment,
            createdAt: next,
            updatedAt: next,
            group,
          };
        };
        for (const s of steps) {
          if (s.kind === 'add') {
            const added = row(s.tenant, s.group);
            every.push(added);
            store.add(added);
          } else if (s.kind === 'load') {
            const batch = s.batch.map((b) => row(b.tenant, b.group));
            every.push(...batch);
            store.load(batch);
          } else if (s.kind === 'get') {
            const id = s.missing || every.length === 0 ? 'r0' : every[s.pick % every.length]!.id;
            expect(store.get(id)).toBe(every.find((r) => r.id === id));
          } else {
            const [organizationId, environment] = TENANTS[s.tenant]!;
            const scanned = every.filter(
              (r) =>
                r.organizationId === organizationId &&
                r.environment === environment &&
                r.group === s.group,
            );
            expect(store.indexed('group', organizationId, environment, s.group)).toEqual(scanned);
          }
        }
        expect(store.size).toBe(every.length);
        for (const r of every) expect(store.get(r.id)).toBe(r);
      }),
      { numRuns: 300 },
    );
  });
});

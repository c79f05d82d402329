import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodeTable, type StatusStep, StepLog } from './step-log';

const STATUSES = ['PENDING', 'SENT', 'DELIVERED', 'FAILED'] as const;
type Status = (typeof STATUSES)[number];

const append = fc.record({
  kind: fc.constant('append' as const),
  log: fc.nat(),
  subject: fc.nat(40),
  status: fc.constantFrom(...STATUSES),
  at: fc.integer({ min: 0, max: 2e12 }),
  code: fc.constantFrom(null, 'E1', 'E2', 'E3'),
});
// A snapshot shares a log's columns; a restore adopts them into a new log. Both go on, apart.
const fork = fc.record({ kind: fc.constant('fork' as const), log: fc.nat() });

describe('step log', () => {
  it('holds each subject’s history exactly as a plain list per subject, across shares', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(append, append, append, fork), { maxLength: 120 }), (ops) => {
        const codes = new CodeTable();
        const logs: [StepLog<Status>, Map<number, StatusStep<Status>[]>][] = [
          [new StepLog<Status>(STATUSES, codes), new Map()],
        ];
        for (const op of ops) {
          const [log, plain] = logs[op.log % logs.length]!;
          if (op.kind === 'append') {
            log.append(op.subject, op.status, op.at, op.code);
            const step = { status: op.status, at: op.at, errorCode: op.code };
            plain.set(op.subject, [...(plain.get(op.subject) ?? []), step]);
          } else {
            const adopted = new StepLog<Status>(STATUSES, codes);
            adopted.adopt(log.share());
            logs.push([adopted, new Map(plain)]);
          }
        }
        for (const [log, plain] of logs) {
          let size = 0;
          for (let subject = -1; subject <= 42; subject++) {
            const steps = plain.get(subject) ?? [];
            size += steps.length;
            expect(log.steps(subject)).toEqual(steps);
            expect(log.has(subject)).toBe(steps.length > 0);
          }
          expect(log.share().length).toBe(size);
        }
      }),
      { numRuns: 300 },
    );
  });
});

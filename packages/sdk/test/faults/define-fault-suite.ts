/**
 * The fault-injection suite, written once for both modes: run the workload through the plan's
 * faults in `beforeAll`, print the one-line summary, then check each promise in its own test so a
 * failing run lists every broken promise with counts and examples.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBulk } from './check-bulk';
import { checkDeadlines, checkTypedFailures } from './check-calls';
import { checkBooks } from './check-ledger';
import { checkResentStoredOnce, checkSucceededStoredOnce } from './check-storage';
import { createFaultPlan, FAULT_KINDS, type FaultPlan, readFaultSeed } from './fault-plan';
import type { FaultHarness } from './harness';
import { summarize } from './summary';
import { Violations } from './violations';
import { runWorkload, type WorkloadResult, type WorkloadSize } from './workload';
import { indexWorld, type WorldIndex } from './world-index';

/** Declares the suite for one mode. */
export function defineFaultSuite(
  mode: string,
  start: (plan: FaultPlan) => Promise<FaultHarness>,
  size: WorkloadSize,
): void {
  describe(`fault injection, ${mode}`, () => {
    const plan = createFaultPlan(readFaultSeed(process.env));
    let harness: FaultHarness | undefined;
    let run: WorkloadResult;
    let world: WorldIndex;
    let context = `[faults ${mode}] seed=${plan.seed}: the run did not complete`;

    beforeAll(async () => {
      harness = await start(plan);
      run = await runWorkload(harness, size);
      world = indexWorld(run.snapshot, harness.liveKey);
      context = summarize(mode, plan, run);
      console.log(context);
      // A guard against a run that never ends, not a bound on speed: starved gates took 73–104 s.
    }, 300_000);
    afterAll(async () => {
      await harness?.close();
    });

    const expectNone = (violations: Violations) =>
      expect(violations.count, violations.format(context)).toBe(0);

    it('injects every kind of fault', () => {
      const v = new Violations();
      const counts = plan.counts();
      for (const kind of FAULT_KINDS) if (counts[kind] === 0) v.add('never injected', kind);
      expectNone(v);
    });

    it('settles every call within its deadline plus slack (no hangs)', () => {
      expectNone(checkDeadlines(run, plan));
    });

    it('fails only with MessagingErrors that carry the Idempotency-Key and attempts', () => {
      expectNone(checkTypedFailures(run, plan));
    });

    it('stores every send and batch it reported as sent exactly once', () => {
      expectNone(checkSucceededStoredOnce(run, world));
    });

    it('stores every failed send and batch exactly once after a re-send with its key', () => {
      expectNone(checkResentStoredOnce(run, world));
    });

    it('sendBulk reports failed chunks instead of throwing, and resumes with its key', () => {
      expectNone(checkBulk(run, world));
    });

    it('keeps the books: balance = funding − charges + refunds, charges = messages stored', () => {
      expectNone(checkBooks(run));
    });
  });
}

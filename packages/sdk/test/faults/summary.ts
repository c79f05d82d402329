/**
 * The one-line summary a run prints (and every failure repeats): seed, faults injected per kind,
 * how the calls ended, what the failures were, and the wall time.
 */
import { FAULT_KINDS, type FaultPlan } from './fault-plan';
import { errorLabel } from './violations';
import type { CallRecord, WorkloadResult } from './workload';

/**
 * `[faults <mode>] seed=… · attempts … · sends … · batches … · bulk … · failures … · … ms ·
 * event loop held up to … ms`.
 */
export function summarize(mode: string, plan: FaultPlan, run: WorkloadResult): string {
  const counts = plan.counts();
  const faults = FAULT_KINDS.map((kind) => `${kind} ${counts[kind]}`).join(', ');
  const failures = new Map<string, number>();
  for (const call of [...run.sends, ...run.batches]) {
    if (call.outcome?.status !== 'rejected') continue;
    const label = errorLabel(call.outcome.error);
    failures.set(label, (failures.get(label) ?? 0) + 1);
  }
  const first = run.bulk.first;
  const bulk =
    first?.status === 'fulfilled'
      ? `${first.value.chunks.length - first.value.failed}/${first.value.chunks.length} chunks sent`
      : first?.status === 'rejected'
        ? `threw ${errorLabel(first.error)}`
        : 'hung';
  return [
    `[faults ${mode}] seed=${plan.seed} (set FAULT_SEED to explore others)`,
    `${plan.attempts()} attempts: ${faults}`,
    `sends ${outcomes(run.sends)}`,
    `batches ${outcomes(run.batches)}`,
    `bulk of ${run.bulk.params.recipients.length}: ${bulk}`,
    `failures: ${[...failures].map(([label, n]) => `${label} ${n}`).join(', ') || 'none'}`,
    `${run.wallMs} ms`,
    `event loop held up to ${run.loopDelayMaxMs} ms`,
  ].join(' · ');
}

function outcomes(calls: readonly CallRecord<unknown, unknown>[]): string {
  const n = (status: string) => calls.filter((call) => call.outcome?.status === status).length;
  return `${calls.length}: ok ${n('fulfilled')}, failed ${n('rejected')}, hung ${n('hung')}`;
}

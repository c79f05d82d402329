/**
 * Checks on how calls ended: each settled within its deadline plus the slack (no hangs), and each
 * failure is typed — a `MessagingError` of the class its code names, an `AbortError` only when the
 * caller aborted, an `INVALID_RESPONSE` with its status and the body's first bytes — and carries
 * the `Idempotency-Key` it was sent with and how many attempts were made.
 */
import { AbortError, ConnectionError, MessagingError, TimeoutError } from '@msgsvc/sdk';
import type { FaultPlan } from './fault-plan';
import { TIMING } from './harness';
import { describeError, Violations } from './violations';
import type { Watched } from './watchdog';
import type { WorkloadResult } from './workload';

/**
 * Every call (faulty or repair) settled before its watchdog fired: within its deadline plus the
 * slack plus however long the event loop was held up while it ran (measured per call).
 */
export function checkDeadlines(run: WorkloadResult, plan: FaultPlan): Violations {
  const v = new Violations();
  for (const call of [...run.sends, ...run.batches]) {
    const faults = plan.history(call.key).join(', ');
    if (call.outcome?.status === 'hung') {
      const aborted = call.abortAt !== undefined;
      const { ms, heldMs } = call.outcome;
      v.add(
        `${call.operation} still pending past ${aborted ? "the caller's abort" : 'totalTimeout'} + slack + the event loop's delay`,
        `${call.key}: pending at ${ms} ms (limit ${call.deadline} ms, event loop held up ${heldMs} ms)${aborted ? ` (aborted at ${call.abortAt} ms)` : ''}; faults met: ${faults}; timeline: ${run.timeline.describe(call.key)}`,
      );
    }
    if (call.resend?.status === 'hung') {
      v.add(`${call.operation} re-sent without faults hung`, call.key);
    }
  }
  const { bulk } = run;
  if (bulk.first?.status === 'hung') {
    v.add(
      `sendBulk: a chunk still pending ${bulk.chunkDeadline} ms after the previous one`,
      `${bulk.params.idempotencyKey}; faults per chunk: ${chunkFaults(plan, bulk.params.idempotencyKey, bulk.chunks)}`,
    );
  }
  if (bulk.rerun?.status === 'hung') {
    v.add('sendBulk re-run without faults hung', bulk.params.idempotencyKey);
  }
  return v;
}

/** Every failure of a faulty call is typed and carries its key and attempt count. */
export function checkTypedFailures(run: WorkloadResult, plan: FaultPlan): Violations {
  const v = new Violations();
  for (const call of [...run.sends, ...run.batches]) {
    if (call.outcome?.status !== 'rejected') continue;
    checkError(v, call.operation, call.key, call.outcome, call.aborted, plan);
  }
  const first = run.bulk.first;
  if (first?.status === 'fulfilled') {
    for (const chunk of first.value.chunks) {
      if (chunk.status !== 'failed') continue;
      checkError(
        v,
        'sendBulk chunk',
        chunk.idempotencyKey,
        { status: 'rejected', error: chunk.error, ms: first.ms },
        false,
        plan,
      );
    }
  }
  return v;
}

function checkError(
  v: Violations,
  operation: string,
  key: string,
  outcome: Extract<Watched<unknown>, { status: 'rejected' }>,
  aborted: boolean,
  plan: FaultPlan,
): void {
  const { error } = outcome;
  const example = `${key}: ${describeError(error)} after ${outcome.ms} ms; faults met: ${plan.history(key).join(', ')}`;
  if (!(error instanceof MessagingError)) {
    v.add(`${operation} failed with something other than a MessagingError`, example);
    return;
  }
  if (error instanceof AbortError && !aborted) {
    v.add(`${operation} failed with an AbortError although the caller did not abort`, example);
  }
  if (error.idempotencyKey !== key) {
    v.add(`${operation} error without its idempotencyKey`, example);
  }
  // Read by name: the field is what the transport rewrite adds (issue 10).
  const attempts = (error as { attempts?: unknown }).attempts;
  if (typeof attempts !== 'number' || !Number.isInteger(attempts) || attempts < 1) {
    v.add(`${operation} error without attempts (an integer ≥ 1)`, example);
  } else if (attempts > TIMING.maxRetries + 1 || attempts < plan.history(key).length) {
    // Every attempt that reached the injector was made; no more than the policy allows were.
    v.add(
      `${operation} error reports another number of attempts than were made`,
      `${example} (attempts ${attempts})`,
    );
  }
  const expected = CLASS_OF_CODE[error.code];
  if (expected !== undefined && !expected.test(error)) {
    v.add(`${operation} ${error.code} error is not ${expected.name}`, example);
  }
  if (error.code === 'INVALID_RESPONSE') {
    const { bodyPreview } = error as { bodyPreview?: unknown };
    if (typeof error.status !== 'number' || typeof bodyPreview !== 'string' || bodyPreview === '') {
      v.add(`${operation} INVALID_RESPONSE error without status and bodyPreview`, example);
    }
  }
}

// The transport's own codes and the class each must be (a timeout is a connection error; a
// connection error is not a timeout).
const CLASS_OF_CODE: Readonly<Record<string, { name: string; test: (e: unknown) => boolean }>> = {
  CONNECTION_ERROR: {
    name: 'a ConnectionError (and not a TimeoutError)',
    test: (e) => e instanceof ConnectionError && !(e instanceof TimeoutError),
  },
  TIMEOUT: { name: 'a TimeoutError', test: (e) => e instanceof TimeoutError },
  ABORTED: { name: 'an AbortError', test: (e) => e instanceof AbortError },
};

function chunkFaults(plan: FaultPlan, key: string, chunks: number): string {
  return Array.from(
    { length: chunks },
    (_, i) => `#${i} [${plan.history(`${key}:${i}`).join(', ')}]`,
  ).join(' ');
}

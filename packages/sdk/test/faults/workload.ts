/**
 * The workload a careful application runs through the faults, then repairs: single sends (some
 * aborted by the caller) and batches with modest concurrency, and one large `sendBulk` alongside;
 * then every failed or hung send and batch is sent again with its key, and the fan-out is re-run
 * with its key, through a client without faults. Every call is watched against its deadline.
 * Each send's body and each batch's content is unique, so a duplicate is visible in the store.
 */

import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { WorldSnapshot } from '@msgsvc/mock';
import type {
  BatchAccepted,
  BulkSendResult,
  MessagingClient,
  SendBatchParams,
  SendBulkParams,
  SendMessageParams,
  SendOptions,
  SentMessage,
} from '@msgsvc/sdk';
import type { CallTimeline } from './call-timeline';
import { type FaultHarness, TIMING } from './harness';
import { Random } from './seeded-random';
import { pool, type Watched, watch } from './watchdog';

/** How much work one mode does. */
export interface WorkloadSize {
  readonly sends: number;
  readonly batches: number;
  readonly bulkRecipients: number;
  readonly bulkChunkSize: number;
  readonly concurrency: number;
  /** The share of sends the caller aborts at a random instant. */
  readonly abortShare: number;
}

/** One send or batch: what was asked, how the faulty call ended and how its repair did. */
export interface CallRecord<P, V> {
  readonly operation: 'send' | 'batch';
  readonly key: string;
  readonly params: P;
  /** Makes the call on a client. */
  readonly issue: (client: MessagingClient, options: SendOptions) => Promise<V>;
  /** When the caller aborts it (ms after the start), if it does. */
  readonly abortAt: number | undefined;
  /** Whether the caller's signal had fired when the call settled. */
  aborted: boolean;
  /** The wall-clock limit: `totalTimeout`, or the abort if sooner. */
  readonly deadline: number;
  outcome: Watched<V> | undefined;
  /** The re-send with the same key, for calls that did not succeed. */
  resend: Watched<V> | undefined;
}

/** A single send's record. */
export type SendRecord = CallRecord<SendMessageParams, SentMessage>;
/** A batch's record. */
export type BatchRecord = CallRecord<SendBatchParams, BatchAccepted>;

/** The fan-out: its first run through the faults and its resume without them. */
interface BulkRecord {
  /** What is sent, with the fan-out's options beside it (split apart at the call). */
  readonly params: SendBulkParams & { idempotencyKey: string; chunkSize: number };
  readonly chunks: number;
  /** The limit per chunk (the watchdog restarts at each chunk's progress). */
  readonly chunkDeadline: number;
  first: Watched<BulkSendResult> | undefined;
  rerun: Watched<BulkSendResult> | undefined;
}

/** Everything a run produced. */
export interface WorkloadResult {
  readonly sends: SendRecord[];
  readonly batches: BatchRecord[];
  readonly bulk: BulkRecord;
  readonly snapshot: WorldSnapshot;
  readonly ledgerOk: boolean;
  readonly wallMs: number;
  /**
   * The longest the event loop was held up while the faulty calls ran (ms): every timer, the
   * SDK's and the watchdog's alike, fires up to this late on a starved machine.
   */
  readonly loopDelayMaxMs: number;
  /** What happened to each faulty call, for the report of one that hung. */
  readonly timeline: CallTimeline;
}

/** `count` distinct valid Angolan mobile numbers on prefix `9xx` (Unitel 92, 93, 94, 97; D26). */
function mobiles(prefix: '92' | '93' | '94' | '97', count: number, from = 0): string[] {
  return Array.from(
    { length: count },
    (_, i) => `+244${prefix}${String(from + i).padStart(7, '0')}`,
  );
}

/** Runs the workload through the faults, then the repairs, and reads the world. */
export async function runWorkload(h: FaultHarness, size: WorkloadSize): Promise<WorkloadResult> {
  const started = performance.now();
  const random = new Random(h.plan.seed ^ 0x5eed);
  const tag = `${h.mode.replace(/\W+/g, '-')}-${h.plan.seed}`;

  const sends: SendRecord[] = mobiles('93', size.sends).map((to, i) => {
    const abortAt = random.next() < size.abortShare ? random.int(20, 600) : undefined;
    const params = { to, body: `Fault suite ${tag}, send ${i}` };
    const issue = (client: MessagingClient, options: SendOptions) =>
      client.messages.send(params, options);
    return record('send', `${tag}-send-${i}`, params, issue, abortAt);
  });
  let from = 0;
  const batches: BatchRecord[] = Array.from({ length: size.batches }, (_, i) => {
    const count = random.int(3, 40);
    from += count;
    const params: SendBatchParams = {
      remitter_id: h.remitterId,
      channel_type: 'SMS',
      name: `Fault suite ${tag}, batch ${i}`,
      content: `Fault suite ${tag}, batch ${i}`,
      recipients: mobiles('94', count, from - count),
    };
    const issue = (client: MessagingClient, options: SendOptions) =>
      client.campaigns.sendBatch(params, options);
    return record('batch', `${tag}-batch-${i}`, params, issue);
  });
  const chunks = Math.ceil(size.bulkRecipients / size.bulkChunkSize);
  const bulk: BulkRecord = {
    params: {
      remitter_id: h.remitterId,
      name: `Fault suite ${tag}, bulk`,
      content: `Fault suite ${tag}, bulk`,
      recipients: mobiles('92', size.bulkRecipients),
      chunkSize: size.bulkChunkSize,
      idempotencyKey: `${tag}-bulk`,
    },
    chunks,
    chunkDeadline: TIMING.totalTimeout + TIMING.slack,
    first: undefined,
    rerun: undefined,
  };

  // Through the faults: sends with the batches spread among them, and the fan-out alongside.
  const calls: (() => Promise<void>)[] = sends.map((send) => () => faulty(send, h));
  batches.forEach((batch, i) => {
    const at = Math.floor(((i + 1) * calls.length) / (batches.length + 1));
    calls.splice(at, 0, () => faulty(batch, h));
  });
  const fanOut = watch((kick) => fanOutWith(h.client, bulk, kick), bulk.chunkDeadline).then(
    (watched) => {
      bulk.first = watched;
    },
  );
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  await pool(calls, size.concurrency, (call) => call());
  await fanOut;
  loop.disable();
  await h.drain();

  // The repairs, without faults: every call that did not succeed again with its key, the
  // fan-out again with its key.
  const repairs = [
    ...sends.filter(failed).map((send) => () => repair(send, h)),
    ...batches.filter(failed).map((batch) => () => repair(batch, h)),
  ];
  await pool(repairs, size.concurrency, (call) => call());
  bulk.rerun = await watch((kick) => fanOutWith(h.clean, bulk, kick), TIMING.repairLimit);
  await h.drain();
  await h.settle();
  return {
    sends,
    batches,
    bulk,
    snapshot: await h.snapshot(),
    ledgerOk: await h.ledgerOk(),
    wallMs: Math.round(performance.now() - started),
    loopDelayMaxMs: Math.round(loop.max / 1e6),
    timeline: h.timeline,
  };
}

async function faulty<P, V>(call: CallRecord<P, V>, h: FaultHarness): Promise<void> {
  const controller = call.abortAt === undefined ? undefined : new AbortController();
  const timer = controller && setTimeout(() => controller.abort(), call.abortAt);
  const options = { idempotencyKey: call.key, signal: controller?.signal };
  h.timeline.start(call.key);
  call.outcome = await watch(() => {
    const issued = call.issue(h.client, options);
    // Recorded even after the watchdog fired: a call that hung says when it settled, if ever.
    issued.then(
      () => h.timeline.mark(call.key, 'settled'),
      (error: { code?: string; name?: string }) =>
        h.timeline.mark(call.key, `settled ${error?.code ?? error?.name}`),
    );
    return issued;
  }, call.deadline);
  call.aborted = controller?.signal.aborted ?? false;
  clearTimeout(timer);
}

async function repair<P, V>(call: CallRecord<P, V>, h: FaultHarness): Promise<void> {
  const options = { idempotencyKey: call.key };
  call.resend = await watch(() => call.issue(h.clean, options), TIMING.repairLimit);
}

function failed(call: CallRecord<unknown, unknown>): boolean {
  return call.outcome?.status !== 'fulfilled';
}

function record<P, V>(
  operation: 'send' | 'batch',
  key: string,
  params: P,
  issue: (client: MessagingClient, options: SendOptions) => Promise<V>,
  abortAt?: number,
): CallRecord<P, V> {
  const total = TIMING.totalTimeout + TIMING.slack;
  return {
    operation,
    key,
    params,
    issue,
    abortAt,
    aborted: false,
    deadline: abortAt === undefined ? total : Math.min(total, abortAt + TIMING.slack),
    outcome: undefined,
    resend: undefined,
  };
}

// `sendBulk(params, options)`: the record keeps both together for the checks.
function fanOutWith(client: MessagingClient, bulk: BulkRecord, kick: () => void) {
  const { idempotencyKey, chunkSize, ...params } = bulk.params;
  return client.campaigns.sendBulk(params, { idempotencyKey, chunkSize, onProgress: kick });
}

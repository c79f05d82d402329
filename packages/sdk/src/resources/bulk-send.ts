/**
 * `client.campaigns.sendBulk`: one text to any number of recipients, as campaigns of at most 1000
 * recipients each (the batch limit), sent one after another under the batch rate limit.
 *
 * Resuming: every chunk carries the `Idempotency-Key` `${idempotencyKey}:${chunkIndex}`. Chunking
 * is deterministic, so running the same fan-out again with the same key replays the chunks already
 * accepted (the service answers them from its 24-hour idempotency store, `replayed: true`) and
 * sends only the rest.
 *
 * A run whose chunks differ from the first run's (another `chunkSize`, other recipients or content)
 * must never send again what an earlier run sent under other keys. Two rules make that
 * detectable from the service's own answer, before anything overlaps:
 * - the first chunk is the fan-out's anchor: no later chunk is sent until the service has accepted
 *   it, so any run that sent anything left its first chunk in the idempotency store;
 * - each chunk's body names the plan: the campaign is named `name (i/n)` (`Bulk <key> (i/n)`
 *   without a name), so the first chunks of two plans always differ.
 * A run with another plan therefore meets 422 `IDEMPOTENCY_KEY_REUSED` on its first chunk, and stops
 * with a {@link BulkResumeError} having sent nothing.
 */
import type { APIPromise } from '../core/api-promise';
import type { BatchAccepted, SendBatchParams } from '../core/api-types';
import type { ClientContext } from '../core/call';
import { AbortError, MessagingError } from '../core/errors';
import type { SendOptions } from '../core/request-options';
import { sleepWithin } from '../internal/sleep-within';
import {
  BulkAbortError,
  type BulkChunkResult,
  BulkResumeError,
  type BulkSendResult,
  type SendBulkOptions,
  type SendBulkParams,
} from './bulk-types';

/**
 * What a fan-out needs of the campaigns resource: its batch send. Named here, not imported, so that
 * `campaigns.ts` (which offers `sendBulk`) stands over this file and no circle forms.
 */
export interface BatchSender {
  /** `campaigns.sendBatch`. */
  sendBatch(params: SendBatchParams, options?: SendOptions): APIPromise<BatchAccepted>;
}

const OPTION_NAMES: readonly (keyof SendBulkOptions)[] = [
  'idempotencyKey',
  'onProgress',
  'chunkSize',
  'batchesPerMinute',
  'stopOnError',
  'signal',
  'headers',
  'maxRetries',
  'timeout',
  'totalTimeout',
  'maxRetryAfter',
];

/**
 * Runs a fan-out. A chunk that fails — refused, or lost to the network after the client's retries —
 * is reported with its key and the fan-out goes on (or stops, with `stopOnError`), except the first:
 * until it is accepted nothing else is sent, and the rest are reported `skipped`. Only the caller's
 * abort, or a key already used for another fan-out, ends it early.
 *
 * @throws TypeError when `params` holds an option (they belong in `options`);
 * RangeError before sending anything for fewer than 2 recipients, a `chunkSize` outside
 * 3–1000, or a key too long; {@link BulkAbortError} when `signal` aborts and
 * {@link BulkResumeError} when the key was used for other chunks (both carry the fan-out's key and
 * the chunks done: rerun with the key to resume).
 */
export async function sendBulk(
  campaigns: BatchSender,
  ctx: ClientContext,
  params: SendBulkParams,
  options: SendBulkOptions = {},
): Promise<BulkSendResult> {
  const { recipients, batch, key, onProgress, batchesPerMinute, stopOnError, request, total } =
    planOf(params, options);
  const signal = request.signal;
  const n = recipients.length;
  // When each chunk's answer came. The next chunk waits until the `batchesPerMinute`-th last is a
  // minute old: the service counts a request when it receives it, before its answer completes, so
  // any minute it counts holds at most that many when chunks are sent one at a time.
  const answered: number[] = [];
  const chunks: BulkChunkResult[] = [];
  let failed = 0;
  // An error that ends the fan-out carries the chunks done so far.
  const ending = (error: MessagingError) =>
    Object.assign(error, { result: resultOf(key, [...chunks], failed) });
  for (let index = 0; index < total; index++) {
    const start = Math.floor((index * n) / total);
    const end = Math.floor(((index + 1) * n) / total);
    const base = { index, recipients: end - start, idempotencyKey: `${key}:${index}` };
    let chunk: BulkChunkResult;
    // The anchor (chunk 0) not accepted: sending more could overlap what another plan sent.
    const anchorless = index > 0 && chunks[0]?.status !== 'sent';
    if (anchorless || (failed > 0 && stopOnError)) {
      chunk = { ...base, status: 'skipped' };
    } else {
      try {
        const { length } = answered;
        const oldest = length >= batchesPerMinute ? answered[length - batchesPerMinute] : undefined;
        const delay = oldest === undefined ? 0 : oldest + 60_000 - ctx.now();
        if (delay > 0) await sleepWithin(ctx.sleep, delay, signal);
      } catch (cause) {
        if (!signal?.aborted) throw cause;
        throw ending(aborted(key, signal.reason));
      }
      try {
        const { data, response } = await campaigns
          .sendBatch(
            {
              ...batch,
              channel_type: 'SMS',
              recipients: recipients.slice(start, end),
              ...planName(batch.name, key, index, total),
            },
            { ...request, idempotencyKey: base.idempotencyKey },
          )
          .withResponse();
        const replayed = response.headers.get('idempotent-replayed') === 'true';
        chunk = { ...base, status: 'sent', campaignId: data.campaign_id, replayed };
      } catch (error) {
        if (error instanceof AbortError) throw ending(aborted(key, error));
        if (!(error instanceof MessagingError)) throw error;
        if (error.code === 'IDEMPOTENCY_KEY_REUSED') throw ending(reused(key, index, error));
        chunk = { ...base, status: 'failed', error };
      }
      answered.push(ctx.now());
    }
    if (chunk.status !== 'sent') failed++;
    chunks.push(chunk);
    onProgress?.({ completed: index + 1, total, chunk });
  }
  return resultOf(key, chunks, failed);
}

// Checks a fan-out's arguments before anything is sent, and fills in the defaults.
function planOf(params: SendBulkParams, options: SendBulkOptions) {
  // Options in the params object would be sent as batch fields or, worse, ignored: a fan-out whose
  // key was ignored cannot resume. Said loudly, before anything is sent.
  const misplaced = OPTION_NAMES.find((name) => Object.hasOwn(params, name));
  if (misplaced !== undefined) {
    throw new TypeError(
      `sendBulk takes \`${misplaced}\` in its second argument (options), not in params`,
    );
  }
  const { recipients, ...batch } = params;
  const {
    idempotencyKey: key = crypto.randomUUID(),
    onProgress,
    chunkSize = 1000,
    batchesPerMinute = 10,
    stopOnError = false,
    ...request
  } = options;
  const n = recipients.length;
  // Parts of 2..chunkSize can cover any n >= 2 only when chunkSize >= 3.
  if (n < 2) throw new RangeError('sendBulk needs 2 or more recipients; use messages.send for one');
  if (!(chunkSize >= 3 && chunkSize <= 1000)) throw new RangeError('chunkSize must be 3 to 1000');
  const total = Math.ceil(n / chunkSize);
  if (key.length + String(total).length >= 255) throw new RangeError('idempotencyKey is too long');
  return { recipients, batch, key, onProgress, batchesPerMinute, stopOnError, request, total };
}

// A campaign's name says which chunk of how many it is, so that two plans' first chunks always
// differ; without a name the fan-out's key stands in. The contract allows 200 characters.
function planName(
  name: string | undefined,
  key: string,
  index: number,
  total: number,
): { name?: string } {
  if (total === 1) return name === undefined ? {} : { name };
  const suffix = ` (${index + 1}/${total})`;
  return { name: `${(name ?? `Bulk ${key}`).slice(0, 200 - suffix.length)}${suffix}` };
}

function resultOf(key: string, chunks: BulkChunkResult[], failed: number): BulkSendResult {
  return {
    idempotencyKey: key,
    chunks,
    campaignIds: chunks.flatMap((chunk) => (chunk.status === 'sent' ? [chunk.campaignId] : [])),
    failed,
  };
}

function aborted(key: string, cause: unknown): BulkAbortError {
  return new BulkAbortError(`Bulk send aborted; resume with idempotencyKey "${key}"`, {
    code: 'ABORTED',
    idempotencyKey: key,
    cause,
  });
}

function reused(key: string, index: number, error: MessagingError): BulkResumeError {
  return new BulkResumeError(
    `idempotencyKey "${key}" was used for other chunks (chunk ${index}): resume with the first run's recipients, content, name and chunkSize`,
    { ...error, idempotencyKey: key, response: error.response, cause: error },
  );
}

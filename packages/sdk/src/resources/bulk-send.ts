/**
 * `client.campaigns.sendBulk`: one text to any number of recipients, as campaigns of at most 1000
 * recipients each (the batch limit), sent one after another under the batch rate limit.
 *
 * Resuming: every chunk carries the `Idempotency-Key` `${idempotencyKey}:${chunkIndex}`. Chunking
 * is deterministic, so running the same fan-out again with the same key (same recipients in the
 * same order, same content, same `chunkSize`) replays the chunks already accepted (the service
 * answers them from its 24-hour idempotency store, `replayed: true`) and sends only the rest.
 *
 * @module
 */
import type { SendBatchParams } from '../api-types';
import type { ClientContext } from '../core/context';
import { AbortError, MessagingError } from '../errors';
import { createPacer } from '../internal/pacer';
import type { RequestOptions } from '../request-options';
import type { Campaigns } from './campaigns';

/** What `campaigns.sendBulk` sends: a batch's fields with any number of recipients. */
export interface SendBulkParams extends Omit<SendBatchParams, 'recipients' | 'channel_type'> {
  /** At least 2 recipients (use `messages.send` for one); any number above. */
  recipients: readonly string[];
  /** Campaigns accept only `SMS`, the default. */
  channel_type?: 'SMS' | undefined;
}

/** How `campaigns.sendBulk` sends: the request options of every chunk, and the fan-out's own. */
export interface SendBulkOptions extends RequestOptions {
  /**
   * The fan-out's key; chunk `i` is sent with `${idempotencyKey}:${i}`. Default: a new UUID (which
   * the result reports: keep it to resume). At most 255 characters with the suffix.
   */
  idempotencyKey?: string | undefined;
  /** Called after each chunk, in order. */
  onProgress?: ((progress: BulkProgress) => void) | undefined;
  /** Recipients per campaign, 3 to 1000. Default 1000. Chunks are balanced (1001 → 500 + 501). */
  chunkSize?: number | undefined;
  /** Client-side pacing: batches sent in any 60 s. Default 10 (the service's limit). */
  batchesPerMinute?: number | undefined;
  /** Stop at the first failed chunk and report the rest as `skipped`. Default false. */
  stopOnError?: boolean | undefined;
}

interface ChunkBase {
  /** The chunk's position, from 0. */
  index: number;
  /** How many recipients the chunk holds. */
  recipients: number;
  /** The chunk's `Idempotency-Key`. */
  idempotencyKey: string;
}

/** What happened to one chunk. */
export type BulkChunkResult =
  | (ChunkBase & {
      /** Accepted by the service. */
      status: 'sent';
      /** The campaign created for the chunk. */
      campaignId: string;
      /** True when the service answered from its idempotency store (sent by an earlier run). */
      replayed: boolean;
    })
  | (ChunkBase & {
      /** Refused, after the client's retries. */
      status: 'failed';
      /** Why. */
      error: MessagingError;
    })
  | (ChunkBase & {
      /** Not sent: an earlier chunk failed and `stopOnError` was set. */
      status: 'skipped';
    });

/** Passed to `onProgress` after each chunk. */
export interface BulkProgress {
  /** Chunks done so far, this one included. */
  completed: number;
  /** Chunks in all. */
  total: number;
  /** The chunk just done. */
  chunk: BulkChunkResult;
}

/** The outcome of a fan-out: every chunk, in order. Check `failed` — it is never thrown. */
export interface BulkSendResult {
  /** The fan-out's key: run again with it to resume. */
  idempotencyKey: string;
  /** Every chunk, in order. */
  chunks: BulkChunkResult[];
  /** The campaign ids of the chunks sent, in order. */
  campaignIds: string[];
  /** How many chunks failed or were skipped. */
  failed: number;
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
 * is reported with its key and the fan-out goes on (or stops, with `stopOnError`); only the
 * caller's abort ends it early.
 *
 * @throws TypeError when `params` holds an option (they belong in `options`);
 * RangeError before sending anything for fewer than 2 recipients, a `chunkSize` outside
 * 3–1000, or a key too long; {@link AbortError} when `signal` aborts (rerun with the key to resume).
 */
export async function sendBulk(
  campaigns: Campaigns,
  ctx: ClientContext,
  params: SendBulkParams,
  options: SendBulkOptions = {},
): Promise<BulkSendResult> {
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
  const signal = request.signal;
  const n = recipients.length;
  // Parts of 2..chunkSize can cover any n >= 2 only when chunkSize >= 3.
  if (n < 2) throw new RangeError('sendBulk needs 2 or more recipients; use messages.send for one');
  if (!(chunkSize >= 3 && chunkSize <= 1000)) throw new RangeError('chunkSize must be 3 to 1000');
  const total = Math.ceil(n / chunkSize);
  if (key.length + String(total).length >= 255) throw new RangeError('idempotencyKey is too long');

  const pacer = createPacer(batchesPerMinute, 60_000, ctx.now, ctx.sleep);
  const chunks: BulkChunkResult[] = [];
  let failed = 0;
  for (let index = 0; index < total; index++) {
    const start = Math.floor((index * n) / total);
    const end = Math.floor(((index + 1) * n) / total);
    const base = { index, recipients: end - start, idempotencyKey: `${key}:${index}` };
    let chunk: BulkChunkResult;
    if (failed > 0 && stopOnError) {
      chunk = { ...base, status: 'skipped' };
    } else {
      try {
        await pacer.wait(signal);
      } catch (cause) {
        throw new AbortError('Bulk send was aborted', { code: 'ABORTED', cause });
      }
      try {
        const { data, response } = await campaigns
          .sendBatch(
            {
              ...batch,
              channel_type: 'SMS',
              recipients: recipients.slice(start, end),
              ...(batch.name === undefined || total === 1
                ? {}
                : { name: `${batch.name.slice(0, 190)} (${index + 1}/${total})` }),
            },
            { ...request, idempotencyKey: base.idempotencyKey },
          )
          .withResponse();
        const replayed = response.headers.get('idempotent-replayed') === 'true';
        chunk = { ...base, status: 'sent', campaignId: data.campaign_id, replayed };
      } catch (error) {
        if (!(error instanceof MessagingError) || error instanceof AbortError) throw error;
        chunk = { ...base, status: 'failed', error };
      }
      pacer.done();
    }
    if (chunk.status !== 'sent') failed++;
    chunks.push(chunk);
    onProgress?.({ completed: index + 1, total, chunk });
  }
  return {
    idempotencyKey: key,
    chunks,
    campaignIds: chunks.flatMap((chunk) => (chunk.status === 'sent' ? [chunk.campaignId] : [])),
    failed,
  };
}

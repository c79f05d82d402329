// The records of `campaigns.sendBulk` and its errors, which carry its result: the fan-out
// (`bulk-send.ts`, loaded on first use) and the campaigns resource both stand on them. The errors
// live here, not in `core/errors.ts`, because they carry the result: the hierarchy needs no resource.
import type { SendBatchParams } from '../core/api-types';
import { AbortError, ConflictError, type MessagingError } from '../core/errors';
import type { RequestOptions } from '../core/request-options';
import { brandAll } from '../internal/brand';

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
  /**
   * Recipients per campaign, 3 to 1000. Default 1000. Chunks are balanced (1001 → 500 + 501). A
   * resume must keep the first run's chunks: another value is refused with a `BulkResumeError`.
   */
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
      /**
       * Not sent: the first chunk was not accepted (no chunk is sent before it), or an earlier chunk
       * failed and `stopOnError` was set. Run again with the key to send it.
       */
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

/**
 * `campaigns.sendBulk` was aborted, while it paced or during a chunk's request. `idempotencyKey` is
 * the fan-out's key (run again with it to resume) and `result` the chunks done before the abort;
 * the chunk in flight, if any, may have been sent and is not listed (a resume replays it).
 */
export class BulkAbortError extends AbortError {
  /** The fan-out's key and the chunks done before the abort. */
  declare readonly result: BulkSendResult;
}

/**
 * `campaigns.sendBulk` was run with a key that an earlier fan-out used for other chunks: other
 * recipients or content, or another `chunkSize` (so other chunks). The service refused a chunk with
 * 422 `IDEMPOTENCY_KEY_REUSED`; nothing more was sent. Run it again exactly as the first run
 * (recipients in the same order, content, name, `chunkSize`) to resume, or use a new key.
 * `idempotencyKey` is the fan-out's key and `result` the chunks done before the refusal.
 */
export class BulkResumeError extends ConflictError {
  /** The fan-out's key and the chunks done before the refusal (none when the first was refused). */
  declare readonly result: BulkSendResult;
}

brandAll({ BulkAbortError, BulkResumeError });

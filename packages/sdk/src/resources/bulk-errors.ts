/**
 * The errors of `campaigns.sendBulk`: each carries the fan-out's key and the chunks done, so the
 * caller can resume. They live with the bulk send, not in `core/errors.ts`, because they carry its
 * result: the error hierarchy below needs no resource.
 *
 * @module
 */
import { AbortError, ConflictError } from '../core/errors';
import { brandAll } from '../internal/brand';
import type { BulkSendResult } from './bulk-types';

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

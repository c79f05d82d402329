import type { RetryOptions } from './retry-fetch';

/** Per-request options: a signal, extra headers, and the retry policy's fields. */
export interface RequestOptions extends RetryOptions {
  /** Aborts the call (attempts and waits alike) with an `AbortError`. */
  signal?: AbortSignal | undefined;
  /** Extra request headers. */
  headers?: Record<string, string> | undefined;
}

/** Options of the send calls. */
export interface SendOptions extends RequestOptions {
  /**
   * The `Idempotency-Key` of this send (1–255 printable ASCII characters). Default: a new UUID per
   * call, reused by every retry of the call. Pass your own to make a send safe to repeat across
   * process restarts (a repeat within 24 hours returns the original result).
   */
  idempotencyKey?: string | undefined;
}

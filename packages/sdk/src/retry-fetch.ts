/**
 * The transport under openapi-fetch: a `fetch` that times each attempt out, retries what is safe to
 * retry, waits between attempts, and reports through hooks. Retries live here and not in
 * middleware because middleware cannot re-issue a request (openapi-fetch's own advice).
 *
 * What is retried (at most `maxRetries` times): a request that got no response (connection
 * failure or per-attempt timeout), or a 408, 409, 429 or 5xx answer. A POST is retried only when it
 * carries an `Idempotency-Key`, and every attempt carries the same key, so the service executes it
 * at most once. The wait is `Retry-After` (`retry-after-ms`, delta seconds or an HTTP date) when
 * the response gives one, otherwise exponential backoff with jitter (0.5 s · 2ⁿ, at most 8 s). A
 * `Retry-After` above `maxRetryAfter` is not waited for: the error reaches the caller at once.
 *
 * @module
 */
import { AbortError, ConnectionError, type MessagingError, TimeoutError } from './errors';
import { retryAfterMs } from './internal/retry-after';

/** Waits `ms` milliseconds; rejects with the signal's reason when `signal` aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** How requests are timed and retried. Every field can be overridden per request. */
export interface RetryPolicy {
  /** Retries after the first attempt. Default 2. */
  maxRetries: number;
  /**
   * Milliseconds one attempt may take until the response headers arrive. Default 30 000.
   * `Infinity` turns it off.
   */
  timeout: number;
  /** Milliseconds the whole call may take, attempts and waits included. Default: no limit. */
  totalTimeout: number | undefined;
  /** The longest `Retry-After` the client waits for, in milliseconds. Default 60 000. */
  maxRetryAfter: number;
}

/** What every hook receives. Never contains the API key. */
export interface AttemptEvent {
  /** The HTTP method. */
  method: string;
  /** The full request URL. */
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** The request's `Idempotency-Key`, if any. */
  idempotencyKey: string | undefined;
}

/** `onRequest`: an attempt is about to be sent. */
export interface RequestEvent extends AttemptEvent {
  /** The request headers, with `X-API-KEY` redacted. */
  headers: Record<string, string>;
}

/** `onResponse`: an attempt got a response (any status). */
export interface ResponseEvent extends AttemptEvent {
  /** The HTTP status. */
  status: number;
  /** `X-Trace-Id` of the response. */
  traceId: string | undefined;
  /** Milliseconds from sending to the response headers. */
  durationMs: number;
}

/** `onRetry`: an attempt failed and another follows after `delayMs`. */
export interface RetryEvent extends AttemptEvent {
  /** Milliseconds until the next attempt. */
  delayMs: number;
  /** The failed attempt's status, when it got a response. */
  status: number | undefined;
  /** `X-Trace-Id` of the failed attempt's response, when it got one. */
  traceId: string | undefined;
  /** The failure, when no response arrived. */
  error: MessagingError | undefined;
}

/** Hooks for logging and metrics. They run synchronously; an exception they throw fails the call. */
export interface TransportHooks {
  /** Called before each attempt is sent. */
  onRequest?: ((event: RequestEvent) => void) | undefined;
  /** Called when an attempt gets a response, whatever its status. */
  onResponse?: ((event: ResponseEvent) => void) | undefined;
  /** Called when an attempt failed and another will follow. */
  onRetry?: ((event: RetryEvent) => void) | undefined;
}

/** Everything {@link createRetryFetch} needs. */
export interface TransportOptions extends RetryPolicy, TransportHooks {
  fetch: (request: Request, init?: { signal: AbortSignal }) => Promise<Response>;
  sleep: Sleep;
  now: () => number;
}

/** Some fields of a {@link RetryPolicy}, as options that override the client's. */
export type RetryOptions = { [K in keyof RetryPolicy]?: RetryPolicy[K] | undefined };

/** What a call hands the transport besides its request: the caller's signal and policy changes. */
export interface CallControl extends RetryOptions {
  /** The caller's signal. */
  signal?: AbortSignal | undefined;
}

/**
 * A `fetch` that retries. `control` changes the policy for one call and carries the caller's
 * signal; without `control`, the caller's signal is `request.signal`.
 */
export type RetryFetch = (request: Request, control?: CallControl) => Promise<Response>;

// setTimeout fires at once for delays past 2³¹−1 ms; such timers are simply not set.
const MAX_TIMER = 2_147_483_647;
const IDEMPOTENT = /^(GET|HEAD|OPTIONS|PUT|DELETE)$/;

/**
 * Creates the retrying `fetch` the client hands to openapi-fetch.
 *
 * @param options - The base fetch, the policy, the clock, the sleep and the hooks.
 * @returns A function with `fetch`'s shape for `Request` input.
 */
export function createRetryFetch(options: TransportOptions): RetryFetch {
  return async (request, control) => {
    const { now, onRequest, onResponse, onRetry } = options;
    const timeout = control?.timeout ?? options.timeout;
    const totalTimeout = control?.totalTimeout ?? options.totalTimeout;
    const maxRetryAfter = control?.maxRetryAfter ?? options.maxRetryAfter;
    const key = request.headers.get('idempotency-key') ?? undefined;
    const retries =
      IDEMPOTENT.test(request.method) || key !== undefined
        ? (control?.maxRetries ?? options.maxRetries)
        : 0;
    // Through the client, `control` carries the caller's signal (or none: then nothing can abort
    // the call but a timeout, and no listener is needed). Used bare, the request carries it.
    const signal = control === undefined ? request.signal : control.signal;
    // A body that may be sent again is read once and handed to every attempt.
    const buffered = request.body !== null && retries > 0;
    const body = buffered ? await request.arrayBuffer() : undefined;
    const deadline = now() + (totalTimeout ?? Number.POSITIVE_INFINITY);
    const event = { method: request.method, url: request.url, attempt: 0, idempotencyKey: key };

    for (;;) {
      event.attempt++;
      if (signal?.aborted) throw aborted(signal, key);
      const budget = deadline - now();
      const limit = Math.min(timeout, budget);
      // Each attempt gets a signal of its own (aborted by its timer or by the caller), handed to
      // `fetch` beside the request rather than linked into it: linking a signal to a Request costs
      // ~30 µs on Node, more than the rest of a call, and only a fetch that honours signals pays it.
      const timed = limit < MAX_TIMER;
      const abortable = timed || signal !== undefined;
      // Created when `fetch` first reads the signal: a fetch that ignores it never pays for one.
      let controller: AbortController | undefined;
      const attempt = event.attempt === 1 && !buffered ? request : copy(request, body);
      let timedOut = false;
      // Our own way out of a fetch that ignores its signal (a custom one, a mock): the timer and
      // the caller's abort settle `guard`, which the fetch races against. Listening on the signal
      // we create would cost more than the rest of the attempt.
      let giveUp: ((reason: unknown) => void) | undefined;
      const guard = !abortable
        ? undefined
        : new Promise<never>((_, reject) => {
            giveUp = reject;
          });
      const abort = () => {
        controller?.abort(signal?.reason);
        giveUp?.(signal?.reason);
      };
      if (abortable) signal?.addEventListener('abort', abort);
      const timer = timed
        ? setTimeout(
            () => {
              timedOut = true;
              const reason = new DOMException('The attempt timed out', 'TimeoutError');
              controller?.abort(reason);
              giveUp?.(reason);
            },
            Math.max(0, limit),
          )
        : undefined;
      onRequest?.({ ...event, headers: redact(attempt.headers) });
      const started = now();
      let response: Response | undefined;
      let error: MessagingError | undefined;
      try {
        const init = abortable
          ? {
              get signal() {
                controller ??= new AbortController();
                return controller.signal;
              },
            }
          : undefined;
        const pending = options.fetch(attempt, init);
        if (guard === undefined) {
          response = await pending;
        } else {
          pending.catch(() => {});
          guard.catch(() => {});
          response = await Promise.race([pending, guard]);
        }
      } catch (cause) {
        if (signal?.aborted) throw aborted(signal, key);
        const init = {
          code: timedOut ? 'TIMEOUT' : 'CONNECTION_ERROR',
          idempotencyKey: key,
          cause,
        };
        error = timedOut
          ? new TimeoutError(`Request timed out after ${limit} ms`, init)
          : new ConnectionError('Connection error', init);
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
      }

      let delay: number;
      if (response !== undefined) {
        const status = response.status;
        onResponse?.({ ...event, status, traceId: traceOf(response), durationMs: now() - started });
        if (status !== 408 && status !== 409 && status !== 429 && status < 500) return response;
        delay = retryAfterMs(response.headers, now()) ?? backoff(event.attempt);
        if (event.attempt > retries || delay > maxRetryAfter || now() + delay >= deadline) {
          return response;
        }
        onRetry?.({
          ...event,
          delayMs: delay,
          status,
          traceId: traceOf(response),
          error: undefined,
        });
        // Free the connection: the body will not be read. Not awaited: some fetch layers (MSW)
        // settle a cancel only when the stream's other reader finishes.
        response.body?.cancel().catch(() => {});
      } else {
        delay = backoff(event.attempt);
        // A timeout caused by the total deadline is final.
        if (
          event.attempt > retries ||
          (timedOut && limit === budget) ||
          now() + delay >= deadline
        ) {
          throw error;
        }
        onRetry?.({ ...event, delayMs: delay, status: undefined, traceId: undefined, error });
      }
      try {
        await options.sleep(delay, signal);
      } catch (cause) {
        throw signal?.aborted ? aborted(signal, key) : cause;
      }
    }
  };
}

// Exponential backoff with jitter: 0.5 s · 2ⁿ⁻¹ for attempt n, at most 8 s, less up to a quarter.
function backoff(attempt: number): number {
  return 500 * 2 ** Math.min(attempt - 1, 4) * (1 - Math.random() * 0.25);
}

function traceOf(response: Response): string | undefined {
  return response.headers.get('x-trace-id') ?? undefined;
}

// The request again, with the buffered body (if any): a body can be read only once.
function copy(request: Request, body: ArrayBuffer | undefined): Request {
  return body === undefined ? request.clone() : new Request(request, { body });
}

function aborted(signal: AbortSignal, idempotencyKey: string | undefined): AbortError {
  return new AbortError('Request was aborted', {
    code: 'ABORTED',
    idempotencyKey,
    cause: signal.reason,
  });
}

function redact(headers: Headers): Record<string, string> {
  const out = Object.fromEntries(headers);
  if (out['x-api-key'] !== undefined) out['x-api-key'] = '[redacted]';
  return out;
}

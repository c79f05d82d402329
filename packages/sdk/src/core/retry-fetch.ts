/**
 * The transport under openapi-fetch's `fetch` option: it runs each attempt as a whole exchange
 * (headers and body, under the attempt's time limit, `totalTimeout` and the caller's signal),
 * retries what is safe to retry, waits between attempts, and reports through hooks. Retries live
 * here and not in middleware because middleware cannot re-issue a request (openapi-fetch's own
 * advice).
 *
 * What is retried (at most `maxRetries` times): an attempt that got no complete response
 * (connection failure, a body cut or stalled, the attempt's timeout), a success whose body is not
 * JSON or lacks what the call relies on (`CallControl.accept`), or a 408, 409, 429 or 5xx answer. A POST is retried only when it carries an
 * `Idempotency-Key`, and every attempt carries the same key, so the service executes it at most
 * once. The wait is `Retry-After` (`retry-after-ms`, delta seconds or an HTTP date) when the
 * response gives a valid one, otherwise exponential backoff with jitter (0.5 s · 2ⁿ, at most 8 s).
 * A server's `Retry-After` above `maxRetryAfter` is not waited for: the error reaches the caller at
 * once, and so does an answer marked `X-Should-Retry: false` (a failure that would repeat, D118). Every failure reaches the caller as a {@link MessagingError} carrying the key and the
 * number of attempts.
 *
 * It returns the call's final exchange as the SDK's own {@link Settled} record (the response, the
 * body it read, the parsed success body and the number of attempts). The platform `Response` is
 * never modified: whoever needs one with a readable body builds it with `readable()`.
 *
 * @module
 */

import { AttemptFailure, type Exchange, exchange } from '../internal/exchange';
import { retryAfterMs } from '../internal/retry-after';
import type { Sleep } from '../internal/runtime';
import { sleepWithin } from '../internal/sleep-within';
import { keyPrefix } from './api-key';
import {
  AbortError,
  ConnectionError,
  InvalidResponseError,
  type MessagingError,
  TimeoutError,
} from './errors';

export type { Sleep } from '../internal/runtime';

/** How requests are timed and retried. Every field can be overridden per request. */
export interface RetryPolicy {
  /** Retries after the first attempt. Default 2. */
  maxRetries: number;
  /**
   * Milliseconds one attempt may take, from sending the request to the end of the response body.
   * Default 30 000. `Infinity` turns it off.
   */
  timeout: number;
  /** Milliseconds the whole call may take, attempts and waits included. Default: no limit. */
  totalTimeout: number | undefined;
  /**
   * The longest server-sent `Retry-After` the client waits for, in milliseconds; a longer one ends
   * the call with the error at once. It never limits the client's own backoff. Default 60 000.
   */
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
  /** The request headers, with `X-API-KEY` reduced to its prefix. */
  headers: Record<string, string>;
  /** The request body as text, when the client holds it (requests that may be retried). */
  body: string | undefined;
}

/** `onResponse`: an attempt got a response (any status). */
export interface ResponseEvent extends AttemptEvent {
  /** The HTTP status. */
  status: number;
  /** `X-Trace-Id` of the response. */
  traceId: string | undefined;
  /** Milliseconds from sending to the end of the response body. */
  durationMs: number;
  /** The response body as text. */
  body: string;
}

/** `onRetry`: an attempt failed and another follows after `delayMs`. */
export interface RetryEvent extends AttemptEvent {
  /** Milliseconds until the next attempt. */
  delayMs: number;
  /** The failed attempt's status, when it got a response. */
  status: number | undefined;
  /** `X-Trace-Id` of the failed attempt's response, when it got one. */
  traceId: string | undefined;
  /** The failure, when no usable response arrived. */
  error: MessagingError | undefined;
}

/** `onError`: the call failed for good, after `attempt` attempts. */
export interface ErrorEvent extends AttemptEvent {
  /** What the caller receives (an HTTP error response is reported by status instead). */
  error: MessagingError;
}

/** Hooks for logging and metrics. They run synchronously; an exception they throw fails the call. */
export interface TransportHooks {
  /** Called before each attempt is sent. */
  onRequest?: ((event: RequestEvent) => void) | undefined;
  /** Called when an attempt gets a response, whatever its status. */
  onResponse?: ((event: ResponseEvent) => void) | undefined;
  /** Called when an attempt failed and another will follow. */
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /** Called when a call fails without a response to return (connection, timeout, invalid body). */
  onError?: ((event: ErrorEvent) => void) | undefined;
}

/** Everything {@link createTransport} needs. */
export interface TransportOptions extends RetryPolicy, TransportHooks {
  /** The base fetch; it receives each attempt's request and, when it can be aborted, a signal. */
  fetch: (request: Request, init?: { signal: AbortSignal }) => Promise<Response>;
  /** The wait between attempts. */
  sleep: Sleep;
  /** The clock of `totalTimeout` and of HTTP-date `Retry-After` values. */
  now: () => number;
}

/** Some fields of a {@link RetryPolicy}, as options that override the client's. */
export type RetryOptions = { [K in keyof RetryPolicy]?: RetryPolicy[K] | undefined };

/** What a call hands the transport besides its request: the caller's signal and policy changes. */
export interface CallControl extends RetryOptions {
  /** The caller's signal. */
  signal?: AbortSignal | undefined;
  /**
   * Checks a success's parsed body (`undefined` when empty) for the fields the caller relies on and
   * says what is wrong, or returns `undefined`. A body it refuses is an `InvalidResponseError`,
   * retried like a body that is not JSON: for a keyed send the replay is the stored answer (D83).
   */
  accept?: ((body: unknown) => string | undefined) | undefined;
}

/** A call's final exchange: what the transport read, kept beside the untouched response. */
export interface Settled extends Exchange {
  /** A success's body parsed as JSON (`undefined` for an error status or an empty body). */
  readonly parsed: unknown;
  /** How many attempts were made (1 when the request was not retried). */
  readonly attempts: number;
}

/**
 * Runs a request with retries. `control` changes the policy for one call and carries the caller's
 * signal; without `control`, the caller's signal is `request.signal`.
 */
export type Transport = (request: Request, control?: CallControl) => Promise<Settled>;

const IDEMPOTENT = /^(GET|HEAD|OPTIONS|PUT|DELETE)$/;

/**
 * Whether an answer with this status may pass if asked again: 408, 409, 429 and 5xx.
 *
 * @param status - The HTTP status (`undefined` when no response arrived: not a status that passes).
 */
export function passes(status: number | undefined): boolean {
  return status === 408 || status === 409 || status === 429 || (status ?? 0) >= 500;
}
/**
 * Creates the retrying transport under the client's calls.
 *
 * @param options - The base fetch, the policy, the clock, the sleep and the hooks.
 * @returns A function that runs a request to its final exchange.
 */
export function createTransport(options: TransportOptions): Transport {
  return async (request, control) => {
    const { now, onRequest, onResponse, onRetry, onError } = options;
    const timeout = control?.timeout ?? options.timeout;
    const totalTimeout = control?.totalTimeout ?? options.totalTimeout;
    const maxRetryAfter = control?.maxRetryAfter ?? options.maxRetryAfter;
    const method = request.method;
    const idempotent = IDEMPOTENT.test(method);
    // Only a request that is not idempotent by its method needs a key to be retried (and reports
    // it); a GET's key, if a caller sets one, changes nothing.
    const key = idempotent ? undefined : (request.headers.get('idempotency-key') ?? undefined);
    const retries =
      idempotent || key !== undefined ? (control?.maxRetries ?? options.maxRetries) : 0;
    // Through the client, `control` carries the caller's signal (or none: then nothing can abort
    // the call but a timeout, and no listener is needed). Used bare, the request carries it.
    const signal = control === undefined ? request.signal : control.signal;
    // The call's clock starts before anything is awaited: reading the body below takes turns of
    // the event loop, which a starved process makes long, and they are part of the call.
    const deadline = totalTimeout === undefined ? Number.POSITIVE_INFINITY : now() + totalTimeout;
    // A body that may be sent again is read once and handed to every attempt.
    const buffered = request.body !== null && retries > 0;
    const body = buffered ? await request.arrayBuffer() : undefined;
    // `url` is filled in only when a hook or an error needs it: serializing a Request's URL costs
    // more than anything else the transport does on a call that succeeds at once.
    const event = { method, url: '', attempt: 0, idempotencyKey: key };

    for (;;) {
      event.attempt++;
      const attempt = event.attempt;
      if (signal?.aborted)
        throw failed(onError, described(event, request), aborted(signal, key, attempt - 1));
      const budget = deadline - now();
      if (budget <= 0)
        throw failed(
          onError,
          described(event, request),
          timedOut('totalTimeout', totalTimeout ?? 0, key, attempt - 1, undefined),
        );
      const limit = Math.min(timeout, budget);
      const sent = attempt === 1 && !buffered ? request : copy(request, body);
      onRequest?.({
        ...described(event, request),
        headers: redact(sent.headers),
        body: decode(body),
      });
      const started = now();
      let error: MessagingError | undefined;
      let delay = 0;
      try {
        const { response, text } = await exchange(options.fetch, sent, limit, signal);
        const status = response.status;
        onResponse?.({
          ...described(event, request),
          status,
          traceId: traceOf(response),
          durationMs: now() - started,
          body: text,
        });
        if (passes(status)) {
          const asked = retryAfterMs(response.headers, now());
          delay = asked ?? backoff(attempt);
          // A server that asks for more patience than allowed is answered by the application.
          if (
            attempt > retries ||
            (asked !== undefined && asked > maxRetryAfter) ||
            response.headers.get('x-should-retry') === 'false' ||
            now() + delay >= deadline
          ) {
            return { response, text, parsed: undefined, attempts: attempt };
          }
          onRetry?.({
            ...described(event, request),
            delayMs: delay,
            status,
            traceId: traceOf(response),
            error: undefined,
          });
        } else {
          // A success's body: JSON, with what the call relies on (an error status's is read by
          // openapi-fetch, then `errorFromResponse`).
          let parsed: unknown;
          let invalid: unknown;
          let wrong: string | undefined;
          if (response.ok) {
            try {
              if (text !== '') parsed = JSON.parse(text);
            } catch (cause) {
              invalid = cause;
              wrong = 'with a body that is not JSON';
            }
            wrong ??= control?.accept?.(parsed);
          }
          if (wrong === undefined) return { response, text, parsed, attempts: attempt };
          error = invalidBody(response, text, invalid, key, attempt, wrong);
        }
      } catch (failure) {
        if (signal?.aborted)
          throw failed(onError, described(event, request), aborted(signal, key, attempt));
        error = attemptError(failure, limit, limit === budget, key, attempt);
      }

      if (error !== undefined) {
        delay = backoff(attempt);
        // A timeout caused by the total deadline is final.
        if (
          attempt > retries ||
          (error instanceof TimeoutError && limit === budget) ||
          now() + delay >= deadline
        ) {
          throw failed(onError, described(event, request), error);
        }
        onRetry?.({
          ...described(event, request),
          delayMs: delay,
          status: error.status,
          traceId: error.traceId,
          error,
        });
      }
      let slept: boolean;
      try {
        // The wait counts against `totalTimeout` like the attempts do: a sleep that overruns (a
        // virtual clock advanced over HTTP, a starved timer) ends the call at its deadline.
        slept = await sleepWithin(options.sleep, delay, signal, deadline - now());
      } catch (cause) {
        throw signal?.aborted
          ? failed(onError, described(event, request), aborted(signal, key, attempt))
          : cause;
      }
      if (!slept) {
        throw failed(
          onError,
          described(event, request),
          timedOut('totalTimeout', totalTimeout ?? 0, key, attempt, undefined),
        );
      }
    }
  };
}

// The attempt's event with its URL, read from the request the first time it is needed.
function described(event: AttemptEvent, request: Request): AttemptEvent {
  if (event.url === '') event.url = request.url;
  return event;
}

// Reports a final failure to the hook and hands it back to be thrown.
function failed<E extends MessagingError>(
  onError: TransportHooks['onError'],
  event: AttemptEvent,
  error: E,
): E {
  onError?.({ ...event, error });
  return error;
}

function invalidBody(
  response: Response,
  text: string,
  cause: unknown,
  key: string | undefined,
  attempts: number,
  wrong: string,
): InvalidResponseError {
  const status = response.status;
  return new InvalidResponseError(`The service answered ${status} ${wrong}`, {
    status,
    code: 'INVALID_RESPONSE',
    traceId: traceOf(response),
    idempotencyKey: key,
    attempts,
    bodyPreview: text.slice(0, 200),
    cause,
  });
}

function attemptError(
  failure: unknown,
  limit: number,
  total: boolean,
  key: string | undefined,
  attempt: number,
): MessagingError {
  // Anything else thrown during an attempt (a hook, the body check) is a connection failure too.
  const known = failure instanceof AttemptFailure;
  if (known && failure.reason === 'timeout') {
    return timedOut(total ? 'totalTimeout' : 'timeout', limit, key, attempt, failure.cause);
  }
  const message =
    known && failure.reason === 'body'
      ? 'The connection broke while the body was read; the request may have been executed'
      : 'Connection error';
  return new ConnectionError(message, {
    code: 'CONNECTION_ERROR',
    idempotencyKey: key,
    attempts: attempt,
    cause: known ? failure.cause : failure,
  });
}

function timedOut(
  option: 'timeout' | 'totalTimeout',
  ms: number,
  key: string | undefined,
  attempts: number,
  cause: unknown,
): TimeoutError {
  return new TimeoutError(`Request exceeded ${option} (${ms} ms)`, {
    code: 'TIMEOUT',
    idempotencyKey: key,
    attempts,
    cause,
    option,
  });
}

function traceOf(response: Response): string | undefined {
  return response.headers.get('x-trace-id') ?? undefined;
}

// Exponential backoff with jitter: 0.5 s · 2ⁿ⁻¹ for attempt n, at most 8 s, less up to a quarter.
function backoff(attempt: number): number {
  return 500 * 2 ** Math.min(attempt - 1, 4) * (1 - Math.random() * 0.25);
}

// The request again, with the buffered body (if any): a body can be read only once. Without one
// the request has none to take (a request with a body is buffered whenever it may be retried).
function copy(request: Request, body: ArrayBuffer | undefined): Request {
  return new Request(request, { body: body ?? null });
}

function decode(body: ArrayBuffer | undefined): string | undefined {
  return body === undefined ? undefined : new TextDecoder().decode(body);
}

function aborted(signal: AbortSignal, idempotencyKey: string | undefined, attempts: number) {
  return new AbortError('Request was aborted', {
    code: 'ABORTED',
    idempotencyKey,
    attempts,
    cause: signal.reason,
  });
}

// An API key is shown by its prefix (the environment and four characters), as the service does.
function redact(headers: Headers): Record<string, string> {
  const out = Object.fromEntries(headers);
  const apiKey = out['x-api-key'];
  if (apiKey !== undefined) out['x-api-key'] = keyPrefix(apiKey);
  return out;
}

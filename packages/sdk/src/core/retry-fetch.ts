/**
 * The transport under openapi-fetch's `fetch` option: it runs each attempt as a whole exchange
 * (headers and body, under the attempt's limit, `totalTimeout` and the caller's signal), retries
 * what is safe to retry, waits between attempts, and reports through hooks. Retries live here and
 * not in middleware because middleware cannot re-issue a request (openapi-fetch's own advice).
 *
 * A POST is retried only with an `Idempotency-Key`, which every attempt carries, so the service
 * executes it at most once. A `Retry-After` above `maxRetryAfter`, or `X-Should-Retry: false` (a
 * failure that would repeat), ends the call at once. The platform `Response` is never modified:
 * the body read travels beside it, in the {@link Settled} record.
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
  MessagingError,
  type MessagingErrorInit,
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
   * retried like a body that is not JSON: for a keyed send the replay is the stored answer.
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
    const call = startCall(options, request, control);
    // A body that may be sent again is read once and handed to every attempt.
    const body = call.buffered ? await request.arrayBuffer() : undefined;
    for (;;) {
      const attempt = ++call.event.attempt;
      if (call.signal?.aborted) throw fail(call, aborted(call, attempt - 1));
      const budget = call.deadline - options.now();
      if (budget <= 0) throw fail(call, totalTimedOut(call, attempt - 1));
      const limit = Math.min(call.timeout, budget);
      // A body can be read only once: a retried request is sent again with the buffered one (a
      // request with a body is buffered whenever it may be retried).
      const sent =
        attempt === 1 && !call.buffered ? request : new Request(request, { body: body ?? null });
      options.onRequest?.({
        ...described(call),
        headers: redact(sent.headers),
        body: body && new TextDecoder().decode(body),
      });
      const started = options.now();
      let outcome: Settled | number | MessagingError;
      try {
        outcome = answered(call, await exchange(options.fetch, sent, limit, call.signal), started);
      } catch (failure) {
        if (call.signal?.aborted) throw fail(call, aborted(call, attempt));
        // Anything thrown during an attempt (a hook, the body check) is a connection failure too.
        outcome = attemptError(call, failure, limit, limit === budget);
      }
      if (outcome instanceof MessagingError) outcome = retryOrFail(call, outcome, limit === budget);
      if (typeof outcome !== 'number') return outcome;
      await pause(call, outcome);
    }
  };
}

type Call = ReturnType<typeof startCall>;

function startCall(options: TransportOptions, request: Request, control: CallControl | undefined) {
  const totalTimeout = control?.totalTimeout ?? options.totalTimeout;
  const method = request.method;
  const idempotent = IDEMPOTENT.test(method);
  // Only a request that is not idempotent by its method needs a key to be retried (and reports
  // it); a GET's key, if a caller sets one, changes nothing.
  const key = idempotent ? undefined : (request.headers.get('idempotency-key') ?? undefined);
  const retries = idempotent || key !== undefined ? (control?.maxRetries ?? options.maxRetries) : 0;
  return {
    options,
    request,
    control,
    timeout: control?.timeout ?? options.timeout,
    totalTimeout,
    maxRetryAfter: control?.maxRetryAfter ?? options.maxRetryAfter,
    key,
    retries,
    // Through the client, `control` carries the caller's signal (or none: then nothing can abort
    // the call but a timeout, and no listener is needed). Used bare, the request carries it.
    signal: control === undefined ? request.signal : control.signal,
    // The call's clock starts before anything is awaited: reading the body takes turns of the
    // event loop, which a starved process makes long, and they are part of the call.
    deadline: totalTimeout === undefined ? Number.POSITIVE_INFINITY : options.now() + totalTimeout,
    buffered: request.body !== null && retries > 0,
    // `url` is filled in only when a hook or an error needs it: serializing a Request's URL costs
    // more than anything else the transport does on a call that succeeds at once.
    event: { method, url: '', attempt: 0, idempotencyKey: key },
  };
}

// The attempt's answer: the call's final exchange, the wait before the next attempt, or an
// invalid success body (to be retried like a connection failure).
function answered(call: Call, { response, text }: Exchange, started: number) {
  const { options } = call;
  options.onResponse?.({
    ...described(call),
    status: response.status,
    traceId: traceOf(response),
    durationMs: options.now() - started,
    body: text,
  });
  return passes(response.status)
    ? retryOrAnswer(call, response, text)
    : success(call, response, text);
}

// The wait before the next attempt after a failed one, or the failure thrown when it is final: no
// retries left, no time left, or a timeout caused by the total deadline (`last`).
function retryOrFail(call: Call, error: MessagingError, last: boolean): number {
  const final = error instanceof TimeoutError && last;
  const delay = final ? undefined : retryIn(call, backoff(call.event.attempt), error, undefined);
  if (delay === undefined) throw fail(call, error);
  return delay;
}

// An answer that may pass if asked again: the wait before asking, or the answer itself when the
// call may not wait (a server that asks for more patience than allowed, or one that says a retry
// would fail the same way, or no retries or time left).
function retryOrAnswer(call: Call, response: Response, text: string): Settled | number {
  const asked = retryAfterMs(response.headers, call.options.now());
  const refused =
    (asked !== undefined && asked > call.maxRetryAfter) ||
    response.headers.get('x-should-retry') === 'false';
  const delay = refused
    ? undefined
    : retryIn(call, asked ?? backoff(call.event.attempt), undefined, response);
  return delay ?? { response, text, parsed: undefined, attempts: call.event.attempt };
}

function retryIn(
  call: Call,
  delay: number,
  error: MessagingError | undefined,
  response: Response | undefined,
): number | undefined {
  const { options, event } = call;
  if (event.attempt > call.retries || options.now() + delay >= call.deadline) return undefined;
  const status = error?.status ?? response?.status;
  const traceId = error?.traceId ?? (response && traceOf(response));
  options.onRetry?.({ ...described(call), delayMs: delay, status, traceId, error });
  return delay;
}

// Any other answer is final, unless a success's body is not JSON or lacks what the call relies on
// (an error status's body is read by openapi-fetch, then `errorFromResponse`).
function success(call: Call, response: Response, text: string): Settled | InvalidResponseError {
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
    wrong ??= call.control?.accept?.(parsed);
  }
  const attempts = call.event.attempt;
  if (wrong === undefined) return { response, text, parsed, attempts };
  return clientError(
    InvalidResponseError,
    `The service answered ${response.status} ${wrong}`,
    call,
    {
      status: response.status,
      code: 'INVALID_RESPONSE',
      traceId: traceOf(response),
      bodyPreview: text.slice(0, 200),
      cause: invalid,
    },
  );
}

// The wait between attempts. It counts against `totalTimeout` like the attempts do: a sleep that
// overruns (a virtual clock advanced over HTTP, a starved timer) ends the call at its deadline.
async function pause(call: Call, delay: number): Promise<void> {
  const { options, signal } = call;
  let slept: boolean;
  try {
    slept = await sleepWithin(options.sleep, delay, signal, call.deadline - options.now());
  } catch (cause) {
    throw signal?.aborted ? fail(call, aborted(call, call.event.attempt)) : cause;
  }
  if (!slept) throw fail(call, totalTimedOut(call, call.event.attempt));
}

function described({ event, request }: Call): AttemptEvent {
  if (event.url === '') event.url = request.url;
  return event;
}

function fail<E extends MessagingError>(call: Call, error: E): E {
  call.options.onError?.({ ...described(call), error });
  return error;
}

// An error of the client's own, carrying the call's key and (by default) the attempts made so far.
function clientError<E extends MessagingError>(
  Class: new (message: string, init: MessagingErrorInit) => E,
  message: string,
  call: Call,
  init: MessagingErrorInit,
  attempts = call.event.attempt,
): E {
  return new Class(message, { idempotencyKey: call.key, attempts, ...init });
}

function attemptError(call: Call, failure: unknown, limit: number, total: boolean) {
  const known = failure instanceof AttemptFailure;
  if (known && failure.reason === 'timeout') {
    const option = total ? 'totalTimeout' : 'timeout';
    return timedOut(call, call.event.attempt, option, limit, failure.cause);
  }
  const message =
    known && failure.reason === 'body'
      ? 'The connection broke while the body was read; the request may have been executed'
      : 'Connection error';
  const cause = known ? failure.cause : failure;
  return clientError(ConnectionError, message, call, { code: 'CONNECTION_ERROR', cause });
}

function totalTimedOut(call: Call, attempts: number): TimeoutError {
  return timedOut(call, attempts, 'totalTimeout', call.totalTimeout ?? 0, undefined);
}

function timedOut(
  call: Call,
  attempts: number,
  option: 'timeout' | 'totalTimeout',
  ms: number,
  cause: unknown,
): TimeoutError {
  const init = { code: 'TIMEOUT', option, cause };
  return clientError(TimeoutError, `Request exceeded ${option} (${ms} ms)`, call, init, attempts);
}

function aborted(call: Call, attempts: number): AbortError {
  const init = { code: 'ABORTED', cause: call.signal?.reason };
  return clientError(AbortError, 'Request was aborted', call, init, attempts);
}

function traceOf(response: Response): string | undefined {
  return response.headers.get('x-trace-id') ?? undefined;
}

// Exponential backoff with jitter: 0.5 s · 2ⁿ⁻¹ for attempt n, at most 8 s, less up to a quarter.
function backoff(attempt: number): number {
  return 500 * 2 ** Math.min(attempt - 1, 4) * (1 - Math.random() * 0.25);
}

// An API key is shown by its prefix (the environment and four characters), as the service does.
function redact(headers: Headers): Record<string, string> {
  const out = Object.fromEntries(headers);
  const apiKey = out['x-api-key'];
  if (apiKey !== undefined) out['x-api-key'] = keyPrefix(apiKey);
  return out;
}

// The SDK's errors: one base class and a subclass per kind of failure; `errorFromResponse` is the
// one place that maps a response (status and `code`) to a class. `instanceof` works across copies
// of the SDK (its ESM and CJS builds side by side, or two installed copies): each class answers it
// by a brand registered with `Symbol.for`, not by prototype identity.

import { type Branded, brandAll, KIND } from '../internal/brand';
import { retryAfterMs } from '../internal/retry-after';
import type { KnownErrorCode } from './api-types';

/**
 * The codes the SDK gives failures that have no error envelope: `CONNECTION_ERROR` (no response, or
 * the connection broke while the body was read), `TIMEOUT` (`timeout` or `totalTimeout`),
 * `ABORTED` (the caller's signal), `INVALID_RESPONSE` (a success whose body is not JSON, or lacks
 * the id a send relies on), `WAIT_TIMEOUT` (a `waitFor` deadline), `ORDER_NOT_ITERABLE` and
 * `PAGE_INCONSISTENT` (a list walk, {@link PaginationError}), and `HTTP_<status>` (an error status
 * without an envelope).
 */
export type ClientErrorCode =
  | 'CONNECTION_ERROR'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'INVALID_RESPONSE'
  | 'WAIT_TIMEOUT'
  | 'ORDER_NOT_ITERABLE'
  | 'PAGE_INCONSISTENT'
  | `HTTP_${number}`;

/**
 * An error's `code`: the service's documented codes (`KnownErrorCode` in the contract), the SDK's
 * own, or any other string — the service's set is open, so a code added later still type-checks
 * while editors suggest the known ones.
 */
export type ErrorCode = KnownErrorCode | ClientErrorCode | (string & {});

/** What a {@link MessagingError} carries besides its message. */
export interface MessagingErrorInit {
  /** The HTTP status; `undefined` when no response arrived. */
  status?: number | undefined;
  /** The error envelope's `code` (`VALIDATION_ERROR`, …), or the SDK's own for client-side failures. */
  code: ErrorCode;
  /** The envelope's `trace_id`, or the `X-Trace-Id` header. */
  traceId?: string | undefined;
  /** The envelope's `timestamp`. */
  timestamp?: string | undefined;
  /** The envelope's `service`. */
  service?: string | undefined;
  /** The envelope's `fields`. */
  fields?: Readonly<Record<string, string>> | undefined;
  /** The `Idempotency-Key` the request carried. */
  idempotencyKey?: string | undefined;
  /** The response, when one arrived. */
  response?: Response | undefined;
  /** Seconds to wait, from `Retry-After` (rate limits and idempotency conflicts). */
  retryAfter?: number | undefined;
  /** How many attempts the call made, the last one included. */
  attempts?: number | undefined;
  /** The first characters of a body that could not be read as JSON. */
  bodyPreview?: string | undefined;
  /** The last status a wait saw. */
  lastStatus?: string | undefined;
  /** Which limit a timeout reached. */
  option?: 'timeout' | 'totalTimeout' | undefined;
  /** The underlying failure (a network error, the abort reason), as `Error.cause`. */
  cause?: unknown;
}

/**
 * The base of every error the SDK throws for a request: HTTP errors (with the service's error
 * envelope), connection failures, timeouts and aborts.
 *
 * @example
 * ```ts
 * import { MessagingClient, RateLimitError, ValidationError } from '@msgsvc/sdk';
 *
 * const client = new MessagingClient();
 * try {
 *   await client.messages.send({ to: '+244923000001', body: 'Olá' });
 * } catch (error) {
 *   if (error instanceof ValidationError) console.error(error.fields); // { to: '…' }
 *   else if (error instanceof RateLimitError) console.error(`retry in ${error.retryAfter}s`);
 *   else throw error;
 * }
 * ```
 */
export class MessagingError extends Error {
  /** `true` for errors of this class or a subclass, from any copy of the SDK. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `instanceof` asks the class it names (a subclass too).
    const symbol = (this as unknown as Branded)[KIND];
    // Only a branded prototype holds `true` under the symbol; a primitive or nullish value never.
    return (value as Record<symbol, unknown> | null | undefined)?.[symbol] === true;
  }

  /** The HTTP status; `undefined` for connection errors, timeouts and aborts. */
  declare readonly status: number | undefined;
  /**
   * The envelope's `code`, e.g. `VALIDATION_ERROR`, or the SDK's own ({@link ClientErrorCode}) when
   * no envelope arrived.
   */
  declare readonly code: ErrorCode;
  /** The request's trace id (`trace_id` / `X-Trace-Id`): quote it to support. */
  declare readonly traceId: string | undefined;
  /** When the service produced the error. */
  declare readonly timestamp: string | undefined;
  /** The service that produced the error: `core` or `billing`. */
  declare readonly service: string | undefined;
  /** Field name → message, on validation and scope errors; empty otherwise. */
  declare readonly fields: Readonly<Record<string, string>>;
  /** The `Idempotency-Key` the request carried, if any: retry with it to stay exactly-once. */
  declare readonly idempotencyKey: string | undefined;
  /**
   * How many attempts the call made before this error, the last one included (1: not retried);
   * `undefined` for errors that no request produced, such as a wait's deadline.
   */
  declare readonly attempts: number | undefined;
  /** The raw response (not enumerable, so logs stay short); `undefined` when none arrived. */
  declare readonly response: Response | undefined;

  /**
   * @param message - Human-readable text (the envelope's `message`).
   * @param init - Status, code and the rest of the envelope.
   */
  constructor(message: string, init: MessagingErrorInit) {
    const { cause, response, retryAfter, bodyPreview, lastStatus, option, ...details } = init;
    super(message, cause === undefined ? undefined : { cause });
    Object.assign(this, details, { fields: details.fields ?? {}, attempts: details.attempts });
    // The fields of one kind of error appear only on that kind (and only when known).
    for (const [name, value] of Object.entries({ retryAfter, bodyPreview, option, lastStatus })) {
      if (value !== undefined) Object.assign(this, { [name]: value });
    }
    Object.defineProperty(this, 'response', { value: response });
  }
}

/** 400: the request could not be read (an undecodable body, a malformed request line). */
export class BadRequestError extends MessagingError {}

/** 401 `AUTH_INVALID_API_KEY`: the key is missing, malformed or revoked. */
export class AuthenticationError extends MessagingError {}

/** 403 `AUTH_INVALID_SCOPE`: the key lacks the operation's scope (`fields.apikey` names it). */
export class PermissionError extends MessagingError {}

/** 404 `NOT_FOUND` or `RESOURCE_NOT_FOUND`: absent, or another organization's. */
export class NotFoundError extends MessagingError {}

/** 402 `BILLING_INSUFFICIENT_FUNDS`: the balance is below the cost; nothing was created. */
export class InsufficientFundsError extends MessagingError {}

/**
 * 408 from the server (or a proxy), after the retries the client allows. The client's own
 * deadlines are {@link TimeoutError}.
 */
export class RequestTimeoutError extends MessagingError {}

/** 413 `PAYLOAD_TOO_LARGE`: the body is over the service's limit. Never retried. */
export class PayloadTooLargeError extends MessagingError {}

/** 415 `UNSUPPORTED_MEDIA_TYPE`: the body is not `application/json` in UTF-8. Never retried. */
export class UnsupportedMediaTypeError extends MessagingError {}

/** 422 `VALIDATION_ERROR` (or another 422 code): `fields` says which input is wrong. */
export class ValidationError extends MessagingError {}

/**
 * An `Idempotency-Key` conflict: 409 `IDEMPOTENCY_KEY_IN_USE` (the first request is still
 * running; retried automatically) or 422 `IDEMPOTENCY_KEY_REUSED` (the key was used with a
 * different body).
 */
export class ConflictError extends MessagingError {}

/** 429 `RATE_LIMIT_EXCEEDED`, after the retries the client allows. */
export class RateLimitError extends MessagingError {
  /** Seconds to wait before retrying, from `Retry-After`. */
  declare readonly retryAfter: number | undefined;
}

/** A 5xx answer, after the retries the client allows. */
export class ServerError extends MessagingError {}

/**
 * No complete response arrived, after the retries the client allows: the connection failed, was
 * reset, or broke while the body was read. The request may have been executed: retry with the
 * error's `idempotencyKey` to stay exactly-once.
 */
export class ConnectionError extends MessagingError {}

/**
 * An attempt exceeded `timeout` (headers and body), or the call exceeded `totalTimeout`. Like any
 * {@link ConnectionError}, the request may have been executed.
 */
export class TimeoutError extends ConnectionError {
  /** The option whose limit was reached: `timeout` (one attempt) or `totalTimeout` (the call). */
  declare readonly option: 'timeout' | 'totalTimeout';
}

/**
 * A success (2xx) whose body is not the JSON the contract promises: typically a proxy's page.
 * `bodyPreview` holds its first characters. The request may have been executed.
 */
export class InvalidResponseError extends MessagingError {
  /** The first 200 characters of the body. */
  declare readonly bodyPreview: string;
}

/** `waitFor` reached its `timeout` before the record reached a state it waits for. */
export class WaitTimeoutError extends MessagingError {
  /** The status of the last successful poll; `undefined` when no poll answered in time. */
  declare readonly lastStatus: string | undefined;

  /**
   * @param message - What the wait was for and how long it waited.
   * @param init - The code and the last status seen.
   */
  constructor(message: string, init: MessagingErrorInit) {
    super(message, init);
    // Present even when no poll answered, so the field is always there to read.
    Object.assign(this, { lastStatus: init.lastStatus });
  }
}

/**
 * A list cannot be iterated with the walk's guarantee (see the pagination guide): `code`
 * `ORDER_NOT_ITERABLE` when it is ordered by `updated_at` (records move in that order while it is
 * read: iterate by `created_at` instead, or await one page at a time), `PAGE_INCONSISTENT` when the
 * service answered a page out of its own order. Thrown before any request in the first case.
 */
export class PaginationError extends MessagingError {}

/** The caller's `AbortSignal` fired; `cause` is the signal's reason. Never retried. */
export class AbortError extends MessagingError {}

brandAll({
  MessagingError,
  BadRequestError,
  AuthenticationError,
  PermissionError,
  NotFoundError,
  InsufficientFundsError,
  RequestTimeoutError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
  ConflictError,
  RateLimitError,
  ServerError,
  ConnectionError,
  TimeoutError,
  InvalidResponseError,
  WaitTimeoutError,
  PaginationError,
  AbortError,
});

const BY_STATUS: Readonly<Record<number, typeof MessagingError>> = {
  400: BadRequestError,
  401: AuthenticationError,
  402: InsufficientFundsError,
  403: PermissionError,
  404: NotFoundError,
  408: RequestTimeoutError,
  409: ConflictError,
  413: PayloadTooLargeError,
  415: UnsupportedMediaTypeError,
  422: ValidationError,
  429: RateLimitError,
};

/**
 * Builds the error for an HTTP error response: the class from the status (and `code`
 * `IDEMPOTENCY_KEY_REUSED`, a {@link ConflictError}), the details from the envelope. The message
 * carries the cause where the envelope has it: `Invalid request: to — must be an E.164
 * number; body — must not be empty` (at most five fields, then "and N more"), the missing scope of a
 * 403, the shortfall of a 402, the wait of a 429; at most about a thousand characters.
 *
 * @param response - The error response, handed to the error as it is (its body unread).
 * @param body - The parsed body: the error envelope, or whatever a proxy answered.
 * @param idempotencyKey - The key the request carried, if any.
 * @param now - The current time, for an HTTP-date `Retry-After`.
 * @param attempts - How many attempts the call made.
 */
export function errorFromResponse(
  response: Response,
  body: unknown,
  idempotencyKey?: string,
  now = Date.now(),
  attempts?: number,
): MessagingError {
  // Anything but an object (a proxy's text, `null`) has none of the envelope's fields.
  const envelope = Object(body) as Record<string, unknown>;
  const text = (key: string) => (typeof envelope[key] === 'string' ? envelope[key] : undefined);
  const status = response.status;
  const code = text('code') ?? `HTTP_${status}`;
  const Class =
    (code === 'IDEMPOTENCY_KEY_REUSED' ? ConflictError : BY_STATUS[status]) ??
    (status >= 500 ? ServerError : MessagingError);
  const wait = retryAfterMs(response.headers, now);
  const retryAfter = wait === undefined ? undefined : wait / 1000;
  const message = errorMessage(
    status,
    text('message') ?? `HTTP ${status}`,
    envelope.fields,
    retryAfter,
  );
  return new Class(message, {
    status,
    code,
    traceId: text('trace_id') ?? response.headers.get('x-trace-id') ?? undefined,
    timestamp: text('timestamp'),
    service: text('service'),
    fields: envelope.fields as Record<string, string> | undefined,
    idempotencyKey,
    response,
    retryAfter,
    attempts,
  });
}

// The service's message with the cause added where the envelope has it (see `errorFromResponse`),
// so that a test runner printing only `error.message` shows it. Written small: it is in the main
// entry, under the size budget.
function errorMessage(
  status: number,
  message: string,
  fields: unknown,
  retryAfter: number | undefined,
): string {
  const base = clip(message, 1000);
  const texts = Object.entries(Object(fields)).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const more = texts.length - 5;
  if (status === 422 && more > -5) {
    // "to — must be an E.164 number; body — must not be empty; and 3 more"
    return `Invalid request: ${texts
      .slice(0, 5)
      .map(([name, text]) => `${clip(name, 60)} — ${plain(clip(text, 160))}`)
      .join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
  }
  // `fields.apikey` is "Missing scope: apikey:messages:send".
  const scope = texts.find(([name]) => name === 'apikey')?.[1].replace(/^missing scope: */i, '');
  if (status === 403 && scope && !base.includes(scope)) {
    return `${stop(base)} Missing scope: ${plain(clip(scope, 160))}.`;
  }
  return status === 429 && retryAfter !== undefined
    ? `${stop(base)} Retry after ${Math.ceil(retryAfter)} s.`
    : base;
}

// "Must be at most 200." → "must be at most 200"; "E.164 …" and "UUID …" keep their capitals.
function plain(text: string): string {
  return text.replace(/^[A-Z](?=[a-z])/, (first) => first.toLowerCase()).replace(/\.$/, '');
}

function stop(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

function clip(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/**
 * The request pipeline, written once for every adapter: plain request data in, plain response data
 * out. {@link handleRequest} reads top to bottom, one named step per rule of the service: route →
 * injected failure → authenticate → rate-limit → read the body → idempotency → validate, execute
 * and render.
 */
import { DomainError, validationError } from '../domain/core/errors';
import type { World } from '../domain/engine/world';
import { takeLatency, takeRequestFailure } from '../domain/policies/faults';
import { beginIdempotent, fingerprintOf, finishIdempotent } from '../domain/policies/idempotency';
import { consumeRateLimit } from '../domain/policies/rate-limits';
import { authenticate, requireScope } from './authenticate';
import { errorResponse, type UnexpectedErrorReporter, unexpectedError } from './envelope';
import type { Operation, OperationContext } from './operations';
import { KNOWN_METHODS, matchRoute, noRouteMessage } from './router';
import type { HttpRequest, HttpResponse } from './types';
import { bodyText, jsonBody, requireJsonUtf8 } from './validate';

const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;

/** Waits `ms` of wall-clock time (injected: the http layer owns no timers). */
export type Delay = (ms: number) => Promise<void>;

/** One request on its way through the pipeline: what every step reads, and the headers so far. */
interface Exchange {
  readonly world: World;
  readonly request: HttpRequest;
  readonly traceId: string;
  /** The headers every answer to this request carries, error or not (`Allow`, rate limits). */
  headers: Record<string, string>;
  /** Told of each exception that is not a {@link DomainError}. */
  readonly report: UnexpectedErrorReporter | undefined;
  /** The `Idempotency-Key` this request holds while it executes, and the API key it is under. */
  reserved?: { readonly apiKeyId: string; readonly key: string };
}

/**
 * Handles one request against a world. Never throws: every failure is an error envelope. The
 * answer is synchronous unless an injected latency fault delays it. An exception that is not a
 * {@link DomainError} is a bug in the mock: its 500 says what broke, and `report` hears of it once.
 */
export function handleRequest(
  world: World,
  request: HttpRequest,
  delay?: Delay,
  report?: UnexpectedErrorReporter,
): HttpResponse | Promise<HttpResponse> {
  const exchange: Exchange = { world, request, traceId: world.newTraceId(), headers: {}, report };
  try {
    const { operation, params } = route(exchange);
    failIfInjected(world, operation);
    const { key, caller } = authenticate(world, request.headers);
    requireScope(key, operation.scope);
    rateLimit(exchange, key.id, operation);
    const json = readBody(request, operation);
    const replay = reserve(exchange, key.id, operation, json);
    if (replay !== undefined) return replay;
    // Validate, execute and render (after an injected delay, with the key still reserved).
    const context: OperationContext = { world, caller, params, query: request.query, json };
    const latency = takeLatency(world, operation.operationId);
    if (latency > 0 && delay !== undefined) {
      return delay(latency)
        .then(() => execution(exchange, operation, context))
        .catch((error: unknown) => failure(exchange, error));
    }
    // No closure on the common, synchronous path: it runs for every request.
    return execution(exchange, operation, context);
  } catch (error) {
    return failure(exchange, error);
  }
}

/** The operation the method and path name, or throws the 501, 404 or 405 that says why none. */
function route(exchange: Exchange) {
  const { request } = exchange;
  if (!KNOWN_METHODS.has(request.method)) {
    throw new DomainError({
      code: 'NOT_IMPLEMENTED',
      message: `The method ${printable(request.method)} is not implemented by this service.`,
    });
  }
  const match = matchRoute(request.method, request.path);
  if (match === undefined) {
    throw new DomainError({
      code: 'NOT_FOUND',
      message: noRouteMessage(request.method, request.path),
    });
  }
  if ('operation' in match) return match;
  const allow = match.allow.join(', ');
  exchange.headers = { allow };
  throw new DomainError({
    code: 'METHOD_NOT_ALLOWED',
    message: `${request.method} is not allowed here; allowed: ${allow}.`,
  });
}

/** Throws the 500 or 503 a fault armed for this operation asks for, if one is armed. */
function failIfInjected(world: World, operation: Operation): void {
  const injected = takeRequestFailure(world, operation.operationId);
  if (injected === undefined) return;
  throw new DomainError(
    injected === 503
      ? {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is temporarily unavailable; retry shortly.',
        }
      : {
          code: 'INTERNAL_SERVER_ERROR',
          message: 'An unexpected error occurred; retry after a short delay.',
        },
  );
}

/** Counts the request against its key's limit for the operation; over it, a 429. */
function rateLimit(exchange: Exchange, apiKeyId: string, operation: Operation): void {
  const limit = consumeRateLimit(exchange.world, apiKeyId, operation.operationId);
  if (limit === undefined) return;
  exchange.headers = {
    'x-ratelimit-limit': String(limit.limit),
    'x-ratelimit-remaining': String(limit.remaining),
    'x-ratelimit-reset': String(Math.max(0, Math.ceil(limit.resetIn / 1000))),
  };
  if (limit.allowed) return;
  exchange.headers['retry-after'] = String(Math.max(1, Math.ceil(limit.resetIn / 1000)));
  throw new DomainError({
    code: 'RATE_LIMIT_EXCEEDED',
    message: 'Too many requests: retry after the time in Retry-After.',
  });
}

/** The parsed JSON body of a POST (`undefined` for GET); a wrong media type or bad JSON throws. */
function readBody(request: HttpRequest, operation: Operation): unknown {
  if (operation.method !== 'POST') return undefined;
  requireJsonUtf8(request.headers['content-type']);
  return jsonBody(bodyText(request.body));
}

/** The stored answer to replay for a repeated `Idempotency-Key`; else the key is now reserved. */
function reserve(
  exchange: Exchange,
  apiKeyId: string,
  operation: Operation,
  json: unknown,
): HttpResponse | undefined {
  const { world, request, traceId } = exchange;
  const idempotencyKey =
    operation.method === 'POST' ? request.headers['idempotency-key'] : undefined;
  if (idempotencyKey === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw validationError({
      'Idempotency-Key': 'Must be 1 to 255 printable ASCII characters without spaces.',
    });
  }
  const fingerprint = fingerprintOf(operation.operationId, json);
  const decision = beginIdempotent(world, apiKeyId, idempotencyKey, fingerprint);
  if (decision.kind !== 'replay') {
    exchange.reserved = { apiKeyId, key: idempotencyKey };
    return undefined;
  }
  return {
    status: decision.response.status,
    headers: {
      ...decision.response.headers,
      ...exchange.headers,
      'x-trace-id': traceId,
      'idempotent-replayed': 'true',
    },
    body: decision.response.body,
  };
}

/** Runs the operation and renders its result; the idempotency key is settled whatever happens. */
function execution(exchange: Exchange, operation: Operation, context: OperationContext) {
  let response: HttpResponse | undefined;
  try {
    const result = operation.handle(context);
    const headers = exchange.headers;
    headers['content-type'] = 'application/json';
    headers['x-trace-id'] = exchange.traceId;
    response = {
      status: result.status,
      headers,
      body: 'json' in result ? result.json : JSON.stringify(result.body),
    };
  } finally {
    // Only a request that executed keeps its key (and answer); a refused one frees it.
    const { reserved } = exchange;
    if (reserved !== undefined) {
      const answer =
        response !== undefined && response.status < 300
          ? { ...response, headers: { 'content-type': 'application/json' } }
          : undefined;
      finishIdempotent(exchange.world, reserved.apiKeyId, reserved.key, answer);
    }
  }
  return response;
}

/**
 * The error envelope of a failure. Anything but a {@link DomainError} is a bug: a 500 naming the
 * exception, not retried (`X-Should-Retry: false`: it would fail the same way), reported once.
 */
function failure(exchange: Exchange, error: unknown): HttpResponse {
  const { world, traceId, headers } = exchange;
  // A key still in flight is a 409 that says when to try again.
  if (error instanceof DomainError && error.code === 'IDEMPOTENCY_KEY_IN_USE') {
    headers['retry-after'] = '1';
  }
  if (error instanceof DomainError) return errorResponse(error, traceId, world.now(), headers);
  try {
    exchange.report?.(error, { request: exchange.request, traceId });
  } catch {
    // A reporter that throws must not turn the answer into a crash of the caller's fetch.
  }
  return errorResponse(unexpectedError(error), traceId, world.now(), {
    ...headers,
    'x-should-retry': 'false',
  });
}

/** A method name as a message can quote it: it came from the client, so at most 32 visible ASCII. */
function printable(method: string): string {
  return method.replace(/[^\x21-\x7e]/g, '?').slice(0, 32);
}

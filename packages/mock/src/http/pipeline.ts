/**
 * The request pipeline, written once for every adapter: plain request data in, plain response data
 * out. It reads top to bottom, one step per rule of the service: route → authenticate →
 * rate-limit → read the body → idempotency → validate and execute → render.
 */
import { DomainError, validationError } from '../domain/kernel/errors';
import type { World } from '../domain/kernel/world';
import { takeLatency, takeRequestFailure } from '../domain/policies/faults';
import { beginIdempotent, fingerprintOf, finishIdempotent } from '../domain/policies/idempotency';
import { consumeRateLimit, type RateLimitDecision } from '../domain/policies/rate-limits';
import { authenticate, requireScope } from './authenticate';
import { bodyText, requireJsonUtf8 } from './body';
import { errorResponse } from './envelope';
import { BASE_PATH, matchRoute, suggestPublicPath } from './router';
import type { HttpRequest, HttpResponse } from './types';
import { jsonBody } from './validate';

const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;

/** Waits `ms` of wall-clock time (injected: the http layer owns no timers). */
export type Delay = (ms: number) => Promise<void>;

/**
 * Handles one request against a world. Never throws: every failure is an error envelope. The
 * answer is synchronous unless an injected latency fault delays it.
 */
export function handleRequest(
  world: World,
  request: HttpRequest,
  delay?: Delay,
): HttpResponse | Promise<HttpResponse> {
  const traceId = world.newTraceId();
  let headers: Record<string, string> = {};
  const fail = (error: unknown) => failure(world, error, traceId, headers);
  try {
    // 1. Route: unknown paths and methods are answered before anything else.
    const match = matchRoute(request.method, request.path);
    if (match.kind === 'not_implemented') {
      throw new DomainError({
        code: 'NOT_IMPLEMENTED',
        message: `The method ${printable(request.method)} is not implemented by this service.`,
      });
    }
    if (match.kind === 'not_found') {
      throw new DomainError({ code: 'NOT_FOUND', message: noRouteMessage(request) });
    }
    if (match.kind === 'method_not_allowed') {
      headers = { allow: match.allow.join(', ') };
      throw new DomainError({
        code: 'METHOD_NOT_ALLOWED',
        message: `${request.method} is not allowed here; allowed: ${match.allow.join(', ')}.`,
      });
    }
    const { operation, params } = match;

    // 1b. An injected request failure answers before anything executes.
    const injected = takeRequestFailure(world, operation.operationId);
    if (injected !== undefined) {
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

    // 2. Authenticate the key, then check the operation's scope.
    const { key, caller } = authenticate(world, request.headers['x-api-key']);
    requireScope(key, operation.scope);

    // 3. Rate-limit per key and operation; the headers go on every response of the operation.
    const limit = consumeRateLimit(world, key.id, operation.operationId);
    if (limit !== undefined) headers = rateLimitHeaders(limit);
    if (limit !== undefined && !limit.allowed) {
      headers['retry-after'] = String(Math.max(1, Math.ceil(limit.resetIn / 1000)));
      throw new DomainError({
        code: 'RATE_LIMIT_EXCEEDED',
        message: 'Too many requests: retry after the time in Retry-After.',
      });
    }

    // 4. Bodies are JSON objects, in UTF-8 (D2, D67).
    let json: unknown;
    if (operation.method === 'POST') {
      requireJsonUtf8(request.headers['content-type']);
      json = jsonBody(bodyText(request.body));
    }

    // 5. Idempotency: replay a stored response, or reserve the key while this one executes.
    const idempotencyKey =
      operation.method === 'POST' ? request.headers['idempotency-key'] : undefined;
    if (idempotencyKey !== undefined) {
      if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw validationError({
          'Idempotency-Key': 'Must be 1 to 255 printable ASCII characters without spaces.',
        });
      }
      const fingerprint = fingerprintOf(operation.operationId, json);
      const decision = beginOrRetryLater(world, key.id, idempotencyKey, fingerprint, headers);
      if (decision.kind === 'replay') {
        return {
          status: decision.response.status,
          headers: {
            ...decision.response.headers,
            ...headers,
            'x-trace-id': traceId,
            'idempotent-replayed': 'true',
          },
          body: decision.response.body,
        };
      }
    }

    // 6. Validate, execute and render (after an injected delay, with the key still reserved).
    const execute = (): HttpResponse => {
      let response: HttpResponse | undefined;
      try {
        const result = operation.handle({ world, caller, params, query: request.query, json });
        response = {
          status: result.status,
          headers: { ...headers, 'content-type': 'application/json', 'x-trace-id': traceId },
          body: 'json' in result ? result.json : JSON.stringify(result.body),
        };
      } finally {
        // Only a request that executed keeps its key (decision D9); a refused one frees it.
        if (idempotencyKey !== undefined) {
          finishIdempotent(world, key.id, idempotencyKey, stored(response));
        }
      }
      return response;
    };
    const latency = takeLatency(world, operation.operationId);
    if (latency > 0 && delay !== undefined) {
      return delay(latency).then(execute).catch(fail);
    }
    return execute();
  } catch (error) {
    return fail(error);
  }
}

/**
 * A base URL without `/c/v1` is the commonest first mistake: the 404 says where the API lives, and
 * which path was probably meant (D76).
 */
function noRouteMessage({ method, path }: HttpRequest): string {
  const message = `No route for ${method} ${path}.`;
  if (path.startsWith(`${BASE_PATH}/`)) return message;
  const suggestion = suggestPublicPath(method, path);
  return suggestion === undefined
    ? `${message} The public API is under ${BASE_PATH}.`
    : `${message} The public API is under ${BASE_PATH}: did you mean ${suggestion}?`;
}

/** Begins an idempotent execution; a key still in flight is a 409 with `Retry-After: 1` (D9). */
function beginOrRetryLater(
  world: World,
  apiKeyId: string,
  idempotencyKey: string,
  fingerprint: string,
  headers: Record<string, string>,
) {
  try {
    return beginIdempotent(world, apiKeyId, idempotencyKey, fingerprint);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'IDEMPOTENCY_KEY_IN_USE') {
      headers['retry-after'] = '1';
    }
    throw error;
  }
}

function failure(
  world: World,
  error: unknown,
  traceId: string,
  headers: Record<string, string>,
): HttpResponse {
  if (error instanceof DomainError) return errorResponse(error, traceId, world.now(), headers);
  return errorResponse(
    {
      code: 'INTERNAL_SERVER_ERROR',
      message: 'An unexpected error occurred; retry after a short delay.',
    },
    traceId,
    world.now(),
    headers,
  );
}

function stored(response: HttpResponse | undefined) {
  if (response === undefined || response.status >= 300) return undefined;
  return {
    status: response.status,
    headers: { 'content-type': 'application/json' },
    body: response.body,
  };
}

function rateLimitHeaders(limit: RateLimitDecision): Record<string, string> {
  return {
    'x-ratelimit-limit': String(limit.limit),
    'x-ratelimit-remaining': String(limit.remaining),
    'x-ratelimit-reset': String(Math.max(0, Math.ceil(limit.resetIn / 1000))),
  };
}

/** A method name as a message can quote it: it came from the client, so at most 32 visible ASCII. */
function printable(method: string): string {
  return method.replace(/[^\x21-\x7e]/g, '?').slice(0, 32);
}

/**
 * The request pipeline, written once for every adapter: plain request data in, plain response data
 * out. It reads top to bottom, one step per line of the service's rules.
 */
import { DomainError } from '../domain/errors';
import { consumeRateLimit, type RateLimitDecision } from '../domain/rate-limits';
import type { World } from '../domain/world';
import { authenticate, requireScope } from './authenticate';
import { errorResponse } from './envelope';
import { matchRoute } from './router';
import type { HttpRequest, HttpResponse } from './types';

/** Handles one request against a world. Never throws: every failure is an error envelope. */
export function handleRequest(world: World, request: HttpRequest): HttpResponse {
  const traceId = world.newTraceId();
  let headers: Record<string, string> = {};
  try {
    // 1. Route: unknown paths and methods are answered before anything else.
    const match = matchRoute(request.method, request.path);
    if (match.kind === 'not_found') {
      throw new DomainError({
        code: 'NOT_FOUND',
        message: `No route for ${request.method} ${request.path}.`,
      });
    }
    if (match.kind === 'method_not_allowed') {
      headers = { allow: match.allow.join(', ') };
      throw new DomainError({
        code: 'METHOD_NOT_ALLOWED',
        message: `${request.method} is not allowed here; allowed: ${match.allow.join(', ')}.`,
      });
    }
    const { operation, params } = match;

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

    // 4. Bodies are JSON.
    if (operation.method === 'POST' && !isJson(request.headers['content-type'])) {
      throw new DomainError({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Send the body as application/json.',
      });
    }

    // 5. Validate, execute and render.
    const result = operation.handle({
      world,
      caller,
      params,
      query: request.query,
      body: request.body,
    });
    return {
      status: result.status,
      headers: { ...headers, 'content-type': 'application/json', 'x-trace-id': traceId },
      body: JSON.stringify(result.body),
    };
  } catch (error) {
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
}

function rateLimitHeaders(limit: RateLimitDecision): Record<string, string> {
  return {
    'x-ratelimit-limit': String(limit.limit),
    'x-ratelimit-remaining': String(limit.remaining),
    'x-ratelimit-reset': String(Math.max(0, Math.ceil(limit.resetIn / 1000))),
  };
}

function isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

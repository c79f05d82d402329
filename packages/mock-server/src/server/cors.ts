/**
 * CORS for a browser tool pointed at the server (`--cors ORIGIN,…`): an allow-list of exact
 * origins. A listed origin gets `Access-Control-Allow-Origin` on every answer and its preflights
 * answered; any other origin gets no CORS header, so its browser refuses to read the answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpResponse } from '@msgsvc/mock/port';
import { ControlError, controlErrorResponse } from '../errors/control-errors';

/** The methods of the public and control APIs. */
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** What a browser script may send: the API key, the key of a send, the admin token, JSON. */
const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'idempotency-key',
  'x-api-key',
  'x-request-id',
].join(', ');
/** What it may read beyond the CORS-safelisted headers: every header the contract defines. */
const EXPOSED_HEADERS = [
  'x-trace-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-ratelimit-limit-ifcounted',
  'x-ratelimit-remaining-ifcounted',
  'x-ratelimit-reset-ifcounted',
  'retry-after',
  'idempotent-replayed',
].join(', ');
/** How long a browser may cache a preflight, in seconds. */
const MAX_AGE = '600';

/** The CORS policy of one server. */
export interface Cors {
  /**
   * Adds the CORS headers a listed origin gets to `res`. For a preflight (`OPTIONS` with
   * `Access-Control-Request-Method`), returns its answer: 204 for a listed origin, a 403 envelope
   * (and no CORS header) for any other; `undefined` for every other request, which goes on.
   */
  apply(req: IncomingMessage, res: ServerResponse, now: number): HttpResponse | undefined;
}

/** A policy over an allow-list of exact origins. */
export function createCors(origins: readonly string[]): Cors {
  const allowed = new Set(origins.map((origin) => origin.toLowerCase()));
  return {
    apply(req, res, now) {
      const origin = req.headers.origin;
      const preflight =
        req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
      // Caches must keep one answer per origin: the header differs between them.
      res.setHeader('vary', 'Origin');
      const listed = origin !== undefined && allowed.has(origin.toLowerCase());
      if (listed) {
        res.setHeader('access-control-allow-origin', origin);
        res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
      }
      if (!preflight) return undefined;
      if (listed) {
        return {
          status: 204,
          headers: {
            'access-control-allow-methods': METHODS,
            'access-control-allow-headers': ALLOWED_HEADERS,
            'access-control-max-age': MAX_AGE,
          },
          body: '',
        };
      }
      // No CORS header: the browser refuses the real request; the body says why to a human.
      const message = `Origin ${origin ?? '(none)'} is not in the server's --cors allow-list.`;
      return controlErrorResponse(new ControlError('CORS_ORIGIN_NOT_ALLOWED', message), now);
    },
  };
}

/**
 * Who may call the server, and from where. The public API authenticates with API keys; the admin
 * side can reset worlds and mint keys, so:
 *
 * - bound to loopback with no token, it trusts the machine but checks `Host` (a DNS-rebinding page
 *   reaches 127.0.0.1 under a foreign name) and `Origin` (a cross-site page can still POST);
 * - with an admin token (required when bound beyond loopback), every request must carry it as
 *   `Authorization: Bearer <token>` (the inspector page may take it as `?token=` once, since a
 *   browser cannot add headers to a navigation).
 *
 * A browser tool pointed at the server (`--cors ORIGIN,…`) names exact origins: a listed origin
 * gets `Access-Control-Allow-Origin` on every answer and its preflights answered; any other gets no
 * CORS header, so its browser refuses to read the answer.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpRequest, HttpResponse } from '@msgsvc/mock/port';
import { ControlError, controlErrorResponse } from '../errors/control-errors';

/** Whether a bind address or host name is a loopback one (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(name)
  );
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Builds the access rules of one server. `corsOrigins` (`--cors`) are the browser origins allowed
 * to use the control API as well; every other cross-origin request is refused.
 */
export function createAccess(adminToken: string | undefined, corsOrigins: readonly string[]) {
  const expected = adminToken === undefined ? undefined : digest(adminToken);
  const allowedOrigins = new Set(corsOrigins.map((origin) => origin.toLowerCase()));
  return {
    /**
     * The reason to refuse `request`, or `undefined` to let it through. `queryToken` is a
     * `?token=` value, accepted only where the caller allows it (the page itself).
     */
    check(request: HttpRequest, queryToken?: string | null): ControlError | undefined {
      const host = request.headers.host ?? '';
      const origin = request.headers.origin;
      // `Origin: null` (sandboxed frames, file: pages) is foreign too.
      if (
        origin !== undefined &&
        urlPart(origin, 'host') !== host.toLowerCase() &&
        !allowedOrigins.has(origin.toLowerCase())
      ) {
        return new ControlError(
          'HOST_NOT_ALLOWED',
          'Cross-origin requests to the control API are refused.',
        );
      }
      if (expected === undefined) {
        if (!isLoopback(urlPart(`http://${host}`, 'hostname'))) {
          return new ControlError(
            'HOST_NOT_ALLOWED',
            `Host "${host}" is not a loopback name; this server only answers the control API on loopback names.`,
          );
        }
        return undefined;
      }
      const authorization = request.headers.authorization ?? '';
      const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
      const given = bearer ?? queryToken ?? undefined;
      // Compare digests: equal lengths for timingSafeEqual, and no early exit on a prefix.
      if (given === undefined || !timingSafeEqual(digest(given), expected)) {
        return new ControlError(
          'ADMIN_TOKEN_REQUIRED',
          'The control API and inspector need the admin token: send "Authorization: Bearer <token>".',
        );
      }
      return undefined;
    },
    /**
     * Adds the CORS headers a listed origin gets to `res`. For a preflight (`OPTIONS` with
     * `Access-Control-Request-Method`), returns its answer: 204 for a listed origin, a 403 envelope
     * (and no CORS header) for any other; `undefined` for every other request, which goes on.
     * Absent when no origin is allowed.
     */
    cors:
      allowedOrigins.size === 0
        ? undefined
        : (req: IncomingMessage, res: ServerResponse, now: number): HttpResponse | undefined => {
            const origin = req.headers.origin;
            const preflight =
              req.method === 'OPTIONS' &&
              req.headers['access-control-request-method'] !== undefined;
            // Caches must keep one answer per origin: the header differs between them.
            res.setHeader('vary', 'Origin');
            const listed = origin !== undefined && allowedOrigins.has(origin.toLowerCase());
            if (listed) {
              res.setHeader('access-control-allow-origin', origin);
              res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
            }
            if (!preflight) return undefined;
            if (listed) return PREFLIGHT;
            // No CORS header: the browser refuses the real request; the body says why to a human.
            const message = `Origin ${origin ?? '(none)'} is not in the server's --cors allow-list.`;
            return controlErrorResponse(new ControlError('CORS_ORIGIN_NOT_ALLOWED', message), now);
          },
  };
}

/** A part of a URL (lower-cased by the parser), or `''` when the text is not one. */
function urlPart(url: string, part: 'host' | 'hostname'): string {
  try {
    return new URL(url)[part];
  } catch {
    return '';
  }
}

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
/** The answer to a listed origin's preflight. */
const PREFLIGHT: HttpResponse = {
  status: 204,
  headers: {
    // The methods of the public and control APIs.
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
    // What a browser script may send: the API key, the key of a send, the admin token, JSON.
    'access-control-allow-headers':
      'authorization, content-type, idempotency-key, x-api-key, x-request-id',
    // How long a browser may cache a preflight, in seconds.
    'access-control-max-age': '600',
  },
  body: '',
};

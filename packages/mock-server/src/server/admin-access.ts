/**
 * Who may use the control API and the inspector. The public API authenticates with API keys; the
 * admin side can reset worlds and mint keys, so:
 *
 * - bound to loopback with no token, it trusts the machine but checks `Host` (a DNS-rebinding page
 *   reaches 127.0.0.1 under a foreign name) and `Origin` (a cross-site page can still POST);
 * - with an admin token (required when bound beyond loopback), every request must carry it as
 *   `Authorization: Bearer <token>` (the inspector page may take it as `?token=` once, since a
 *   browser cannot add headers to a navigation).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { HttpRequest } from '@msgsvc/mock/port';
import { ControlError } from '../errors/control-errors';

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

/** The host name of a `Host` header value (without the port). */
function hostName(header: string): string {
  if (header.startsWith('[')) return header.slice(0, header.indexOf(']') + 1);
  const colon = header.lastIndexOf(':');
  return colon < 0 ? header : header.slice(0, colon);
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Builds the access check for one server. `corsOrigins` (`--cors`) are the browser origins allowed
 * to use the control API as well; every other cross-origin request is refused.
 */
export function createAdminAccess(
  adminToken: string | undefined,
  corsOrigins: readonly string[] = [],
) {
  const expected = adminToken === undefined ? undefined : digest(adminToken);
  const allowedOrigins = new Set(corsOrigins.map((origin) => origin.toLowerCase()));
  return {
    /** Whether a token is required. */
    tokenRequired: expected !== undefined,
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
        hostOf(origin) !== host.toLowerCase() &&
        !allowedOrigins.has(origin.toLowerCase())
      ) {
        return new ControlError(
          'HOST_NOT_ALLOWED',
          'Cross-origin requests to the control API are refused.',
        );
      }
      if (expected === undefined) {
        if (!isLoopback(hostName(host))) {
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
  };
}

/** The admin access check type. */
export type AdminAccess = ReturnType<typeof createAdminAccess>;

function hostOf(origin: string): string {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return '';
  }
}

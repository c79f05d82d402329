/**
 * What the faults answer, shared by the in-process fetch and the HTTP proxy: the service's error
 * envelope for 500, 503 and 429 (the contract's `ErrorResponse`, checked against it in
 * `fault-answers.test.ts`), a "proxy" HTML page, and the errors undici raises for a reset
 * connection and a body cut off.
 */
import { formatTimestamp, type HttpResponse } from '@msgsvc/mock/port';

/** The faults answered with a status and an envelope, without forwarding the request. */
export type StatusFault = 'status-500' | 'status-503' | 'rate-429';

const CODES = {
  'status-500': {
    status: 500,
    code: 'INTERNAL_SERVER_ERROR',
    message: 'Injected fault: internal error.',
  },
  'status-503': {
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
    message: 'Injected fault: unavailable.',
  },
  'rate-429': {
    status: 429,
    code: 'RATE_LIMIT_EXCEEDED',
    message: 'Injected fault: retry after 1 s.',
  },
} as const;

/** The envelope response of a status fault; a 429 says `Retry-After: 1`. */
export function statusAnswer(kind: StatusFault, traceId: string): HttpResponse {
  const { status, code, message } = CODES[kind];
  const envelope = {
    code,
    message,
    status,
    trace_id: traceId,
    timestamp: formatTimestamp(Date.now()),
    service: 'core',
  };
  return {
    status,
    headers: {
      ...(kind === 'rate-429' ? { 'retry-after': '1' } : {}),
      'content-type': 'application/json',
      'x-trace-id': traceId,
    },
    body: JSON.stringify(envelope),
  };
}

/** A 2xx that is not the JSON the contract promises: a captive portal or a misconfigured proxy. */
export const HTML_PAGE =
  '<!DOCTYPE html><html><head><title>Gateway</title></head>' +
  '<body><h1>Please sign in to continue</h1></body></html>';

/** The content type of {@link HTML_PAGE}. */
export const HTML_TYPE = 'text/html; charset=utf-8';

/** What undici's `fetch` rejects with when the connection is reset before the headers. */
export function connectionReset(): TypeError {
  const cause = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
  return new TypeError('fetch failed', { cause });
}

/** What undici's body stream errors with when the connection closes mid-body. */
export function terminated(): TypeError {
  const cause = Object.assign(new Error('other side closed'), {
    name: 'SocketError',
    code: 'UND_ERR_SOCKET',
  });
  return new TypeError('terminated', { cause });
}

/** Where a cut or stalled body stops: at least one byte is sent and at least one withheld. */
export function cutPoint(length: number, share: number): number {
  return Math.min(Math.max(1, Math.floor(length * share)), Math.max(0, length - 1));
}

/**
 * What the server answers when Node's HTTP parser gives up on a request before there is one to
 * route: the service's error envelope, never Node's bare status line. The connection is closed
 * after the answer: the parser cannot find where the next request starts.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '@msgsvc/mock';
import { errorResponse, type HttpResponse } from '@msgsvc/mock/port';
import { controlTraceId } from '../errors/control-errors';

/** Node's parser codes (`HPE_…`) and timeouts, as the service's errors. */
const ANSWERS: Readonly<Record<string, { code: ErrorCode; message: string }>> = {
  HPE_HEADER_OVERFLOW: {
    code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    message: 'The request line and headers exceed the server limit of 16 KiB.',
  },
  HPE_INVALID_METHOD: {
    code: 'NOT_IMPLEMENTED',
    message: 'The request method is not implemented by this service.',
  },
  // A request target with raw bytes outside ASCII (or other characters a URL cannot hold).
  HPE_INVALID_URL: {
    code: 'BAD_REQUEST',
    message: 'The request target is not valid: percent-encode characters outside ASCII (RFC 3986).',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    code: 'REQUEST_TIMEOUT',
    message: 'The request was not received in time.',
  },
};

const MALFORMED = { code: 'BAD_REQUEST', message: 'The request is not valid HTTP/1.1.' } as const;

/** The envelope answering a parser error: 431, 501, 408, or 400 for anything else unparseable. */
export function clientErrorResponse(
  error: { code?: string | undefined },
  now: number,
): HttpResponse {
  const answer =
    (error.code !== undefined && Object.hasOwn(ANSWERS, error.code)
      ? ANSWERS[error.code]
      : undefined) ?? MALFORMED;
  return errorResponse(answer, controlTraceId(), now);
}

/**
 * Handles the server's `clientError`: writes the envelope straight to the socket (there is no
 * response object yet) and closes it. A connection already reset is just destroyed.
 */
export function answerClientError(code: string | undefined, socket: Duplex, now: number): void {
  if (code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  writeAndClose(socket, clientErrorResponse({ code }, now));
}

function writeAndClose(socket: Duplex, response: HttpResponse): void {
  const head = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
  for (const [name, value] of Object.entries(response.headers)) head.push(`${name}: ${value}`);
  head.push(`content-length: ${Buffer.byteLength(response.body)}`, 'connection: close');
  socket.end(`${head.join('\r\n')}\r\n\r\n${response.body}`);
}

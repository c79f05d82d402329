/**
 * The proxy's own answers, when it cannot forward a request: the error envelope's
 * shape, plainly marked `service: "proxy"` so that no one takes it for the service's, and
 * `Connection: close`, since nothing after it on the connection can be trusted to be framed.
 */
import { STATUS_CODES } from 'node:http';

/** The bytes of one answer: `status` with `{ code, message, status, service: "proxy" }`. */
export function proxyAnswer(status: number, code: string, message: string): Buffer {
  const body = JSON.stringify({ code, message, status, service: 'proxy' });
  return Buffer.from(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

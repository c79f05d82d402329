/**
 * The proxy's own answers, when it cannot forward a request: the error envelope's
 * shape, plainly marked `service: "proxy"` so that no one takes it for the service's, and
 * `Connection: close`, since nothing after it on the connection can be trusted to be framed.
 */
import { STATUS_CODES } from 'node:http';

/** Each code the proxy answers with, and its HTTP status. */
const STATUS = {
  PROXY_BAD_REQUEST: 400,
  PROXY_REQUEST_TIMEOUT: 408,
  PROXY_HEADERS_TOO_LARGE: 431,
  PROXY_CONNECT_NOT_SUPPORTED: 501,
  PROXY_UPSTREAM_UNREACHABLE: 502,
  PROXY_HTTP_VERSION_NOT_SUPPORTED: 505,
} as const;

/** The refusal `code` (with its HTTP status) saying `message`, in a sentence. */
export const proxyRefusal = (code: keyof typeof STATUS, message: string) => ({
  status: STATUS[code],
  code,
  message,
});

/** Why a request is refused, as the proxy answers it. */
export type Refusal = ReturnType<typeof proxyRefusal>;

/** The bytes of one answer: `status` with `{ code, message, status, service: "proxy" }`. */
export function proxyAnswer({ status, code, message }: Refusal): Buffer {
  const body = JSON.stringify({ code, message, status, service: 'proxy' });
  return Buffer.from(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

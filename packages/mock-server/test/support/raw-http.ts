/**
 * HTTP written byte by byte on a socket, for what `fetch` and `node:http` clients refuse to send:
 * an unknown method, a request line or headers over Node's limit, a body in any encoding. The
 * answer is read until the server closes the connection (requests say `Connection: close`).
 */
import { connect } from 'node:net';

/** A response as read off the wire. */
export interface RawExchange {
  readonly status: number;
  /** Lower-case header names. */
  readonly headers: Record<string, string>;
  /** The body as bytes, decoded as UTF-8. */
  readonly text: string;
  // biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field in each test.
  readonly body: any;
}

/** The bytes of one request: a request line, headers (`Connection: close` added) and a body. */
export function requestBytes(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string | Uint8Array,
): Buffer {
  const payload = body === undefined ? undefined : Buffer.from(body);
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (payload !== undefined) lines.push(`Content-Length: ${payload.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return payload === undefined ? head : Buffer.concat([head, payload]);
}

/** Writes `bytes` to `127.0.0.1:port` and parses the one response the server sends back. */
export function rawExchange(port: number, bytes: Buffer): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(parse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
    socket.end(bytes);
  });
}

function parse(response: Buffer): RawExchange {
  const split = response.indexOf('\r\n\r\n');
  if (split < 0) throw new Error(`No HTTP response head in ${JSON.stringify(response.toString())}`);
  const [statusLine, ...headerLines] = response.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = response.subarray(split + 4);
  const length = headers['content-length'];
  if (length !== undefined) body = body.subarray(0, Number(length));
  const text = body.toString('utf8');
  let json: unknown = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    json = null;
  }
  return { status, headers, text, body: json };
}

/**
 * The Node server's edges: `IncomingMessage` → {@link HttpRequest} and {@link HttpResponse} →
 * `ServerResponse`, without building web `Request`/`Response` objects (they cost more than the
 * whole pipeline); and, when Node's HTTP parser gives up on a request before there is one to
 * route, the service's error envelope, never Node's bare status line.
 */
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '@msgsvc/mock';
import { errorResponse, type HttpRequest, type HttpResponse } from '@msgsvc/mock/port';
import { splitUrl } from '@msgsvc/sdk/contract';
import { controlTraceId } from '../errors/control-errors';

/** The largest request body the server reads: 1 MiB. */
const BODY_LIMIT = 1024 * 1024;

/**
 * The request as plain data, with `body` (or `null`). One object literal
 * of one shape, never a spread with a field added: the pipeline reads these fields on every
 * request, and a spread-then-extended object can fall back to slow properties.
 */
function toHttpRequest(req: IncomingMessage, body: Uint8Array | null): HttpRequest {
  const { path, query } = splitUrl(req.url ?? '/');
  return {
    method: req.method ?? 'GET',
    path,
    query,
    // Node lower-cases header names and joins repeated values; only `set-cookie` (never sent by
    // clients) would be an array.
    headers: req.headers as Record<string, string | undefined>,
    body,
  };
}

/**
 * Hands the request, its body read, to `then`. GET and HEAD bodies are ignored (Node discards
 * them), and such a request goes on in the same tick: no promise, no microtask, on the hot path.
 * Other bodies are read up to {@link BODY_LIMIT} bytes, as bytes: the pipeline decodes them as
 * UTF-8 once, whole, so a multi-byte character split across chunks stays whole and an invalid one
 * is refused. A body that declares or reaches more is a 413 at once, and the connection closes;
 * the rest of it is the lingering close's to drop (see {@link lingerOnClose}).
 */
export function withRequest(
  req: IncomingMessage,
  res: ServerResponse,
  now: () => number,
  then: (request: HttpRequest) => void,
): void {
  if (req.method === 'GET' || req.method === 'HEAD') {
    then(toHttpRequest(req, null));
    return;
  }
  const tooLarge = () => {
    lingerOnClose(req);
    const message = `The request body exceeds the limit of ${BODY_LIMIT} bytes.`;
    const refusal = errorResponse({ code: 'PAYLOAD_TOO_LARGE', message }, controlTraceId(), now());
    writeResponse(res, refusal, true);
  };
  if (Number(req.headers['content-length'] ?? Number.NaN) > BODY_LIMIT) {
    tooLarge();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // Closed before its end: the connection was reset or closed before the whole body came (Node
  // emits the request's 'error' only to listeners, and none is needed). The client is gone,
  // there is no one to answer, and nothing went wrong here.
  const stop = () => req.off('data', onData).off('end', onEnd).off('close', stop);
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= BODY_LIMIT) {
      chunks.push(chunk);
      return;
    }
    stop();
    tooLarge();
  };
  const onEnd = () => {
    stop();
    then(toHttpRequest(req, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
  };
  req.on('data', onData).on('end', onEnd).on('close', stop);
}

/**
 * Writes a response in one `writeHead` + `end`, with an explicit `content-length` (otherwise Node
 * would fall back to chunked encoding after `writeHead`). The headers go as Node's flat
 * `[name, value, …]` list, which it writes as it is, instead of an object copied to add a field.
 */
export function writeResponse(res: ServerResponse, response: HttpResponse, close = false): void {
  const headers: (string | number)[] = [];
  for (const name in response.headers) headers.push(name, response.headers[name]!);
  headers.push('content-length', Buffer.byteLength(response.body));
  if (close) headers.push('connection', 'close');
  res.writeHead(response.status, headers);
  res.end(response.body);
}

/** How long a refused client may keep sending before the connection is cut. */
const LINGER_MS = 5_000;
/** How much of a refused body is read and dropped at most. */
const LINGER_BYTES = 256 * 1024 * 1024;

/**
 * Drops the rest of `req`'s body and makes its connection's coming close a lingering one, for a
 * request answered while its client is still sending a body the server will not use (a 413). Many
 * clients write the whole body before they read the answer, and give up at the first broken pipe:
 * if the server closed while their bytes still arrive, the kernel would answer those bytes with a
 * reset, and the client never read the 413. So the rest is read and dropped through the request
 * stream (Node's parser owns the socket's bytes); once the answer is out, the connection is
 * half-closed and cut only when the whole request has come, or past a bound of time and bytes.
 */
function lingerOnClose(req: IncomingMessage): void {
  const { socket } = req;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, LINGER_MS);
  socket.once('close', () => clearTimeout(timer));
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) cut();
  });
  req.resume();
  const close = socket.destroySoon.bind(socket);
  // The one hook Node's server calls to close a connection after its last response.
  socket.destroySoon = () => {
    if (req.readableEnded) {
      close();
      return;
    }
    // The answer is out: a FIN after it, and the rest of the request still read until it ends.
    socket.end();
    req.once('end', cut);
  };
}

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
  const answer = Object.hasOwn(ANSWERS, error.code ?? '') ? ANSWERS[error.code!]! : MALFORMED;
  return errorResponse(answer, controlTraceId(), now);
}

/**
 * Handles the server's `clientError`: writes the envelope straight to the socket (there is no
 * response object yet) and closes it, as the parser cannot find where the next request starts. A
 * connection already reset is just destroyed.
 */
export function answerClientError(code: string | undefined, socket: Duplex, now: number): void {
  if (code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const response = clientErrorResponse({ code }, now);
  const head = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
  for (const [name, value] of Object.entries(response.headers)) head.push(`${name}: ${value}`);
  head.push(`content-length: ${Buffer.byteLength(response.body)}`, 'connection: close');
  socket.end(`${head.join('\r\n')}\r\n\r\n${response.body}`);
}

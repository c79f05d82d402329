/**
 * `IncomingMessage` → {@link HttpRequest} and {@link HttpResponse} → `ServerResponse`, without
 * building web `Request`/`Response` objects (they cost more than the whole pipeline).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpRequest, HttpResponse } from '@msgsvc/mock/port';
import { splitUrl } from '@msgsvc/sdk/contract';

/** The largest request body the server reads: 1 MiB. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * What reading a body produced: its bytes (decoded by the pipeline); `too_large` as
 * soon as the body is known to pass the limit (the rest is left for a lingering close to drop); or
 * `aborted` when the client closed the connection before sending the whole body (nobody to answer).
 */
export type BodyResult =
  | { readonly kind: 'ok'; readonly body: Uint8Array }
  | { readonly kind: 'too_large' }
  | { readonly kind: 'aborted' };

/**
 * The request as plain data, with `body` (read by {@link readBody}, or `null`). One object literal
 * of one shape, never a spread with a field added: the pipeline reads these fields on every
 * request, and a spread-then-extended object can fall back to slow properties.
 */
export function toHttpRequest(req: IncomingMessage, body: Uint8Array | null): HttpRequest {
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

/** Whether a method's body is read: GET and HEAD bodies are ignored (Node discards them). */
export function hasBody(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

/**
 * Reads a body up to {@link BODY_LIMIT} bytes, as bytes: the pipeline decodes them as UTF-8 once,
 * whole, so a multi-byte character split across chunks stays whole and an invalid one is refused.
 * A body that declares or reaches more is `too_large` at once: the request stops being read here,
 * and the rest of it is the lingering close's to drop (see {@link lingerOnClose}).
 */
export function readBody(req: IncomingMessage): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (declared > BODY_LIMIT) return Promise.resolve({ kind: 'too_large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (result: BodyResult) => {
      req.off('data', onData).off('end', onEnd).off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
      else settle({ kind: 'too_large' });
    };
    const onEnd = () =>
      settle({ kind: 'ok', body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
    // Closed before its end: the connection was reset or closed before the whole body came (Node
    // emits the request's 'error' only to listeners, and none is needed). The client is gone,
    // there is no one to answer, and nothing went wrong here.
    const onClose = () => settle({ kind: 'aborted' });
    req.on('data', onData).on('end', onEnd).on('close', onClose);
  });
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
export function lingerOnClose(req: IncomingMessage): void {
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

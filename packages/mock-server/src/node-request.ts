/**
 * The two edges of the Node server: `IncomingMessage` → {@link HttpRequest} and
 * {@link HttpResponse} → `ServerResponse`, without building web `Request`/`Response` objects
 * (design.md: those cost more than the whole pipeline).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpRequest, HttpResponse } from '@msgsvc/mock/port';

/** The largest request body the server reads (decision D2): 1 MiB. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Past this many bytes an oversized body is no longer drained: the connection is closed instead.
 * Draining a little keeps well-behaved clients able to read the 413 (many report a reset as a
 * network error if the server stops reading while they are still writing).
 */
const DRAIN_LIMIT = 16 * BODY_LIMIT;

/** What reading a body produced: its bytes, decoded by the pipeline (decision D71). */
export type BodyResult =
  | { readonly kind: 'ok'; readonly body: Uint8Array }
  | { readonly kind: 'too_large'; readonly drained: boolean };

/** What reading a whole request produced. */
export type ReadResult =
  | { readonly kind: 'ok'; readonly request: HttpRequest }
  | { readonly kind: 'too_large'; readonly drained: boolean };

/** Splits `req.url` into path and raw query without a `URL` object (the hot path). */
export function splitUrl(url: string): { path: string; query: string } {
  const mark = url.indexOf('?');
  return mark < 0
    ? { path: url, query: '' }
    : { path: url.slice(0, mark), query: url.slice(mark + 1) };
}

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
 * Reads a body up to `limit` bytes, as bytes: the pipeline decodes them as UTF-8 once, whole, so a
 * multi-byte character split across chunks stays whole and an invalid one is refused.
 */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (declared > DRAIN_LIMIT) return Promise.resolve({ kind: 'too_large', drained: false });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > DRAIN_LIMIT) {
        req.pause();
        resolve({ kind: 'too_large', drained: false });
      }
    });
    req.on('end', () => {
      if (size > limit) {
        resolve({ kind: 'too_large', drained: true });
        return;
      }
      resolve({ kind: 'ok', body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
    });
    req.on('error', reject);
  });
}

/** Reads a whole request as plain data (see {@link readBody}). */
export async function readRequest(req: IncomingMessage, limit = BODY_LIMIT): Promise<ReadResult> {
  if (!hasBody(req.method ?? 'GET')) return { kind: 'ok', request: toHttpRequest(req, null) };
  const read = await readBody(req, limit);
  return read.kind === 'ok' ? { kind: 'ok', request: toHttpRequest(req, read.body) } : read;
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

/**
 * The inspector's request log: a bounded ring buffer of the last N public-API exchanges, fed by the
 * service's `observe` option. It keeps what a person debugging wants to see (method, path, status,
 * error code, trace id) and the API key only by prefix: a full key is never stored, not even one
 * sent in the query, the path or an `Idempotency-Key` (decision D65).
 */
import { keyPrefix } from '@msgsvc/sdk';
import type { HttpRequest, HttpResponse } from '../../http/types';
import { redactPath, redactQuery, redactSecrets } from './redact';

/** One logged exchange. */
export interface RequestLogEntry {
  /** Increases by one per request since the server started (gaps mean entries were dropped). */
  readonly seq: number;
  /** Wall-clock time the response was built, ISO 8601. */
  readonly at: string;
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly status: number;
  /** The error code of an error response, else null. */
  readonly code: string | null;
  /** The API key's prefix (`svc_live_abcd…`), or null when none was sent. */
  readonly key: string | null;
  readonly trace_id: string | null;
  readonly idempotency_key: string | null;
}

const CODE = /"code":"([A-Z0-9_]{1,64})"/;

/** An entry as stored: the time stays a number until someone reads the log. */
type Stored = Omit<RequestLogEntry, 'at'> & { readonly atMs: number };

/** A ring buffer of the last `capacity` requests. */
export class RequestLog {
  private readonly ring: (Stored | undefined)[];
  private next = 0;
  private seq = 0;

  /** @param capacity - how many requests to keep (default 200). */
  constructor(readonly capacity = 200) {
    this.ring = new Array(capacity);
  }

  /** Records one exchange; the signature fits `createMockService({ observe })`. */
  record(request: HttpRequest, response: HttpResponse): void {
    const key = request.headers['x-api-key'];
    const idempotencyKey = request.headers['idempotency-key'];
    const entry: Stored = {
      seq: ++this.seq,
      atMs: Date.now(),
      method: request.method,
      path: redactPath(request.path),
      query: redactQuery(request.query),
      status: response.status,
      // Error bodies are small; a regex spares parsing them.
      code: response.status >= 400 ? (CODE.exec(response.body)?.[1] ?? null) : null,
      key: key === undefined || key === '' ? null : keyPrefix(key),
      trace_id: response.headers['x-trace-id'] ?? null,
      idempotency_key: idempotencyKey === undefined ? null : redactSecrets(idempotencyKey),
    };
    this.ring[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
  }

  /** The newest `limit` entries, newest first. */
  entries(limit = this.capacity): RequestLogEntry[] {
    const out: RequestLogEntry[] = [];
    for (let i = 1; i <= this.capacity && out.length < limit; i++) {
      const stored = this.ring[(this.next - i + this.capacity) % this.capacity];
      if (stored === undefined) break;
      const { atMs, ...entry } = stored;
      out.push({ ...entry, at: new Date(atMs).toISOString() });
    }
    return out;
  }

  /** Forgets every entry (after a reset). */
  clear(): void {
    this.ring.fill(undefined);
    this.next = 0;
  }
}

/**
 * A world's request log, as the inspector and `GET /__mock/requests` show it: a ring buffer of the
 * last public-API exchanges, fed by the service's `observe` option, with every API key and webhook
 * secret cut to its prefix (headers, query, path and bodies alike). Recording only keeps references
 * to the exchange; the cutting and copying happen when an entry is first read, and requests and
 * responses never change once answered, so that entry is the one that would have been built at once.
 */

import { formatTimestamp, type HttpRequest, type HttpResponse } from '@msgsvc/mock/port';
import { keyPrefix } from '@msgsvc/sdk';
import { redactSecrets } from '@msgsvc/sdk/contract';
import type { components } from '../generated/control';

/** One logged exchange, as `GET /__mock/requests` lists it (the control contract's schema). */
export type RequestLogEntry = components['schemas']['RequestLogEntry'];

/**
 * Whose API key a refused request sent: the organization and environment of the key in the
 * request's own world, or the other world that holds it. Looked up when an entry is first read,
 * while the log still has the full key, and kept instead of it: the near-miss hints can then say
 * "this message is another organization's" without the key ever being kept or shown.
 */
export interface KeyOwner {
  /** The world holding the key when it is not the request's own; null when it is. */
  readonly world: { readonly id: string; readonly name: string | null } | null;
  readonly organization_id: string;
  readonly environment: string;
}

/** How much of each body is kept: enough to read a request, bounded so the log stays small. */
const BODY_KEPT = 16_384;

const CODE = /"code":"([A-Z0-9_]{1,64})"/;

/** One exchange in full, as read and redacted (what {@link RequestLog.newestFirst} yields). */
export type StoredRequest = ReturnType<typeof read>;

/** An entry as recorded: the exchange itself, redacted into {@link StoredRequest} when first read. */
interface Slot {
  readonly seq: number;
  readonly atMs: number;
  readonly worldMs: number | null;
  raw: Raw | undefined;
  // The redacted entry, built on first read. Row `GET /messages (filtered)`, mock / bare ≥ 50%:
  // 61–110% redacting on first read, 35–60% redacting every request as it is recorded.
  stored: StoredRequest | undefined;
}

/** The exchange as answered; a body past {@link BODY_KEPT} is cut at once, so none is held whole. */
interface Raw {
  readonly request: Omit<HttpRequest, 'body'>;
  readonly requestBody: Body;
  readonly response: Omit<HttpResponse, 'body'>;
  readonly responseBody: Body;
}

type Body = string | Uint8Array | null;

/** A ring buffer of the last `capacity` requests. */
export class RequestLog {
  private readonly ring: (Slot | undefined)[];
  private next = 0;
  private seq = 0;
  /**
   * The world's clock, to stamp entries with world time too (the server binds its mock's), so the
   * log agrees with every other time the inspector shows, `--speed` and virtual clocks included.
   */
  worldNow: (() => number) | undefined;
  /**
   * Finds, when an entry is first read, who holds the key a refused request sent: looked up while
   * the log still has the full key, and kept instead of it, so the near-miss hints can say "this
   * message is another organization's" without the key ever being kept or shown.
   */
  keyOwner: ((key: string) => KeyOwner | null) | undefined;

  /** @param capacity - how many requests to keep (default 200). */
  constructor(readonly capacity = 200) {
    this.ring = new Array(capacity);
  }

  /** The sequence number of the newest entry (0 before the first): a cheap change marker. */
  get lastSeq(): number {
    return this.seq;
  }

  /** Records one exchange; the signature fits `createMockService({ observe })`. */
  record(request: HttpRequest, response: HttpResponse): void {
    this.ring[this.next] = {
      seq: ++this.seq,
      atMs: Date.now(),
      worldMs: this.worldNow?.() ?? null,
      // The parts, not the request and response objects: those would keep a large body whole.
      raw: {
        request: {
          method: request.method,
          path: request.path,
          query: request.query,
          headers: request.headers,
        },
        requestBody: held(request.body),
        response: { status: response.status, headers: response.headers },
        responseBody: held(response.body),
      },
      stored: undefined,
    };
    this.next = (this.next + 1) % this.capacity;
  }

  /** The newest `limit` entries, newest first. */
  entries(limit = this.capacity): RequestLogEntry[] {
    return [...this.newestFirst()].slice(0, limit).map(summary);
  }

  /** Every kept entry, newest first, in the stored form (for the inspector's search and lists). */
  *newestFirst(): IterableIterator<StoredRequest> {
    for (let i = 1; i <= this.capacity; i++) {
      const slot = this.ring[(this.next - i + this.capacity) % this.capacity];
      if (slot === undefined) return;
      yield slot.stored ?? read(slot, this.keyOwner);
    }
  }

  /** Forgets every entry (after a reset). */
  clear(): void {
    this.ring.fill(undefined);
    this.next = 0;
  }
}

/** The redacted form of a slot, built on its first read; the raw exchange is dropped then. */
function read(slot: Slot, keyOwner: RequestLog['keyOwner']) {
  const { request, requestBody, response, responseBody } = slot.raw!;
  const key = request.headers['x-api-key'];
  const idempotencyKey = request.headers['idempotency-key'];
  const stored = {
    seq: slot.seq,
    at: new Date(slot.atMs).toISOString(),
    world_at: slot.worldMs === null ? null : formatTimestamp(slot.worldMs),
    method: request.method,
    path: redactSecrets(request.path),
    query: redactSecrets(request.query),
    status: response.status,
    // Error bodies are small; a regex spares parsing them.
    code: response.status >= 400 ? (CODE.exec(textOf(responseBody) ?? '')?.[1] ?? null) : null,
    key: key === undefined || key === '' ? null : keyPrefix(key),
    trace_id: response.headers['x-trace-id'] ?? null,
    idempotency_key: idempotencyKey === undefined ? null : redactSecrets(idempotencyKey),
    request_headers: redactHeaders(request.headers),
    response_headers: redactHeaders(response.headers),
    // The bodies as text (cut at BODY_KEPT characters), or null when there was none.
    request_body: keptOf(requestBody),
    response_body: keptOf(responseBody),
    // Whose key a refused request sent, for the near-miss hints; never the key itself.
    key_owner:
      response.status >= 400 && key !== undefined && key !== '' ? (keyOwner?.(key) ?? null) : null,
  };
  slot.raw = undefined;
  slot.stored = stored;
  return stored;
}

/** A stored entry's list form. */
export function summary(stored: StoredRequest): RequestLogEntry {
  const { request_headers, response_headers, request_body, response_body, key_owner, ...entry } =
    stored;
  return entry;
}

/** A logged body's JSON value; undefined when there is none or it is not JSON. */
export function jsonOf(body: string | null): unknown {
  if (body === null) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

// Header names come from the client: a null-prototype record keeps `__proto__` an ordinary name.
function redactHeaders(
  headers: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (name === 'x-api-key') out[name] = value === '' ? '' : keyPrefix(value);
    else if (name === 'authorization') out[name] = value.replace(/^(\S+\s+)?.*$/s, '$1…');
    else out[name] = redactSecrets(value);
  }
  return out;
}

function textOf(body: Body): string | null {
  if (body === null) return null;
  return typeof body === 'string' ? body : new TextDecoder().decode(body);
}

// A body is a string or bytes as large as its text or larger: within the kept size, either is held
// as it is (no copy); past it, only its cut text is.
function held(body: Body): Body {
  if (body === null || (typeof body === 'string' ? body.length : body.byteLength) <= BODY_KEPT) {
    return body;
  }
  const text = textOf(body)!;
  return text.length > BODY_KEPT
    ? `${text.slice(0, BODY_KEPT)}… (${text.length} characters)`
    : text;
}

function keptOf(body: Body): string | null {
  const text = textOf(body);
  return text === null || text === '' ? null : redactSecrets(text);
}

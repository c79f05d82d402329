/**
 * Writes a cassette as the proxy records, each exchange of the public API one line as it finishes,
 * with nothing personal or secret in it (the header's `redaction` says how). The file is created
 * afresh and readable by its owner only (0600, as the state file): redacted is not public.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { keyPrefix } from '@msgsvc/sdk';
import { decodeOrKeep } from '@msgsvc/sdk/contract';
import { isTimestamp, isUuid } from './by-rule';
import {
  CASSETTE_VERSION,
  type CassetteHeader,
  RECORDED_REQUEST_HEADERS,
  RECORDED_RESPONSE_HEADERS,
  type RecordedBody,
  type RecordedExchange,
  type RecordedKey,
} from './cassette-format';
import { numbered, PhoneMask } from './phone-mask';
import type { TappedExchange } from './tapped-exchange';

/** The public API's path prefix: what a cassette records, and what its paths are relative to. */
const RECORDED_BASE_PATH = '/c/v1';

/** Fields holding a phone number, in any body. */
const PHONE_FIELDS = new Set<string | undefined>([
  'to',
  'target_e164',
  'e164_format',
  'recipients',
  'phone',
  'from',
]);
/** Fields holding a message's text. */
const CONTENT_FIELDS = new Set<string | undefined>(['body', 'content', 'text']);
/** Fields of a contact naming a person. */
const PERSON_FIELDS = new Set<string | undefined>(['name', 'email']);
/** Free text that may echo what a client sent: error messages and `fields`. */
const FREE_TEXT_FIELDS = new Set<string | undefined>(['message', 'status_note']);
const API_KEY = /svc_(?:live|test)_[A-Za-z0-9+/=_-]*/g;
const WEBHOOK_SECRET = /whsec_[A-Za-z0-9+/=_-]*/g;

/** A cassette being written. */
export class CassetteWriter {
  readonly #fd: number;
  readonly #phones = new PhoneMask();
  readonly #keys = new Map<string, string>();
  readonly #contents = new Map<string, string>();
  readonly #people = new Map<string, string>();
  #seq = 0;
  #closed = false;
  /** Exchanges written so far. */
  written = 0;

  /** Creates (or truncates) `file` and writes the header. @throws the file system's error. */
  constructor(file: string) {
    this.#fd = openSync(file, 'w', 0o600);
    const header: CassetteHeader = {
      cassette: 'msgsvc-verify',
      version: CASSETTE_VERSION,
      recorded_at: new Date().toISOString(),
      base_path: RECORDED_BASE_PATH,
      redaction:
        'API keys as references (k1…) with their prefix; webhook secrets cut; phone numbers mapped to fictional +244 98… numbers (the +244 90… test range kept), in bodies, paths, queries and idempotency keys; message contents and contact names and e-mails as same-length tokens; bodies that are not JSON replaced by a marker as long (D143)',
    };
    writeSync(this.#fd, `${JSON.stringify(header)}\n`);
  }

  /**
   * The sequence number of a request that has just arrived at `url` (the path the client sent),
   * or `undefined` when it is outside the public API and is not recorded.
   */
  arrived(url: string): number | undefined {
    if (this.#closed) return undefined;
    const base = RECORDED_BASE_PATH;
    if (url !== base && !url.startsWith(`${base}/`) && !url.startsWith(`${base}?`))
      return undefined;
    return ++this.#seq;
  }

  /** Writes a finished exchange, if its request was recorded (it has a `seq`). */
  record(exchange: TappedExchange): void {
    const seq = exchange.arrival.seq;
    if (this.#closed || seq === undefined) return;
    writeSync(this.#fd, `${JSON.stringify(this.#redact(exchange, seq))}\n`);
    this.written++;
  }

  /** Closes the file; later exchanges are not recorded. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.#fd);
  }

  /** The cassette line for `exchange`, number `seq`. */
  #redact(exchange: TappedExchange, seq: number): RecordedExchange {
    const { arrival, requestHeaders, responseHeaders } = exchange;
    const key = requestHeaders['x-api-key'];
    return {
      seq,
      started_at: new Date(arrival.wall).toISOString(),
      duration_ms: Math.round(exchange.durationMs * 1000) / 1000,
      request: {
        method: arrival.method,
        path: `/${exchange.path.slice(RECORDED_BASE_PATH.length).replace(/^\//, '')}`
          .split('/')
          .map((part) => this.#urlPart(part, decodeOrKeep))
          .join('/'),
        query: (exchange.query === '' ? [] : exchange.query.split('&')).map((pair) => {
          const [name = '', value = ''] = pair.split(/=(.*)/s);
          // A search term (`q`) matches part of a number: masked as the number's same part.
          const mask =
            decodeQueryPart(name) === 'q'
              ? (text: string) => this.#phones.maskSearch(this.#secrets(text))
              : undefined;
          return [
            this.#urlPart(name, decodeQueryPart),
            this.#urlPart(value, decodeQueryPart, mask),
          ] as const;
        }),
        headers: this.#headers(requestHeaders, RECORDED_REQUEST_HEADERS, true),
        api_key: key === undefined ? null : this.#key(key),
        body: this.#body(exchange.request),
      },
      response: {
        status: exchange.status,
        headers: this.#headers(responseHeaders, RECORDED_RESPONSE_HEADERS, false),
        body: this.#body(exchange.response),
      },
    };
  }

  #key(key: string): RecordedKey {
    const ref = numbered(this.#keys, key, (n) => `k${n}`);
    // A string that is not a key at all may be anything (a secret pasted in the wrong place):
    // only a real key's environment prefix and first characters are shown.
    const prefix = /^svc_(?:live|test)_/.test(key) ? keyPrefix(key) : '…';
    return { ref, prefix };
  }

  #headers(headers: Record<string, string>, names: readonly string[], client: boolean) {
    const out: Record<string, string> = {};
    for (const name of names) {
      const value = headers[name];
      // A request's headers are the client's own text: an idempotency key may hold a number
      // (`send-+244923111007-1`).
      if (value !== undefined) out[name] = client ? this.#scrub(value) : this.#secrets(value);
    }
    return out;
  }

  #body({ bytes, truncated }: TappedExchange['request']): RecordedBody | null {
    if (truncated) return { truncated: true };
    if (bytes.length === 0) return null;
    const text = bytes.toString('utf8');
    // A byte-order mark before JSON (which a service may accept): the JSON is redacted as any,
    // and the mark noted so that replay sends it again.
    const bom = text.charCodeAt(0) === 0xfeff;
    let parsed: unknown;
    try {
      parsed = JSON.parse(bom ? text.slice(1) : text);
    } catch {
      // Not JSON: nothing says which part of it is a number or a message, so none of it is kept:
      // a marker as long, in bytes, that is not JSON either.
      const marker = '<redacted: not JSON>'.padEnd(bytes.length, '.');
      return { text: marker.slice(0, bytes.length) };
    }
    const json = this.#value(parsed, undefined, undefined);
    return bom ? { json, bom: true } : { json };
  }

  /**
   * A JSON value with everything personal masked, by field name: `field` names the value's key
   * (or the array's), `parent` the object it belongs to (a batch's `country_alpha2` says how
   * its recipients read).
   */
  #value(value: unknown, field: string | undefined, parent: unknown, within = ''): unknown {
    if (typeof value === 'string') return this.#string(value, field, parent, within);
    if (typeof value === 'number') return this.#number(value);
    if (Array.isArray(value)) return value.map((item) => this.#value(item, field, parent, within));
    if (typeof value !== 'object' || value === null) return value;
    // Own properties only, defined (not assigned): a `__proto__` key in a body stays plain data.
    // A field name is the client's text too (an unknown field may be named by a number).
    return Object.fromEntries(
      Object.entries(value).map(([name, child]) => {
        const inside = within !== '' ? within : name === 'contact' || name === 'fields' ? name : '';
        return [this.#scrub(name), this.#value(child, name, value, inside)];
      }),
    );
  }

  #string(text: string, field: string | undefined, parent: unknown, within: string): string {
    if (within === 'fields') return this.#free(text);
    if (PHONE_FIELDS.has(field)) {
      const country = (parent as { country_alpha2?: unknown } | null)?.country_alpha2;
      return this.#phones.mask(this.#secrets(text), typeof country === 'string' ? country : 'AO');
    }
    if (CONTENT_FIELDS.has(field)) return this.#token(this.#contents, text, 'content');
    if (within === 'contact' && PERSON_FIELDS.has(field)) {
      return field === 'email'
        ? `${this.#token(this.#people, text, 'person', false)}@example.invalid`
        : this.#token(this.#people, text, 'person');
    }
    if (FREE_TEXT_FIELDS.has(field)) return this.#free(text);
    // Any other string (a campaign's name, an unknown field, an id): ids and times carry
    // identity for replay and name no one; anything else may hold a number or a text.
    if (isUuid(text) || isTimestamp(text)) return text;
    return this.#scrub(text);
  }

  /** A JSON number: one that reads as a phone number (`"to": 244923111007`) is masked, as a number. */
  #number(value: number): number {
    if (!Number.isSafeInteger(value) || Math.abs(value) < 1_000_000) return value;
    const masked = this.#phones.scrub(String(value));
    return masked === String(value) ? value : Number(masked);
  }

  /**
   * A raw path segment or query part: kept as sent unless, once decoded, it hides a key or a
   * number (a refused request may carry anything there); ids and times are kept.
   */
  #urlPart(
    raw: string,
    decode: (raw: string) => string,
    mask = (text: string) => this.#scrub(text),
  ) {
    return recoded(raw, decode, (text) => (isUuid(text) || isTimestamp(text) ? text : mask(text)));
  }

  /**
   * A same-length token for `text` (`content 3…`): the length is kept because it is behaviour
   * (segments, the 10,000-character limit); blank text is kept, it says nothing.
   */
  #token(tokens: Map<string, string>, text: string, kind: string, sameLength = true): string {
    if (text.trim() === '') return text;
    return numbered(tokens, text, (n) =>
      sameLength
        ? `${kind}${n} `.padEnd(text.length, 'x').slice(0, Math.max(text.length, 1))
        : `${kind}${n}`,
    );
  }

  /** Free text: secrets cut, numbers and contents it echoes masked. */
  #free(text: string): string {
    let out = this.#scrub(text);
    for (const [told, token] of [...this.#contents, ...this.#people]) {
      if (told.length >= 4 && out.includes(told)) out = out.split(told).join(token);
    }
    return out;
  }

  /**
   * The client's text that is not free text (a name, a key, an unknown field): secrets cut and
   * numbers masked; texts it may echo are left, since an enumerated value (`SENT`) may equal one.
   */
  #scrub(text: string): string {
    return this.#phones.scrub(this.#secrets(text));
  }

  /** API keys as their reference, webhook secrets cut whole. */
  #secrets(text: string): string {
    return text
      .replace(API_KEY, (key) => `<key ${this.#key(key).ref}>`)
      .replace(WEBHOOK_SECRET, 'whsec_<redacted>');
  }
}

/** A raw query name or value decoded as a form would (`+` is a space). */
export function decodeQueryPart(raw: string): string {
  return decodeOrKeep(raw.replace(/\+/g, ' '));
}

/** A raw URL part with `map` applied to it decoded: as sent when that changes nothing, else encoded anew. */
export function recoded(
  raw: string,
  decode: (raw: string) => string,
  map: (text: string) => string,
): string {
  const decoded = decode(raw);
  const mapped = map(decoded);
  return mapped === decoded ? raw : encodeURIComponent(mapped);
}

/**
 * Webhook signing and verification per the Standard Webhooks specification, on WebCrypto alone so
 * it runs unchanged on Node, Deno, Bun and edge runtimes.
 *
 * @module \@msgsvc/sdk/webhooks
 */
import type { WebhookEvent } from './core/api-types';

/**
 * Why {@link verifyWebhook} refused a delivery. `INVALID_BODY`: the body passed is not a string or
 * bytes (typically JSON already parsed by a framework).
 */
export type WebhookVerificationReason =
  | 'INVALID_BODY'
  | 'MISSING_HEADERS'
  | 'INVALID_TIMESTAMP'
  | 'TIMESTAMP_TOO_OLD'
  | 'TIMESTAMP_TOO_NEW'
  | 'INVALID_SIGNATURE'
  | 'INVALID_SECRET'
  | 'INVALID_JSON';

/**
 * Thrown by {@link verifyWebhook}; answer the delivery with a 4xx and do not process it. The
 * message says which mistake it most likely is: a re-serialized body, a secret of the wrong
 * form, a timestamp off by how much (and the virtual-clock hint for an offset of an hour or more).
 */
export class WebhookVerificationError extends Error {
  /** Always `'WebhookVerificationError'`. */
  override readonly name = 'WebhookVerificationError';

  constructor(
    /** A stable code to branch on; the message is for humans. */
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
  }
}

/** The three headers that carry a signature. */
export type WebhookSignatureHeaders = Record<
  'webhook-id' | 'webhook-timestamp' | 'webhook-signature',
  string
>;

/** Request headers as a fetch `Headers` or a plain object (Node's `req.headers`, Express, …). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** The input of {@link signWebhook}. */
export interface SignWebhookParams {
  /** The message id, unique per event; receivers deduplicate on it. */
  id: string;
  /** When the delivery is sent: a `Date` or Unix seconds. */
  timestamp: Date | number;
  /** The exact body that will be sent. */
  body: string | Uint8Array;
  /** The endpoint's secret, `whsec_` followed by base64. */
  secret: string;
}

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** Largest accepted distance between the delivery's timestamp and now, in seconds. Default 300. */
  tolerance?: number;
  /** The current time in milliseconds, for tests and virtual clocks. Default `Date.now`. */
  now?: () => number;
}

const SECRET_PREFIX = 'whsec_';
const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
const DEFAULT_TOLERANCE_SECONDS = 300;
// Beyond this offset a timestamp is not clock skew: the sender's clock is another world's.
const VIRTUAL_CLOCK_HINT_SECONDS = 3600;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const encoder = new TextEncoder();
const numbers = new Intl.NumberFormat('en-US');

/**
 * Creates a new endpoint secret: `whsec_` and the base64 of 32 random bytes.
 *
 * @returns A secret suitable for {@link signWebhook} and {@link verifyWebhook}.
 * @example
 * ```ts
 * import { generateWebhookSecret } from '@msgsvc/sdk/webhooks';
 *
 * const secret = generateWebhookSecret(); // 'whsec_…' (store it with the endpoint)
 * ```
 */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + bytesToBase64(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * Signs a webhook delivery: the headers to send along with `body`.
 *
 * @param params - The message id, timestamp, exact body and the endpoint's secret.
 * @returns The `webhook-id`, `webhook-timestamp` and `webhook-signature` headers.
 * @throws TypeError when the secret is not base64 (with or without `whsec_`); RangeError when the
 * timestamp is not a valid time.
 * @example
 * ```ts
 * import { signWebhook } from '@msgsvc/sdk/webhooks';
 *
 * const body = JSON.stringify(event);
 * const headers = await signWebhook({ id: 'msg_2b7…', timestamp: new Date(), body, secret });
 * await fetch(endpointUrl, { method: 'POST', body, headers: { ...headers, 'content-type': 'application/json' } });
 * ```
 */
export async function signWebhook(params: SignWebhookParams): Promise<WebhookSignatureHeaders> {
  const key = decodeSecret(params.secret);
  if (key === undefined) throw new TypeError(badSecretMessage(params.secret));
  const timestamp = toUnixSeconds(params.timestamp);
  const signature = await computeSignature(key, params.id, timestamp, params.body);
  return {
    'webhook-id': params.id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}

/**
 * Verifies a webhook delivery and returns its parsed JSON body.
 *
 * Pass the body exactly as received (before any JSON parsing: re-serialising changes the bytes
 * and breaks the signature). The timestamp must be within `tolerance` of now, which limits replays;
 * deliveries are at least once, so deduplicate on `webhook-id` as well. Any one of the
 * space-separated `v1,` signatures may match, which lets a secret be rotated without downtime.
 *
 * @typeParam T - The type of the event. Default: the contract's union of webhook events,
 * discriminated by `type`.
 * @param rawBody - The request body as received.
 * @param headers - The request headers.
 * @param secret - The endpoint's secret, `whsec_…`.
 * @param options - Tolerance and clock.
 * @returns The parsed body.
 * @throws {@link WebhookVerificationError} with a `reason` when the delivery must be refused.
 * @example
 * ```ts
 * import { verifyWebhook, WebhookVerificationError } from '@msgsvc/sdk/webhooks';
 *
 * export async function POST(request: Request): Promise<Response> {
 *   try {
 *     const event = await verifyWebhook(await request.text(), request.headers, process.env.WEBHOOK_SECRET!);
 *     // handle event …
 *     return new Response(null, { status: 204 });
 *   } catch (error) {
 *     if (error instanceof WebhookVerificationError) return new Response(error.reason, { status: 400 });
 *     throw error;
 *   }
 * }
 * ```
 */
export async function verifyWebhook<T = WebhookEvent>(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<T> {
  // A bad secret is a configuration error: report it whatever the request looks like.
  const key = typeof secret === 'string' ? decodeSecret(secret) : undefined;
  if (key === undefined)
    throw new WebhookVerificationError('INVALID_SECRET', badSecretMessage(secret));
  // `ArrayBuffer.isView`, not `instanceof`: bytes from another realm (a test runner's vm) count.
  if (typeof rawBody !== 'string' && !ArrayBuffer.isView(rawBody)) {
    throw new WebhookVerificationError('INVALID_BODY', bodyNotRawMessage(rawBody));
  }

  const values = SIGNATURE_HEADERS.map((name) => readHeader(headers, name));
  const [id, timestamp, signatures] = values;
  if (id === undefined || timestamp === undefined || signatures === undefined) {
    const missing = SIGNATURE_HEADERS.filter((_, i) => values[i] === undefined);
    throw new WebhookVerificationError(
      'MISSING_HEADERS',
      `Missing ${missing.join(', ')}: pass the request's headers as received (a Headers object or Node's req.headers).`,
    );
  }

  checkTimestamp(timestamp, options);

  const expected = await computeSignature(key, id, timestamp, rawBody);
  const text = typeof rawBody === 'string' ? rawBody : utf8(rawBody);
  const candidates = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => entry.slice(3));
  if (!candidates.some((candidate) => constantTimeEqual(candidate, expected))) {
    throw new WebhookVerificationError(
      'INVALID_SIGNATURE',
      candidates.length === 0
        ? `webhook-signature has no v1 signature: expected "v1,<base64>", got "${signatures.slice(0, 12)}…".`
        : await diagnoseMismatch(key, id, timestamp, text, candidates),
    );
  }
  const event = text === undefined ? undefined : parseJson(text);
  if (event === undefined) {
    throw new WebhookVerificationError('INVALID_JSON', 'Webhook body is not valid JSON');
  }
  return event as T;
}

function checkTimestamp(header: string, options: VerifyWebhookOptions): void {
  if (!/^\d{1,15}$/.test(header)) {
    throw new WebhookVerificationError(
      'INVALID_TIMESTAMP',
      `webhook-timestamp must be Unix seconds, got "${header.slice(0, 32)}".`,
    );
  }
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE_SECONDS;
  const now = Math.floor((options.now ?? Date.now)() / 1000);
  const offset = Number(header) - now;
  const distance = Math.abs(offset);
  if (distance > tolerance) {
    const side = offset < 0 ? 'in the past' : 'in the future';
    let message = `webhook-timestamp is ${numbers.format(distance)} s${humanDuration(distance)} ${side}; tolerance ${numbers.format(tolerance)} s.`;
    if (distance > 1e11) {
      message += ' It looks like milliseconds: Standard Webhooks timestamps are Unix seconds.';
    } else if (distance >= VIRTUAL_CLOCK_HINT_SECONDS) {
      message +=
        " An offset this large is not clock skew: if the delivery comes from @msgsvc/mock on a virtual clock, its time is the mock's world time, not yours — verify against it with { now: () => mock.clock.now().getTime() }.";
    }
    const reason = offset < 0 ? 'TIMESTAMP_TOO_OLD' : 'TIMESTAMP_TOO_NEW';
    throw new WebhookVerificationError(reason, message);
  }
}

// Only on the failure path: sign the usual reformattings of the body, to say which mistake it is.
async function diagnoseMismatch(
  key: Uint8Array<ArrayBuffer>,
  id: string,
  timestamp: string,
  text: string | undefined,
  candidates: readonly string[],
): Promise<string> {
  for (const [change, variant] of text === undefined ? [] : reformattings(text)) {
    const signature = await computeSignature(key, id, timestamp, variant);
    if (candidates.some((candidate) => constantTimeEqual(candidate, signature))) {
      return `No matching webhook signature: it matches the body ${change}, so the body was re-serialized after it arrived (parsed as JSON and written again). Pass the raw body exactly as received (e.g. await request.text(), or express.raw({ type: 'application/json' })).`;
    }
  }
  if (text !== undefined && looksReserialized(text)) {
    return 'No matching webhook signature: the body looks re-serialized (indented exactly as JSON.stringify writes it); pass the raw body exactly as received, not a parsed and re-serialized one.';
  }
  return "No matching webhook signature: either the body is not the raw bytes received (a framework that parses JSON and writes it again changes whitespace or key order), or the secret is not this endpoint's.";
}

async function computeSignature(
  key: Uint8Array<ArrayBuffer>,
  id: string,
  timestamp: string,
  body: string | Uint8Array,
): Promise<string> {
  // Signed bytes are `${id}.${timestamp}.` followed by the body's own bytes: a byte body is not
  // decoded and re-encoded, which would alter any invalid UTF-8 it holds.
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const payload = typeof body === 'string' ? encoder.encode(body) : body;
  const content = new Uint8Array(prefix.length + payload.length);
  content.set(prefix);
  content.set(payload, prefix.length);

  const subtle = globalThis.crypto.subtle;
  const hmac = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return bytesToBase64(new Uint8Array(await subtle.sign('HMAC', hmac, content)));
}

function decodeSecret(secret: string): Uint8Array<ArrayBuffer> | undefined {
  // Many providers show the secret without its prefix; both spellings name the same key.
  const base64 = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (!BASE64.test(base64)) return undefined;
  try {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    return bytes.length > 0 ? bytes : undefined;
  } catch {
    return undefined;
  }
}

function toUnixSeconds(timestamp: Date | number): string {
  // A Date by its brand, not `instanceof`: one from another realm (a test runner's vm) counts.
  const isDate = Object.prototype.toString.call(timestamp) === '[object Date]';
  const seconds = isDate ? Math.floor((timestamp as Date).getTime() / 1000) : (timestamp as number);
  if (!Number.isSafeInteger(seconds) || seconds < 0) {
    throw new RangeError(
      `Webhook timestamp must be a Date or non-negative Unix seconds, got ${String(timestamp)}`,
    );
  }
  return String(seconds);
}

function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  let value: string | string[] | null | undefined;
  if (typeof headers.get === 'function') {
    value = (headers as Headers).get(name);
  } else {
    const record = headers as Record<string, string | string[] | undefined>;
    // Node lowercases header names; hand-built objects may not.
    const key = name in record ? name : Object.keys(record).find((k) => k.toLowerCase() === name);
    value = key === undefined ? undefined : record[key];
  }
  // A repeated header arrives as an array; its values are more space-separated signatures.
  const text = Array.isArray(value) ? value.join(' ') : value;
  return text === undefined || text === null || text === '' ? undefined : text;
}

// A byte body's text, or `undefined` when it is not UTF-8 (then it is not JSON either).
function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

// Both sides are base64 of a 32-byte HMAC; the time taken must not reveal how many leading
// characters of a forged signature were right.
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function bytesToBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

// The messages of the failure path: each classic mistake has its own sentence, and no message
// quotes more of a secret than `whsec_` and four characters.

function bodyNotRawMessage(body: unknown): string {
  const type = typeof body;
  const what =
    body === null || body === undefined
      ? String(body)
      : Array.isArray(body)
        ? 'an array'
        : `${type === 'object' ? 'an' : 'a'} ${type}`;
  return `The body passed is ${what}, not the raw body: it was probably parsed as JSON already. Pass the request body exactly as received, as a string or bytes (e.g. await request.text(), or express.raw({ type: 'application/json' })): re-serializing it changes the bytes the signature covers.`;
}

function badSecretMessage(secret: unknown): string {
  const lead = 'Webhook secret must be "whsec_" followed by base64';
  if (typeof secret !== 'string') {
    return `${lead}; got ${secret === undefined ? 'undefined' : typeof secret} (is the environment variable set?).`;
  }
  if (secret === '') return `${lead}; got an empty string (is the environment variable set?).`;
  if (secret.trim() !== secret) {
    return `${lead}; this one has surrounding whitespace or a line break (trim it where it is read).`;
  }
  if (/^svc_(live|test)_/.test(secret)) {
    return `${lead}; this is an API key (svc_…), not the endpoint's webhook secret.`;
  }
  const base64 = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const shown = `${secret.slice(0, secret.startsWith(SECRET_PREFIX) ? 10 : 4)}…`;
  if (base64 === '') return `${lead}; nothing follows "whsec_".`;
  const bad = [...base64].findIndex((char) => !/[A-Za-z0-9+/=]/.test(char));
  if (bad !== -1) {
    const char = [...base64][bad]!;
    const hint =
      char === '-' || char === '_' ? ' (base64url? the secret uses standard base64)' : '';
    return `${lead}; ${shown} has "${printable(char)}" at position ${bad} of the base64 part, which is not base64${hint}.`;
  }
  return `${lead}; the base64 part of ${shown} does not decode (wrong length or padding: was it cut when copied?).`;
}

// The usual ways a framework or a handler writes a parsed body back, each with what changed; the
// original text is not among them.
function reformattings(body: string): Array<readonly [string, string]> {
  const parsed = parseJson(body);
  const variants: Array<readonly [string, string]> = [
    ['without its trailing whitespace', body.trimEnd()],
    ['with a final line break', `${body}\n`],
  ];
  if (parsed !== undefined) {
    variants.unshift(
      ['written compactly (JSON.stringify without an indent)', JSON.stringify(parsed)],
      ['indented by 2 (JSON.stringify(body, null, 2))', JSON.stringify(parsed, null, 2)],
    );
  }
  const seen = new Set([body]);
  return variants.filter(([, text]) => !seen.has(text) && seen.add(text));
}

// Whether a body is exactly what `JSON.stringify` with an indent writes: text a handler wrote,
// rarely the bytes a sender put on the wire.
function looksReserialized(body: string): boolean {
  const parsed = body.includes('\n') ? parseJson(body) : undefined;
  return [2, 4, '\t'].some((indent) => JSON.stringify(parsed, null, indent) === body);
}

// The parsed JSON, or `undefined` when the text is not JSON.
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// " (324 days)", " (2 h)": a second reading for offsets a person would not count in seconds.
function humanDuration(seconds: number): string {
  if (seconds < 120) return '';
  if (seconds < 2 * 3600) return ` (${Math.round(seconds / 60)} min)`;
  if (seconds < 2 * 86_400) return ` (${Math.round(seconds / 3600)} h)`;
  return ` (${numbers.format(Math.round(seconds / 86_400))} days)`;
}

function printable(char: string): string {
  return /^[\x21-\x7e]$/.test(char)
    ? char
    : `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

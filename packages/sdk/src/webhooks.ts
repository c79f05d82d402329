/**
 * Webhook signing and verification per the Standard Webhooks specification, on WebCrypto alone so
 * it runs unchanged on Node, Deno, Bun and edge runtimes.
 *
 * @module \@msgsvc/sdk/webhooks
 */
import type { WebhookEvent } from './core/api-types';
import { isDate } from './internal/platform-checks';
import {
  badSecretMessage,
  bodyNotRawMessage,
  looksReserialized,
  mismatchMessage,
  reformattings,
  timestampMessage,
} from './webhook-diagnosis';

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
  /** A stable code to branch on; the message is for humans. */
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.reason = reason;
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
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const encoder = new TextEncoder();

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
  try {
    return JSON.parse(text ?? '') as T;
  } catch {
    throw new WebhookVerificationError('INVALID_JSON', 'Webhook body is not valid JSON');
  }
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
  if (Math.abs(offset) > tolerance) {
    const reason = offset < 0 ? 'TIMESTAMP_TOO_OLD' : 'TIMESTAMP_TOO_NEW';
    throw new WebhookVerificationError(reason, timestampMessage(offset, tolerance));
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
  if (text === undefined) return mismatchMessage(undefined, false);
  for (const [change, variant] of reformattings(text)) {
    const signature = await computeSignature(key, id, timestamp, variant);
    if (candidates.some((candidate) => constantTimeEqual(candidate, signature))) {
      return mismatchMessage(change, false);
    }
  }
  return mismatchMessage(undefined, looksReserialized(text));
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
  const seconds = isDate(timestamp) ? Math.floor(timestamp.getTime() / 1000) : timestamp;
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

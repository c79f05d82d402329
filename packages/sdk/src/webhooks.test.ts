import { describe, expect, it } from 'vitest';
import {
  generateWebhookSecret,
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from './webhooks';

// The Standard Webhooks specification's published test vector.
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const atVector = { now: () => VECTOR.timestamp * 1000 };
const vectorHeaders = (signature = VECTOR.signature) => ({
  'webhook-id': VECTOR.id,
  'webhook-timestamp': String(VECTOR.timestamp),
  'webhook-signature': signature,
});

async function rejection(promise: Promise<unknown>): Promise<WebhookVerificationReason> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return (error as WebhookVerificationError).reason;
}

describe('signWebhook', () => {
  it('reproduces the Standard Webhooks test vector', async () => {
    expect(await signWebhook(VECTOR)).toEqual(vectorHeaders());
  });

  it('takes a Date as well as Unix seconds', async () => {
    const headers = await signWebhook({
      ...VECTOR,
      timestamp: new Date(VECTOR.timestamp * 1000 + 999),
    });
    expect(headers['webhook-signature']).toBe(VECTOR.signature);
  });

  it('signs the bytes of a byte body as they are', async () => {
    const headers = await signWebhook({ ...VECTOR, body: new TextEncoder().encode(VECTOR.body) });
    expect(headers['webhook-signature']).toBe(VECTOR.signature);
  });

  it('refuses a secret that is not base64 and an invalid time', async () => {
    await expect(signWebhook({ ...VECTOR, secret: 'whsec_not base64!' })).rejects.toThrow(
      TypeError,
    );
    await expect(signWebhook({ ...VECTOR, timestamp: new Date(Number.NaN) })).rejects.toThrow(
      RangeError,
    );
    await expect(signWebhook({ ...VECTOR, timestamp: 1.5 })).rejects.toThrow(RangeError);
  });
});

describe('verifyWebhook', () => {
  it('accepts the Standard Webhooks test vector and returns the parsed body', async () => {
    await expect(
      verifyWebhook(VECTOR.body, vectorHeaders(), VECTOR.secret, atVector),
    ).resolves.toEqual({
      test: 2432232314,
    });
  });

  it('accepts the secret without its whsec_ prefix', async () => {
    const secret = VECTOR.secret.slice('whsec_'.length);
    await expect(
      verifyWebhook(VECTOR.body, vectorHeaders(), secret, atVector),
    ).resolves.toBeDefined();
  });

  it('round-trips sign → verify with a generated secret, Headers and a byte body', async () => {
    const secret = generateWebhookSecret();
    const event = { type: 'message.status_updated', data: { status: 'DELIVERED', note: 'Olá 😀' } };
    const body = JSON.stringify(event);
    const signed = await signWebhook({ id: 'msg_1', timestamp: new Date(), body, secret });
    const bytes = new TextEncoder().encode(body);
    await expect(verifyWebhook<typeof event>(bytes, new Headers(signed), secret)).resolves.toEqual(
      event,
    );
  });

  it('rejects a tampered body', async () => {
    const body = VECTOR.body.replace('2432232314', '2432232315');
    expect(await rejection(verifyWebhook(body, vectorHeaders(), VECTOR.secret, atVector))).toBe(
      'INVALID_SIGNATURE',
    );
  });

  it('rejects another secret', async () => {
    const reason = await rejection(
      verifyWebhook(VECTOR.body, vectorHeaders(), generateWebhookSecret(), atVector),
    );
    expect(reason).toBe('INVALID_SIGNATURE');
  });

  it('rejects a signature of another scheme or a truncated one', async () => {
    for (const signature of [
      'v2,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
      'v1,g0hM9SsE',
      'v1,',
    ]) {
      const reason = await rejection(
        verifyWebhook(VECTOR.body, vectorHeaders(signature), VECTOR.secret, atVector),
      );
      expect(reason).toBe('INVALID_SIGNATURE');
    }
  });

  it('accepts when any one of several signatures matches', async () => {
    const other = 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=';
    const headers = vectorHeaders(`${other} v1a,abc ${VECTOR.signature}`);
    await expect(
      verifyWebhook(VECTOR.body, headers, VECTOR.secret, atVector),
    ).resolves.toBeDefined();
  });

  it('accepts a repeated signature header given as an array', async () => {
    const headers = { ...vectorHeaders(), 'webhook-signature': ['v1,bm9wZQ==', VECTOR.signature] };
    await expect(
      verifyWebhook(VECTOR.body, headers, VECTOR.secret, atVector),
    ).resolves.toBeDefined();
  });

  it('reads header names case-insensitively from plain objects', async () => {
    const headers = {
      'Webhook-Id': VECTOR.id,
      'Webhook-Timestamp': String(VECTOR.timestamp),
      'Webhook-Signature': VECTOR.signature,
    };
    await expect(
      verifyWebhook(VECTOR.body, headers, VECTOR.secret, atVector),
    ).resolves.toBeDefined();
  });

  it.each([
    [-301, 'TIMESTAMP_TOO_OLD'],
    [-300, null],
    [300, null],
    [301, 'TIMESTAMP_TOO_NEW'],
  ] as const)('a timestamp %i s from now is refused as %s', async (offset, expected) => {
    // timestamp − now = offset.
    const now = () => (VECTOR.timestamp - offset) * 1000;
    const verifying = verifyWebhook(VECTOR.body, vectorHeaders(), VECTOR.secret, { now });
    if (expected === null) await expect(verifying).resolves.toBeDefined();
    else expect(await rejection(verifying)).toBe(expected);
  });

  it('honours a custom tolerance', async () => {
    const now = () => (VECTOR.timestamp + 60) * 1000;
    const reason = await rejection(
      verifyWebhook(VECTOR.body, vectorHeaders(), VECTOR.secret, { now, tolerance: 30 }),
    );
    expect(reason).toBe('TIMESTAMP_TOO_OLD');
  });

  it.each(['abc', '1614265330.5', '-1614265330', ''])(
    'rejects the timestamp %j',
    async (timestamp) => {
      const headers = { ...vectorHeaders(), 'webhook-timestamp': timestamp };
      const reason = await rejection(verifyWebhook(VECTOR.body, headers, VECTOR.secret, atVector));
      expect(reason).toBe(timestamp === '' ? 'MISSING_HEADERS' : 'INVALID_TIMESTAMP');
    },
  );

  it.each(['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const)(
    'rejects a delivery without %s',
    async (name) => {
      const headers: Record<string, string | undefined> = { ...vectorHeaders(), [name]: undefined };
      const reason = await rejection(verifyWebhook(VECTOR.body, headers, VECTOR.secret, atVector));
      expect(reason).toBe('MISSING_HEADERS');
    },
  );

  it.each(['', 'whsec_', 'whsec_%%%', 'whsec_a'])('rejects the secret %j', async (secret) => {
    const reason = await rejection(verifyWebhook(VECTOR.body, vectorHeaders(), secret, atVector));
    expect(reason).toBe('INVALID_SECRET');
  });

  it('rejects a correctly signed body that is not JSON', async () => {
    const secret = generateWebhookSecret();
    const body = new Uint8Array([0x7b, 0xff, 0x7d]); // "{", an invalid UTF-8 byte, "}"
    const signed = await signWebhook({ id: 'msg_2', timestamp: VECTOR.timestamp, body, secret });
    const reason = await rejection(verifyWebhook(body, signed, secret, atVector));
    expect(reason).toBe('INVALID_JSON');
  });
});

describe('generateWebhookSecret', () => {
  it('creates distinct whsec_ secrets of 32 random bytes', () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(atob(a.slice(6))).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(a);
  });
});

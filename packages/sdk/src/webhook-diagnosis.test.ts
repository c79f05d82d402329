// verifyWebhook's errors name the classic mistake (D121), each one made here the way users make it.
import { describe, expect, it } from 'vitest';
import {
  generateWebhookSecret,
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
} from './webhooks';

const SECRET = generateWebhookSecret();
const T = 1_767_258_000; // 2026-01-01T09:00:00Z, the mock's default virtual start
const EVENT = {
  type: 'message.status_updated',
  timestamp: '2026-01-01T09:00:00.000000+00:00',
  data: { id: 'm1', status: 'DELIVERED' },
};
const BODY = JSON.stringify(EVENT);
const at = (seconds: number) => ({ now: () => seconds * 1000 });

async function failure(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
}

async function signed(body: string = BODY, timestamp = T) {
  return signWebhook({ id: 'msg_1', timestamp, body, secret: SECRET });
}

describe('a body that is not the raw body', () => {
  it('an object (JSON already parsed by a framework) is INVALID_BODY, saying so', async () => {
    const error = await failure(
      verifyWebhook(EVENT as unknown as string, await signed(), SECRET, at(T)),
    );
    expect(error.reason).toBe('INVALID_BODY');
    expect(error.message).toMatch(
      /^The body passed is an object, not the raw body: .*parsed as JSON already/,
    );
    expect(error.message).toContain('express.raw');
  });

  it('a body indented after parsing: the signature matches it written compactly', async () => {
    const reserialized = JSON.stringify(JSON.parse(BODY), null, 2);
    const error = await failure(verifyWebhook(reserialized, await signed(), SECRET, at(T)));
    expect(error.reason).toBe('INVALID_SIGNATURE');
    expect(error.message).toMatch(/matches the body written compactly.*re-serialized/);
  });

  it('a compact body when the sender indented it: the signature matches it indented by 2', async () => {
    const sent = JSON.stringify(EVENT, null, 2);
    const error = await failure(verifyWebhook(BODY, await signed(sent), SECRET, at(T)));
    expect(error.message).toMatch(/matches the body indented by 2/);
  });

  it('a body that lost its final line break, as bytes too', async () => {
    const sent = `${BODY}\n`;
    const bytes = new TextEncoder().encode(BODY);
    const error = await failure(verifyWebhook(bytes, await signed(sent), SECRET, at(T)));
    expect(error.message).toMatch(/with a final line break/);
  });

  it('an indented body that no reformatting explains still looks re-serialized', async () => {
    const other = JSON.stringify({ ...EVENT, extra: true }, null, 2);
    const error = await failure(verifyWebhook(other, await signed(), SECRET, at(T)));
    expect(error.message).toMatch(/looks re-serialized/);
  });

  it('another secret, with the raw body: names both possible causes', async () => {
    const error = await failure(
      verifyWebhook(BODY, await signed(), generateWebhookSecret(), at(T)),
    );
    expect(error.reason).toBe('INVALID_SIGNATURE');
    expect(error.message).toMatch(/not the raw bytes.*or the secret is not this endpoint's/);
  });

  it('a signature header without a v1 entry says what it expected', async () => {
    const headers = { ...(await signed()), 'webhook-signature': 'v2,abc' };
    const error = await failure(verifyWebhook(BODY, headers, SECRET, at(T)));
    expect(error.message).toMatch(/no v1 signature: expected "v1,<base64>", got "v2,abc…"/);
  });
});

describe('a secret of the wrong form', () => {
  it.each([
    [undefined, /got undefined \(is the environment variable set\?\)/],
    ['', /empty string/],
    [`${SECRET}\n`, /surrounding whitespace or a line break/],
    ['svc_live_Ab12Cd34Ef56Gh78Ij90', /this is an API key/],
    ['whsec_', /nothing follows "whsec_"/],
    ['whsec_abc-def_ghi', /"-" at position 3 .*base64url/],
    ['whsec_abcde', /does not decode/],
  ])('%j', async (secret, message) => {
    const error = await failure(verifyWebhook(BODY, await signed(), secret as string, at(T)));
    expect(error.reason).toBe('INVALID_SECRET');
    expect(error.message).toMatch(message);
  });

  it('never quotes more than whsec_ and four characters', async () => {
    const error = await failure(
      verifyWebhook(BODY, await signed(), 'whsec_Abcd?efghijklmnop', at(T)),
    );
    expect(error.message).toContain('whsec_Abcd…');
    expect(error.message).not.toContain('efgh');
  });
});

describe('a timestamp outside the tolerance', () => {
  it('says by how much, and with the virtual-clock hint when the offset is large', async () => {
    const wallClock = T + 28_000_000;
    const error = await failure(verifyWebhook(BODY, await signed(), SECRET, at(wallClock)));
    expect(error.reason).toBe('TIMESTAMP_TOO_OLD');
    expect(error.message).toContain(
      'webhook-timestamp is 28,000,000 s (324 days) in the past; tolerance 300 s.',
    );
    expect(error.message).toMatch(/virtual clock.*now: \(\) => mock\.clock\.now\(\)\.getTime\(\)/);
  });

  it('a small offset is just that, without the hint; the future is named too', async () => {
    const old = await failure(verifyWebhook(BODY, await signed(), SECRET, at(T + 400)));
    expect(old.message).toBe('webhook-timestamp is 400 s (7 min) in the past; tolerance 300 s.');
    const ahead = await failure(verifyWebhook(BODY, await signed(), SECRET, at(T - 7200)));
    expect(ahead.reason).toBe('TIMESTAMP_TOO_NEW');
    expect(ahead.message).toMatch(
      /^webhook-timestamp is 7,200 s \(2 h\) in the future;.*virtual clock/,
    );
  });

  it('a timestamp in milliseconds says so', async () => {
    const headers = { ...(await signed()), 'webhook-timestamp': String(T * 1000) };
    const error = await failure(verifyWebhook(BODY, headers, SECRET, at(T)));
    expect(error.message).toMatch(/looks like milliseconds/);
  });

  it('a missing header is named', async () => {
    const { 'webhook-timestamp': _, ...headers } = await signed();
    const error = await failure(verifyWebhook(BODY, headers, SECRET, at(T)));
    expect(error.reason).toBe('MISSING_HEADERS');
    expect(error.message).toMatch(/^Missing webhook-timestamp:/);
  });
});

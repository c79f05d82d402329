// Bodies a real service could not read as text (D71), through `mock.fetch`: bytes that are not
// UTF-8 are a 422 on `fields.body`; a `charset` other than UTF-8 is a 415; a text field with an
// unpaired surrogate (`"\ud800"`) or a NUL character (`"\u0000"`) is a 422 naming that field.
// Nothing is created, charged or kept under an Idempotency-Key. (The same over raw HTTP:
// test/server/body-encoding.test.ts.)
import { describe, expect, it } from 'vitest';
import type { ApiResponse, Json } from './support/api';
import { createMockService, jsonHeaders } from './support/mock';
import { batchBody, unitelNumbers } from './support/world';

function setup() {
  const mock = createMockService();
  const demo = mock.seedDemo();
  /** Sends raw bytes (or text) to a POST operation and reads the JSON answer. */
  const post = async (
    path: string,
    body: string | Uint8Array<ArrayBuffer>,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse> => {
    const response = await mock.fetch(`${mock.baseUrl}${path}`, {
      method: 'POST',
      headers: jsonHeaders(demo.liveKey, headers),
      body,
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Json,
      traceId: response.headers.get('x-trace-id'),
    };
  };
  const nothingHappened = () => {
    expect(mock.control.counts()).toMatchObject({ messages: 0, campaigns: 0 });
    expect(mock.control.ledger(demo.organization.id).map((e) => e.kind)).toEqual(['FUNDING']);
  };
  return { mock, demo, post, nothingHappened };
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const MESSAGE = '{"to":"+244923000001","body":"Ol\u00e1"}';
/** The same JSON with `á` written as Latin-1 (one byte 0xE1): not UTF-8. */
const LATIN1 = Uint8Array.from([...MESSAGE].map((c) => c.charCodeAt(0)));

function expectFields(response: ApiResponse, fields: Record<string, unknown>) {
  expect(response.status).toBe(422);
  expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', status: 422 });
  expect(response.body.fields).toEqual(fields);
}

describe('bytes that are not UTF-8 (D71)', () => {
  it.each([
    ['Latin-1 á (0xE1)', LATIN1],
    [
      'a lone continuation byte',
      Uint8Array.from([...utf8('{"to":"+244923000001","body":"'), 0x80, ...utf8('"}')]),
    ],
    [
      'an overlong encoding of "/"',
      Uint8Array.from([...utf8('{"to":"+244923000001","body":"'), 0xc0, 0xaf, ...utf8('"}')]),
    ],
    [
      'a UTF-8-encoded surrogate (CESU)',
      Uint8Array.from([...utf8('{"to":"+244923000001","body":"'), 0xed, 0xa0, 0x80, ...utf8('"}')]),
    ],
  ])('%s: 422 on fields.body, nothing sent or charged', async (_, bytes) => {
    const { post, nothingHappened } = setup();
    const response = await post('/messages', bytes, { 'idempotency-key': 'k1' });
    expectFields(response, { body: expect.stringMatching(/UTF-8/) });
    nothingHappened();
  });

  it('the key is not kept: the same key with the body fixed is sent', async () => {
    const { post } = setup();
    await post('/messages', LATIN1, { 'idempotency-key': 'k2' });
    const fixed = await post('/messages', utf8(MESSAGE), { 'idempotency-key': 'k2' });
    expect(fixed.status).toBe(201);
    expect(fixed.body.body).toBe('Olá');
  });

  it('a batch too', async () => {
    const { post, demo, nothingHappened } = setup();
    const text = JSON.stringify(batchBody(demo.sender.id, { content: 'Promo: á' }));
    const latin1 = Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
    expectFields(await post('/campaigns/batch', latin1), { body: expect.stringMatching(/UTF-8/) });
    nothingHappened();
  });

  it('UTF-8, with or without a byte-order mark, is read as sent', async () => {
    const { post } = setup();
    expect((await post('/messages', utf8(MESSAGE))).body.body).toBe('Olá');
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(MESSAGE)]);
    expect((await post('/messages', bom)).body.body).toBe('Olá');
  });
});

describe('a declared charset (D71)', () => {
  it.each(['iso-8859-1', 'ISO-8859-1', 'latin1', 'windows-1252', 'utf-16', 'us-ascii', ''])(
    'charset=%s is a 415, even for ASCII bytes',
    async (charset) => {
      const { post, nothingHappened } = setup();
      const response = await post('/messages', '{"to":"+244923000001","body":"Hi"}', {
        'content-type': `application/json; charset=${charset}`,
      });
      expect(response.status).toBe(415);
      expect(response.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', service: 'core' });
      nothingHappened();
    },
  );

  it.each([
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
    'application/json; charset="utf-8"',
    'application/json; charset=utf8',
    'Application/JSON; foo=bar',
  ])('%s is read as UTF-8', async (type) => {
    const { post } = setup();
    const response = await post('/messages', utf8(MESSAGE), { 'content-type': type });
    expect(response.status).toBe(201);
  });
});

describe('text fields with an unpaired surrogate or NUL (D71)', () => {
  it.each([
    ['body', '/messages', 'a\\ud800b'],
    ['body', '/messages', '\\udc00'],
    ['body', '/messages', 'end with a high \\ud83d'],
    ['body', '/messages', 'NUL \\u0000 inside'],
    ['external_id', '/messages', 'order-\\u0000'],
    ['content', '/campaigns/batch', 'Promo \\ude00'],
    ['content', '/campaigns/batch', '\\u0000'],
    ['name', '/campaigns/batch', 'Black \\udbff Friday'],
  ])('%s on %s (%s): 422 naming the field', async (field, path, escaped) => {
    const { post, demo, nothingHappened } = setup();
    const base: Record<string, unknown> =
      path === '/messages'
        ? { to: '+244923000001', body: 'Hello' }
        : batchBody(demo.sender.id, { recipients: unitelNumbers(2) });
    // Written as JSON escapes: the bytes are valid UTF-8, the string is not valid text.
    const text = JSON.stringify({ ...base, [field]: 'PLACEHOLDER' }).replace(
      '"PLACEHOLDER"',
      `"${escaped}"`,
    );
    expectFields(await post(path, text), { [field]: expect.stringMatching(/surrogate|NUL/) });
    nothingHappened();
  });

  it('a raw (unescaped) NUL byte inside a JSON string is malformed JSON: 422 on fields.body', async () => {
    const { post, nothingHappened } = setup();
    const bytes = utf8('{"to":"+244923000001","body":"a\u0000b"}');
    expectFields(await post('/messages', bytes), { body: expect.stringMatching(/JSON/) });
    nothingHappened();
  });

  it('a surrogate pair (an emoji) is text like any other', async () => {
    const { post } = setup();
    const response = await post('/messages', '{"to":"+244923000001","body":"\\ud83d\\ude00"}');
    expect(response.status).toBe(201);
    expect(response.body.body).toBe('😀');
  });

  it('a NUL in a query text (q) is a 422 on fields.q', async () => {
    const { mock, demo } = setup();
    const response = await mock.fetch(`${mock.baseUrl}/messages?q=%00`, {
      headers: { 'x-api-key': demo.liveKey },
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as Json).fields).toEqual({ q: expect.stringMatching(/NUL/) });
  });
});

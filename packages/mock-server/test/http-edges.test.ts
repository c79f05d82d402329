// Every answer of the Node server has the JSON envelope, even those Node's HTTP parser would give
// itself (D72), and HEAD is GET without the body. Bytes written straight to a socket: fetch and
// node:http clients refuse to send most of these requests.

import { createMockService, type MockService } from '@msgsvc/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertEnvelope, assertOnContract } from '../../../openapi/test/support/response-check';
import { clientErrorResponse } from '../src/server/node-request';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { type RawExchange, rawExchange, requestBytes } from './support/raw-http';

let mock: MockService;
let server: MockServer;
let port: number;
let liveKey: string;

beforeAll(async () => {
  mock = createMockService({ observe: assertOnContract });
  liveKey = mock.seedDemo().liveKey;
  server = createMockServer({ mock });
  port = (await server.listen(0, '127.0.0.1')).port;
});

afterAll(async () => {
  await server.close();
});

const send = (bytes: Buffer | string) =>
  rawExchange(port, typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);

/** The envelope, with its trace id in the header, closing the connection. */
function expectEnvelope(exchange: RawExchange, status: number, code: string) {
  expect(exchange.status).toBe(status);
  expect(exchange.headers['content-type']).toBe('application/json');
  expect(exchange.headers['content-length']).toBe(String(Buffer.byteLength(exchange.text)));
  assertEnvelope(exchange.body, `${status} ${code}`);
  expect(exchange.body).toMatchObject({ code, status, service: 'core' });
  expect(exchange.body.trace_id).toBe(exchange.headers['x-trace-id']);
}

async function stillServing() {
  const exchange = await send(requestBytes('GET', '/c/v1/messages', { 'x-api-key': liveKey }));
  expect(exchange.status).toBe(200);
}

describe('what Node would answer without a body (D72)', () => {
  it('an unknown method (FOO) is a 501 NOT_IMPLEMENTED envelope, on any path', async () => {
    for (const path of ['/c/v1/messages', '/__mock/clock', '/']) {
      const exchange = await send(requestBytes('FOO', path, { 'x-api-key': liveKey }));
      expectEnvelope(exchange, 501, 'NOT_IMPLEMENTED');
      expect(exchange.headers.connection).toBe('close');
    }
    await stillServing();
  });

  it('a method Node parses but the service does not implement (PROPFIND) is a 501 too', async () => {
    const exchange = await send(
      requestBytes('PROPFIND', '/c/v1/messages', { 'x-api-key': liveKey }),
    );
    expectEnvelope(exchange, 501, 'NOT_IMPLEMENTED');
    const control = await send(requestBytes('PROPFIND', '/__mock/clock'));
    expectEnvelope(control, 501, 'NOT_IMPLEMENTED');
  });

  it('headers over 16 KiB are a 431 REQUEST_HEADER_FIELDS_TOO_LARGE envelope', async () => {
    const exchange = await send(
      requestBytes('GET', '/c/v1/messages', {
        'x-api-key': liveKey,
        'x-padding': 'a'.repeat(20_000),
      }),
    );
    expectEnvelope(exchange, 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
    // Documented on every operation: checked as listMessages' 431.
    assertOnContract(
      { method: 'GET', path: '/c/v1/messages', query: '', headers: {}, body: null },
      { status: exchange.status, headers: exchange.headers, body: exchange.text },
    );
    await stillServing();
  });

  it('a request line over 16 KiB is a 431 too', async () => {
    const exchange = await send(requestBytes('GET', `/c/v1/messages?q=${'9'.repeat(20_000)}`));
    expectEnvelope(exchange, 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
  });

  it('a request that is not HTTP is a 400 BAD_REQUEST envelope', async () => {
    for (const bytes of [
      'GET /c/v1/messages HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n',
      'GET /c/v1/messages HTTP/9.9\r\nHost: x\r\n\r\n',
      'POST /c/v1/messages HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    ]) {
      expectEnvelope(await send(bytes), 400, 'BAD_REQUEST');
    }
    await stillServing();
  });
});

describe("the parser's codes, one by one (D72)", () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE'],
    ['HPE_INVALID_METHOD', 501, 'NOT_IMPLEMENTED'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'REQUEST_TIMEOUT'],
    ['HPE_INVALID_HEADER_TOKEN', 400, 'BAD_REQUEST'],
    ['constructor', 400, 'BAD_REQUEST'],
    [undefined, 400, 'BAD_REQUEST'],
  ])('%s → %i %s', (code, status, name) => {
    const response = clientErrorResponse(code === undefined ? {} : { code }, Date.UTC(2026, 0, 1));
    expect(response.status).toBe(status);
    const body = JSON.parse(response.body);
    assertEnvelope(body, String(code));
    expect(body).toMatchObject({
      code: name,
      status,
      timestamp: '2026-01-01T00:00:00.000000+00:00',
    });
  });
});

describe('HEAD over HTTP (D72)', () => {
  it('is the GET: same status and headers, no body bytes', async () => {
    const get = await send(requestBytes('GET', '/c/v1/messages', { 'x-api-key': liveKey }));
    const head = await send(requestBytes('HEAD', '/c/v1/messages', { 'x-api-key': liveKey }));
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    const names = (exchange: RawExchange) => Object.keys(exchange.headers).sort();
    expect(names(head)).toEqual(names(get));
  });

  it('an error status stays, without a body', async () => {
    const head = await send(
      requestBytes('HEAD', '/c/v1/messages/0198c3a0-0000-7000-8000-000000000000', {
        'x-api-key': liveKey,
      }),
    );
    expect([head.status, head.text]).toEqual([404, '']);
  });

  it('on the control API and the inspector page as well', async () => {
    const clock = await send(requestBytes('HEAD', '/__mock/clock'));
    expect([clock.status, clock.headers['content-type'], clock.text]).toEqual([
      200,
      'application/json',
      '',
    ]);
    const page = await send(requestBytes('HEAD', '/'));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toBe('');
  });
});

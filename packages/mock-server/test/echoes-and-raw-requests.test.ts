/**
 * What the server echoes and what it answers before routing (D126): no message ever repeats a whole
 * API key or webhook secret, however a request carried it; a raw non-ASCII path is the contract's
 * 400 and `CONNECT` its 501, both in the envelope.
 */

import { createMockService, type MockService } from '@msgsvc/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertEnvelope, assertOnContract } from '../../../openapi/test/support/response-check';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { rawExchange, requestBytes } from './support/raw-http';

let mock: MockService;
let server: MockServer;
let port: number;
let liveKey: string;
let secret: string;

beforeAll(async () => {
  mock = createMockService({ observe: assertOnContract });
  const demo = mock.seedDemo();
  liveKey = demo.liveKey;
  secret = mock.world.organizations.get(demo.organization.id)!.webhookSecret;
  server = createMockServer({ mock });
  port = (await server.listen(0, '127.0.0.1')).port;
});

afterAll(async () => {
  await server.close();
});

const origin = () => `http://127.0.0.1:${port}`;

/** The parts of a secret that must never come back: all of it past the prefix views show. */
function expectNoSecret(text: string) {
  for (const whole of [liveKey, secret]) {
    expect(text).not.toContain(whole);
    expect(text).not.toContain(whole.slice(-20));
  }
}

describe('no whole key or secret in any message', () => {
  it('a key in the path: the 404 names its prefix only, encoded or not', async () => {
    const encoded = liveKey.replaceAll('_', '%5F');
    for (const path of [`/c/v1/${liveKey}`, `/c/v1/${encoded}`, `/c/v1/x/${secret}`]) {
      const response = await fetch(`${origin()}${path}`, { headers: { 'x-api-key': liveKey } });
      const text = await response.text();
      expect(response.status).toBe(404);
      expectNoSecret(text);
    }
    const plain = await (await fetch(`${origin()}/c/v1/${liveKey}`)).json();
    expect(plain.message).toBe('No route for GET /c/v1/svc_live_demo….');
  });

  it('a key in the control API path, a query or a body field', async () => {
    const responses = await Promise.all([
      fetch(`${origin()}/__mock/${liveKey}`),
      fetch(`${origin()}/c/v1/messages?status=${liveKey}&${liveKey}=1`, {
        headers: { 'x-api-key': liveKey },
      }),
      fetch(`${origin()}/c/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': liveKey, 'content-type': 'application/json' },
        body: JSON.stringify({ to: liveKey, body: secret, remitter_id: secret }),
      }),
      fetch(`${origin()}/c/v1/messages/${liveKey}`, { headers: { 'x-api-key': liveKey } }),
    ]);
    for (const response of responses) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expectNoSecret(await response.text());
    }
  });
});

describe('requests answered before routing', () => {
  it('a raw non-ASCII path is the 400 every operation lists, saying how to send it', async () => {
    const head = `x-api-key: ${liveKey}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;
    const bytes = Buffer.concat([
      Buffer.from('GET /c/v1/messages/', 'latin1'),
      Buffer.from('Olá', 'utf8'),
      Buffer.from(` HTTP/1.1\r\n${head}`, 'latin1'),
    ]);
    const exchange = await rawExchange(port, bytes);
    expect(exchange.status).toBe(400);
    assertEnvelope(exchange.body, '400 BAD_REQUEST');
    expect(exchange.body).toMatchObject({ code: 'BAD_REQUEST', status: 400, service: 'core' });
    expect(exchange.body.message).toMatch(/percent-encode characters outside ASCII/);
    expect(exchange.headers.connection).toBe('close');
    for (const [method, path] of [
      ['GET', '/c/v1/messages'],
      ['POST', '/c/v1/messages'],
      ['GET', '/c/v1/campaigns/0190a5e0-0000-7000-8000-000000000000/messages'],
    ] as const) {
      assertOnContract(
        { method, path, query: '', headers: {}, body: null },
        { status: exchange.status, headers: exchange.headers, body: exchange.text },
      );
    }
  });

  it('CONNECT is a 501 NOT_IMPLEMENTED envelope, and the server keeps serving', async () => {
    const exchange = await rawExchange(port, requestBytes('CONNECT', '127.0.0.1:443'));
    expect(exchange.status).toBe(501);
    assertEnvelope(exchange.body, '501 NOT_IMPLEMENTED');
    expect(exchange.body).toMatchObject({ code: 'NOT_IMPLEMENTED', status: 501 });
    expect(exchange.body.trace_id).toBe(exchange.headers['x-trace-id']);
    const after = await fetch(`${origin()}/c/v1/messages`, { headers: { 'x-api-key': liveKey } });
    expect(after.status).toBe(200);
  });
});

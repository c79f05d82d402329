/**
 * The proxy's raw path (E59, D160–D162) against the faults clients and servers really produce:
 * pipelined requests (answers in order, each checked against its own request), a head arriving
 * byte by byte, a slow-loris client, a client gone mid-body, an upstream gone before or during
 * its answer, `Expect: 100-continue`, HTTP/1.0, chunked bodies, HEAD, bodies over the kept cap,
 * an upgrade offer, and an upstream over TLS.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, connect, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ProxyViolation, startProxy } from '../../src/proxy/proxy-server';

const KEY = 'svc_test_rawPathKey0123456789';
const TRACE = '0123456789abcdef0123456789abcdef';
const JSON_TYPE = {
  'content-type': 'application/json',
  'x-trace-id': TRACE,
  'x-ratelimit-limit': '600',
  'x-ratelimit-remaining': '599',
  'x-ratelimit-reset': '60',
};
const PAGE = { total: 0, page: 1, size: 30, pages: 0, entries: [] };

/** What the upstream saw of each request. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  bytes: number;
  complete: boolean;
}
const seen: Seen[] = [];

async function answer(req: IncomingMessage, res: ServerResponse) {
  const entry: Seen = {
    method: req.method!,
    url: req.url!,
    headers: req.headers,
    bytes: 0,
    complete: false,
  };
  seen.push(entry);
  if (req.url === '/die-before') {
    req.socket.destroy();
    return;
  }
  if (req.url === '/die-mid') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    res.write('{"entries":[', () => setTimeout(() => req.socket.destroy(), 20));
    return;
  }
  try {
    for await (const chunk of req) entry.bytes += (chunk as Buffer).length;
  } catch {
    return; // the client went away mid-body
  }
  entry.complete = req.complete;
  const query = new URL(req.url!, 'http://x').searchParams;
  // With its length, so that an HTTP/1.0 client may keep the connection.
  const send = (status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res
      .writeHead(status, {
        ...JSON_TYPE,
        'content-length': String(Buffer.byteLength(text)),
        'x-url': req.url!,
      })
      .end(text);
  };
  if (query.get('plant') === 'status') send(418, { code: 'X', status: 418 });
  else if (query.has('big')) {
    const entries = Array.from({ length: 40_000 }, (_, i) => ({ id: `${i}`.padStart(60, '0') }));
    send(req.method === 'POST' ? 201 : 200, { ...PAGE, entries });
  } else send(200, PAGE);
}

let upstream: ReturnType<typeof createServer>;
let upstreamUrl: string;
let proxy: Awaited<ReturnType<typeof startProxy>>;
const violations: ProxyViolation[] = [];
let exchanges = 0;

beforeAll(async () => {
  upstream = createServer((req, res) => void answer(req, res));
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  proxy = await startProxy({
    upstream: upstreamUrl,
    onViolation: (v) => violations.push(v),
    onExchange: () => {
      exchanges++;
    },
  });
});
afterAll(async () => {
  await proxy?.close();
  upstream?.close();
});
// The checks of one test's last exchanges run once the proxy is quiet (2 ms): its timer, armed
// when the test's last bytes reached the proxy, is due before this one in this same process, and
// Node fires timers in the order they are due however late a starved loop runs them, so no test
// sees another's violations.
beforeEach(async () => {
  await sleep(50);
  violations.length = 0;
  seen.length = 0;
});

/** A raw client connection to the proxy: write bytes, read everything it answers. */
async function raw(url = proxy.url) {
  const { port } = new URL(url);
  const socket = connect({ port: Number(port), host: '127.0.0.1', noDelay: true });
  await once(socket, 'connect');
  let received = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
  });
  socket.on('error', () => {});
  const closed = once(socket, 'close').then(() => received.toString('latin1'));
  return {
    socket,
    text: () => received.toString('latin1'),
    closed,
    /** Waits until what was received matches `pattern`. */
    async waitFor(pattern: RegExp) {
      while (!pattern.test(received.toString('latin1'))) {
        if (socket.destroyed) throw new Error(`closed before ${pattern}: ${this.text()}`);
        await sleep(5);
      }
    },
  };
}

/** Waits until the proxy has checked `count` exchanges in all (checks wait for a quiet moment). */
async function checked(count: number) {
  while (exchanges < count) await sleep(5);
}

const get = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: proxy\r\nX-API-KEY: ${KEY}\r\n${extra}\r\n`;
const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);

describe('the raw path', () => {
  it('answers pipelined requests in order, each checked against its own request', async () => {
    const before = exchanges;
    violations.length = 0;
    const client = await raw();
    client.socket.write(
      get('/c/v1/campaigns?page=1') +
        get('/c/v1/messages?plant=status') +
        get('/c/v1/campaigns?page=3', 'Connection: close\r\n'),
    );
    const text = await client.closed;
    expect(statuses(text)).toEqual(['200', '418', '200']);
    expect(text.indexOf('page=1')).toBeLessThan(text.indexOf('page=3'));
    await checked(before + 3);
    // Only the second request broke anything, and its answer's faults are reported against it.
    expect(new Set(violations.map((v) => `${v.path}?${v.query}`))).toEqual(
      new Set(['/c/v1/messages?plant=status']),
    );
    expect(violations.map((v) => v.rule)).toContain('status');
  });

  it('forwards a head that arrives byte by byte, with Host naming the upstream', async () => {
    seen.length = 0;
    const client = await raw();
    for (const byte of get('/c/v1/campaigns?bytes=1', 'Connection: close\r\n')) {
      client.socket.write(byte);
      await sleep(1);
    }
    expect(statuses(await client.closed)).toEqual(['200']);
    expect(seen[0]!.headers.host).toBe(new URL(upstreamUrl).host);
    expect(seen[0]!.url).toBe('/c/v1/campaigns?bytes=1');
  });

  it('answers 408 to a slow-loris client and keeps serving the others meanwhile', async () => {
    // A proxy of its own, with a shorter wait for heads (the default is far longer). Two seconds:
    // the other client's head, sent whole, must reach it in time even on a starved machine.
    const impatient = await startProxy({ upstream: upstreamUrl, headersTimeoutMs: 2_000 });
    try {
      const loris = await raw(impatient.url);
      loris.socket.write('GET /c/v1/campaigns HTTP/1.1\r\nHost: proxy\r\nX-A');
      const other = await fetch(`${impatient.url}/c/v1/campaigns?other=1`, {
        headers: { 'x-api-key': KEY },
      });
      expect(other.status).toBe(200);
      const text = await loris.closed;
      expect(statuses(text)).toEqual(['408']);
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({
        code: 'PROXY_REQUEST_TIMEOUT',
        status: 408,
        service: 'proxy',
      });
    } finally {
      await impatient.close();
    }
  });

  it('answers a refused request only after the answers to the requests before it', async () => {
    const client = await raw();
    client.socket.write(
      `${get('/c/v1/campaigns?first=1')}POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const text = await client.closed;
    expect(statuses(text)).toEqual(['200', '400']);
    expect(text).toContain('Content-Length and Transfer-Encoding are both given');
  });

  it('passes a client gone mid-body on to the upstream, and serves the next client', async () => {
    seen.length = 0;
    const client = await raw();
    // Without X-API-KEY: were it ever checked, it would be reported.
    client.socket.write(
      'POST /c/v1/messages HTTP/1.1\r\nHost: proxy\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"to":"+2449',
    );
    while (seen.length === 0 || seen[0]!.bytes === 0) await sleep(5);
    client.socket.destroy();
    const next = await fetch(`${proxy.url}/c/v1/campaigns?page=2`);
    expect(next.status).toBe(200);
    while (!violations.some((v) => v.query === 'page=2')) await sleep(5);
    await sleep(50);
    expect(seen[0]!.complete).toBe(false);
    expect(violations.filter((v) => v.method === 'POST')).toEqual([]);
  });

  it('answers 502 when the upstream goes before answering, and cuts an answer it cuts', async () => {
    const before = await raw();
    before.socket.write(get('/die-before'));
    const text = await before.closed;
    expect(statuses(text)).toEqual(['502']);
    expect(text).toContain('"code":"PROXY_UPSTREAM_UNREACHABLE"');

    const mid = await raw();
    mid.socket.write(get('/die-mid'));
    const cut = await mid.closed;
    expect(statuses(cut)).toEqual(['200']);
    expect(cut.endsWith('{"entries":[')).toBe(true); // 12 of the 1000 bytes promised, then closed
  });

  it('lets Expect: 100-continue through, and checks the body that followed', async () => {
    violations.length = 0;
    const before = exchanges;
    const client = await raw();
    const body = '{"to":5}';
    client.socket.write(
      'POST /c/v1/messages HTTP/1.1\r\nHost: proxy\r\nX-API-KEY: k\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await client.waitFor(/HTTP\/1\.1 100 Continue\r\n\r\n/);
    client.socket.write(body);
    expect(statuses(await client.closed)).toEqual(['100', '200']);
    await checked(before + 1);
    expect(violations.filter((v) => v.side === 'request').map((v) => v.rule)).toContain(
      'request-body',
    );
  });

  it('serves HTTP/1.0, closing after the answer unless kept alive', async () => {
    seen.length = 0;
    const plain = await raw();
    plain.socket.write('GET /c/v1/campaigns?v=1.0 HTTP/1.0\r\nX-API-KEY: k\r\n\r\n');
    expect(await plain.closed).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(seen[0]!.headers.host).toBe(new URL(upstreamUrl).host);

    const kept = await raw();
    const ask = 'GET /c/v1/campaigns HTTP/1.0\r\nConnection: keep-alive\r\n\r\n';
    kept.socket.write(ask);
    await kept.waitFor(/"entries"/);
    kept.socket.write(ask);
    await kept.waitFor(/"entries"[\s\S]*"entries"/);
    expect(kept.socket.destroyed).toBe(false);
    kept.socket.end();
  });

  it('forwards chunked bodies as sent and checks them decoded', async () => {
    violations.length = 0;
    seen.length = 0;
    const before = exchanges;
    const client = await raw();
    client.socket.write(
      'POST /c/v1/messages HTTP/1.1\r\nHost: proxy\r\nX-API-KEY: k\r\n' +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n' +
        '4\r\n{"to\r\n',
    );
    await sleep(10);
    client.socket.write('4\r\n":5}\r\n0\r\n\r\n');
    expect(statuses(await client.closed)).toEqual(['200']);
    expect(seen[0]!.bytes).toBe(8);
    await checked(before + 1);
    const request = violations.filter((v) => v.side === 'request');
    expect(request.map((v) => v.rule)).toEqual(['request-body']);
    expect(request[0]!.message).not.toMatch(/not JSON/);
  });

  it('pairs the answer to HEAD (no body) and the next answer on the connection', async () => {
    violations.length = 0;
    const before = exchanges;
    const client = await raw();
    client.socket.write(
      `HEAD /c/v1/campaigns HTTP/1.1\r\nHost: proxy\r\nX-API-KEY: ${KEY}\r\n\r\n` +
        get('/c/v1/campaigns?page=4', 'Connection: close\r\n'),
    );
    expect(statuses(await client.closed)).toEqual(['200', '200']);
    await checked(before + 2);
    expect(violations.filter((v) => v.method === 'GET')).toEqual([]);
  });

  it('forwards bodies over the kept cap whole, and notes they were not checked (D162)', async () => {
    violations.length = 0;
    seen.length = 0;
    const body = Buffer.alloc(3 * 1024 * 1024, 'a');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${proxy.url}/c/v1/messages?big=1`,
        {
          method: 'POST',
          headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(201);
    expect(seen[0]!.bytes).toBe(body.length);
    while (!violations.some((v) => v.side === 'response')) await sleep(5);
    const notes = violations
      .filter((v) => v.rule.endsWith('-body'))
      .map((v) => `${v.severity} ${v.side} ${v.rule}`);
    expect(notes).toEqual(['warning request request-body', 'warning response response-body']);
    expect(violations.find((v) => v.rule === 'request-body')!.message).toMatch(/not checked/);
  });

  it('answers an upgrade offer as a plain request (D160)', async () => {
    seen.length = 0;
    const client = await raw();
    client.socket.write(
      get('/c/v1/campaigns?upgrade=1', 'Connection: Upgrade, close\r\nUpgrade: websocket\r\n'),
    );
    expect(statuses(await client.closed)).toEqual(['200']);
    expect(seen[0]!.headers.upgrade).toBeUndefined();
  });
});

describe('an upstream over TLS', () => {
  let secure: ReturnType<typeof createHttpsServer>;
  let tlsProxy: Awaited<ReturnType<typeof startProxy>>;
  const rejecting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proxy-tls-'));
    execFileSync(
      'openssl',
      [
        ...[
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
        ],
        ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      ],
      { stdio: 'ignore' },
    );
    secure = createHttpsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (req, res) => void answer(req, res),
    );
    secure.listen(0, '127.0.0.1');
    await once(secure as unknown as Server, 'listening');
    // The certificate is this test's own: trusted for this test only.
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    tlsProxy = await startProxy({
      upstream: `https://localhost:${(secure.address() as AddressInfo).port}/prefix`,
    });
  });
  afterAll(async () => {
    await tlsProxy?.close();
    secure?.close();
    if (rejecting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = rejecting;
  });

  it('forwards over TLS, with the path prefix and Host of the upstream', async () => {
    seen.length = 0;
    const res = await fetch(`${tlsProxy.url}/c/v1/campaigns`, { headers: { 'x-api-key': KEY } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-url')).toBe('/prefix/c/v1/campaigns');
    expect(seen[0]!.headers.host).toBe(
      new URL(`https://localhost:${(secure.address() as AddressInfo).port}`).host,
    );
  });
});

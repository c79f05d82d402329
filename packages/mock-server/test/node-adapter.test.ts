/**
 * The Node adapter in this process, over raw `node:http` requests: bodies split across chunks,
 * the 1 MiB limit with and without `Content-Length`, keep-alive, and the request log's key
 * prefixes.
 */
import { type IncomingHttpHeaders, request } from 'node:http';
import { createMockService, type MockService } from '@msgsvc/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertOnContract } from '../../../openapi/test/support/response-check';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { RequestLog } from '../src/worlds/request-log';

let mock: MockService;
let server: MockServer;
let port: number;
const log = new RequestLog(5);

beforeAll(async () => {
  mock = createMockService({
    observe: (req, res) => {
      assertOnContract(req, res);
      log.record(req, res);
    },
  });
  mock.seedDemo();
  server = createMockServer({ mock, requestLog: log });
  port = (await server.listen(0, '127.0.0.1')).port;
});

afterAll(async () => {
  await server.close();
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Sends `chunks` one write at a time (no Content-Length unless given: chunked encoding). */
function raw(
  method: string,
  path: string,
  chunks: readonly (string | Buffer)[],
  headers: Record<string, string | number> = {},
  agent?: import('node:http').Agent,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers, ...(agent ? { agent } : {}) },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

const JSON_KEY = {
  'content-type': 'application/json',
  'x-api-key': 'svc_live_demo0000000000000000000000000001',
};

describe('Node adapter', () => {
  it('decodes a UTF-8 body whose characters are split across chunks', async () => {
    const text = JSON.stringify({ to: '+244923000010', body: 'Promoção de Natal ✓' });
    const bytes = Buffer.from(text, 'utf8');
    const cut = bytes.indexOf(Buffer.from('ç')) + 1; // inside the two bytes of "ç"
    const res = await raw(
      'POST',
      '/c/v1/messages',
      [bytes.subarray(0, cut), bytes.subarray(cut)],
      JSON_KEY,
    );
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body).body).toBe('Promoção de Natal ✓');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
  });

  it('answers 413 PAYLOAD_TOO_LARGE to a chunked body over 1 MiB, and keeps serving', async () => {
    const piece = 'x'.repeat(256 * 1024);
    const res = await raw('POST', '/c/v1/messages', [piece, piece, piece, piece, 'x'], JSON_KEY);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    expect(res.headers.connection).toBe('close');
    const after = await raw('GET', '/c/v1/messages', [], JSON_KEY);
    expect(after.status).toBe(200);
  });

  it('accepts a body of exactly 1 MiB (then validates it)', async () => {
    const filler = 'y'.repeat(1024 * 1024 - JSON.stringify({ to: '1', body: '' }).length);
    const body = JSON.stringify({ to: '1', body: filler });
    expect(Buffer.byteLength(body)).toBe(1024 * 1024);
    const res = await raw('POST', '/c/v1/messages', [body], {
      ...JSON_KEY,
      'content-length': Buffer.byteLength(body),
    });
    expect(res.status).toBe(422);
  });

  it('refuses at once a declared Content-Length far over the limit', async () => {
    const res = await new Promise<RawResponse>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/c/v1/messages',
          headers: { ...JSON_KEY, 'content-length': 1 << 30 },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode!, headers: response.headers, body }),
          );
        },
      );
      req.on('error', reject);
      req.write('{"to":'); // then nothing: the server must not wait for the gigabyte
    });
    expect(res.status).toBe(413);
  });

  it('serves many requests on one keep-alive connection', async () => {
    const { Agent } = await import('node:http');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ports = new Set<number>();
    for (let i = 0; i < 5; i++) {
      const res = await new Promise<number>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path: '/c/v1/messages', headers: JSON_KEY, agent },
          (response) => {
            response.resume();
            response.on('end', () => resolve(req.socket!.localPort!));
          },
        );
        req.on('error', reject);
        req.end();
      });
      ports.add(res);
    }
    agent.destroy();
    expect(ports.size).toBe(1);
  });

  it('logs requests with the key prefix only, in a bounded ring', () => {
    const entries = log.entries();
    expect(entries.length).toBe(5);
    expect(entries[0]!.seq).toBeGreaterThan(entries[4]!.seq);
    for (const entry of entries) {
      expect(entry.key).toBe('svc_live_demo…');
    }
    expect(JSON.stringify(entries)).not.toContain('svc_live_demo0000000000000000000000000001');
  });
});

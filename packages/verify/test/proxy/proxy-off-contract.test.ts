/**
 * The proxy in front of a small server that is off the contract on purpose: every planted
 * violation is reported, with its rule; bytes pass unchanged both ways (an echo upstream); keys
 * appear by prefix only in what the CLI prints and writes, wherever the client put them.
 */
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProxyCli } from '../../src/proxy/proxy-cli';
import { type ProxyViolation, startProxy } from '../../src/proxy/proxy-server';

const KEY = 'svc_test_offContractKey0123456789';
const TRACE = '0123456789abcdef0123456789abcdef';
const ENVELOPE = {
  code: 'VALIDATION_ERROR',
  message: 'bad',
  status: 422,
  trace_id: TRACE,
  timestamp: '2026-01-01T00:00:00.000000+00:00',
  service: 'core',
  fields: { size: 'bad' },
};
const PAGE = { total: 0, page: 1, size: 30, pages: 0, entries: [] };
const JSON_TYPE = {
  'content-type': 'application/json',
  'x-trace-id': TRACE,
  'x-ratelimit-limit': '600',
  'x-ratelimit-remaining': '599',
  'x-ratelimit-reset': '60',
};

/** Each planted violation: the request that triggers it and the rule the proxy must report. */
const PLANTED: {
  name: string;
  path: string;
  rule: string;
  answer: (res: import('node:http').ServerResponse) => void;
}[] = [
  {
    name: 'undocumented status',
    path: '/c/v1/messages?plant=status',
    rule: 'status',
    answer: (res) =>
      res.writeHead(418, JSON_TYPE).end(JSON.stringify({ ...ENVELOPE, status: 418 })),
  },
  {
    name: 'body off the schema',
    path: '/c/v1/campaigns?plant=body',
    rule: 'response-body',
    answer: (res) => res.writeHead(200, JSON_TYPE).end(JSON.stringify({ ...PAGE, pages: 'zero' })),
  },
  {
    name: 'required header missing',
    path: '/c/v1/campaigns?plant=header',
    rule: 'response-header',
    answer: (res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(PAGE)),
  },
  {
    name: 'envelope status differs',
    path: '/c/v1/messages?plant=envelope',
    rule: 'envelope',
    answer: (res) =>
      res.writeHead(422, JSON_TYPE).end(JSON.stringify({ ...ENVELOPE, status: 400 })),
  },
  {
    name: 'not JSON',
    path: '/c/v1/campaigns?plant=content-type',
    rule: 'content-type',
    answer: (res) =>
      res
        .writeHead(200, { 'content-type': 'text/html', 'x-trace-id': TRACE })
        .end(JSON.stringify(PAGE)),
  },
  {
    name: 'unknown route answered 200',
    path: '/c/v1/nowhere',
    rule: 'route',
    answer: (res) => res.writeHead(200, JSON_TYPE).end('{}'),
  },
  {
    name: 'error not in the envelope',
    path: '/c/v1/messages?plant=plain-error',
    rule: 'response-body',
    answer: (res) => res.writeHead(500, JSON_TYPE).end(JSON.stringify({ error: 'boom' })),
  },
];

let upstream: Server;
let upstreamUrl: string;
const seen: { method: string; url: string; headers: string[]; body: Buffer }[] = [];

beforeAll(async () => {
  upstream = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({
      method: req.method!,
      url: req.url!,
      headers: req.rawHeaders,
      body: Buffer.concat(chunks),
    });
    const plant = new URL(req.url!, 'http://x').searchParams.get('plant');
    const planted = PLANTED.find(
      (p) => p.path === req.url || (plant !== null && p.path.endsWith(`plant=${plant}`)),
    );
    if (planted !== undefined) return planted.answer(res);
    if (req.url!.startsWith('/echo')) {
      // Binary, chunked, with a repeated header: all must come back exactly.
      res.writeHead(207, 'Multi Echo', [
        'X-Repeat',
        'one',
        'X-Repeat',
        'two',
        'Content-Type',
        'application/octet-stream',
      ]);
      res.write(Buffer.from([0, 255, 1, 254]));
      res.end(Buffer.concat(chunks));
      return;
    }
    res.writeHead(200, JSON_TYPE).end(JSON.stringify(PAGE));
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => upstream?.close());

function send(
  url: string,
  options: { method?: string; headers?: Record<string, string> | string[]; body?: Buffer } = {},
) {
  return new Promise<{ status: number; message: string; headers: string[]; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        url,
        { method: options.method ?? 'GET', headers: options.headers ?? { 'x-api-key': KEY } },
        async (res) => {
          const chunks: Buffer[] = [];
          for await (const chunk of res) chunks.push(chunk as Buffer);
          resolve({
            status: res.statusCode!,
            message: res.statusMessage!,
            headers: res.rawHeaders,
            body: Buffer.concat(chunks),
          });
        },
      );
      req.on('error', reject);
      req.end(options.body);
    },
  );
}

describe('proxy in front of an off-contract server', () => {
  it('reports every planted violation with its rule', async () => {
    // The proxy checks an exchange after answering it (once no byte has moved for 2 ms): wait for
    // the check itself, not a fixed time (30 ms was once too short on a loaded machine, E72).
    const checked: (readonly ProxyViolation[])[] = [];
    const proxy = await startProxy({
      upstream: upstreamUrl,
      onExchange: (violations) => checked.push(violations),
    });
    const exchange = async (path: string) => {
      const before = checked.length;
      await send(`${proxy.url}${path}`);
      await expect.poll(() => checked.length, { timeout: 10_000 }).toBe(before + 1);
      return checked[before]!;
    };
    try {
      for (const planted of PLANTED) {
        expect(
          (await exchange(planted.path)).map((v) => v.rule),
          planted.name,
        ).toContain(planted.rule);
      }
      // …and nothing for an exchange on the contract.
      expect(await exchange('/c/v1/campaigns')).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('forwards method, path, query, headers and body unchanged, and answers byte for byte', async () => {
    const proxy = await startProxy({ upstream: upstreamUrl });
    try {
      const body = Buffer.from([1, 2, 3, 0, 200, 10, 13]);
      seen.length = 0;
      const got = await send(`${proxy.url}/echo/a%2Fb?x=1&x=2&y=%F0%9F%98%80`, {
        method: 'PATCH',
        headers: [
          'X-Api-Key',
          KEY,
          'X-Dup',
          'a',
          'X-Dup',
          'b',
          'Content-Type',
          'application/weird',
          'Content-Length',
          String(body.length),
          'Host',
          new URL(proxy.url).host,
        ],
        body,
      });
      const forwarded = seen[0]!;
      expect(forwarded.method).toBe('PATCH');
      expect(forwarded.url).toBe('/echo/a%2Fb?x=1&x=2&y=%F0%9F%98%80');
      expect(forwarded.body.equals(body)).toBe(true);
      const pairs = (raw: string[]) =>
        raw.flatMap((_, i) => (i % 2 === 0 ? [`${raw[i]}: ${raw[i + 1]}`] : []));
      expect(pairs(forwarded.headers)).toEqual(
        expect.arrayContaining([
          `X-Api-Key: ${KEY}`,
          'X-Dup: a',
          'X-Dup: b',
          'Content-Type: application/weird',
        ]),
      );
      // Host names the upstream (so a virtual host routes it), nothing else is changed.
      expect(pairs(forwarded.headers)).toContain(`Host: ${new URL(upstreamUrl).host}`);
      expect(got.status).toBe(207);
      expect(got.message).toBe('Multi Echo');
      expect(pairs(got.headers)).toEqual(
        expect.arrayContaining(['X-Repeat: one', 'X-Repeat: two']),
      );
      expect(got.body.equals(Buffer.concat([Buffer.from([0, 255, 1, 254]), body]))).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it('answers 502 in an envelope when the upstream is down', async () => {
    const proxy = await startProxy({ upstream: 'http://127.0.0.1:9' });
    try {
      const got = await send(`${proxy.url}/c/v1/messages`);
      expect(got.status).toBe(502);
      expect(JSON.parse(got.body.toString())).toMatchObject({
        code: 'PROXY_UPSTREAM_UNREACHABLE',
        status: 502,
      });
    } finally {
      await proxy.close();
    }
  });
});

describe('msgsvc-mock proxy (CLI)', () => {
  it('prints and writes violations with keys by prefix only, wherever they were sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proxy-'));
    const jsonl = join(dir, 'violations.jsonl');
    let stdout = '';
    let stderr = '';
    let stop: () => void = () => {};
    const exit = runProxyCli(
      ['--upstream', upstreamUrl, '--port', '0', '--jsonl', jsonl, '--fail-on-violation'],
      {
        stdout: (t) => {
          stdout += `${t}\n`;
        },
        stderr: (t) => {
          stderr += `${t}\n`;
        },
        env: {},
        onSignal: (signal, listener) => {
          if (signal === 'SIGTERM') stop = listener;
        },
      },
    );
    await expect.poll(() => /listening on (\S+),/.test(stderr), { timeout: 10_000 }).toBe(true);
    const url = /listening on (\S+),/.exec(stderr)![1]!;
    const live = 'svc_live_SecretInTheQuery987654321';
    await send(
      `${url}/c/v1/messages?api_key=${live}&k=svc%5Ftest%5F${'Z'.repeat(20)}&plant=status`,
    );
    await send(`${url}/c/v1/${live}`);
    // Both exchanges checked and written before the stop.
    await expect
      .poll(
        () => {
          const text = existsSync(jsonl) ? readFileSync(jsonl, 'utf8') : '';
          return ['parameter', 'status', 'route'].every((rule) =>
            text.includes(`"rule":"${rule}"`),
          );
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    stop();
    const code = await exit;
    expect(code).toBe(1); // --fail-on-violation
    const written = readFileSync(jsonl, 'utf8');
    const records = written
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ProxyViolation);
    expect(records.map((r) => r.rule)).toEqual(
      expect.arrayContaining(['parameter', 'status', 'route']),
    );
    expect(records[0]!.api_key).toBe('svc_test_offC…');
    for (const text of [stdout, stderr, written]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(live);
      expect(text).not.toContain('Z'.repeat(20));
      expect(text).not.toMatch(/svc(_|%5F)(live|test)(_|%5F)\w{5}/i);
    }
    expect(stdout).toContain('svc_live_Secr…');
    expect(stdout).toMatch(/VIOLATION response status listMessages: GET \/c\/v1\/messages\?/);
    expect(stderr).toMatch(/2 exchange\(s\) checked, \d+ violation\(s\), 0 warning\(s\)\./);
  });

  it('refuses a bad command line', async () => {
    for (const [argv, message] of [
      [[], '--upstream is required'],
      [['--upstream', 'localhost:4780'], '--upstream must be an http(s) URL'],
      [['--upstream', upstreamUrl, '--port', 'x'], '--port must be an integer'],
    ] as const) {
      let stderr = '';
      const code = await runProxyCli(argv, {
        stdout: () => {},
        stderr: (t) => {
          stderr += t;
        },
        env: {},
        onSignal: () => {},
      });
      expect(code).toBe(2);
      expect(stderr).toContain(message);
    }
  });
});

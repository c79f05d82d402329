/**
 * Replay and a cassette whose paths climb out of the public API (issue 35, item 5): `..` plain,
 * percent-encoded once or twice, behind an encoded slash or a backslash, split by a tab a URL
 * parser drops. Each such exchange is refused, nothing of it reaches the target (which sees only
 * the cassette's one honest request), and the control characters of a path are printed escaped.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideApi } from '../../src/replay/replay-path';
import { runCaptured } from '../verify/support';

const HEADER = JSON.stringify({
  cassette: 'msgsvc-verify',
  version: 1,
  recorded_at: '2026-03-02T09:00:00.000Z',
  base_path: '/c/v1',
  redaction: 'test',
});

const HOSTILE = [
  '/../../__mock/worlds',
  '/%2e%2e/%2e%2e/__mock/reset',
  '/%2E%2e/__mock/reset',
  '/.%2e/.%2E/__mock/reset',
  '/%252e%252e/%252e%252e/__mock/reset',
  '/messages/..%2f..%2f..%2f__mock%2freset',
  '/messages/%2e%2e%5c%2e%2e%5c__mock',
  '/..\\..\\__mock/reset',
  '/.\t./.\n./__mock/reset',
  '/messages/%c0%ae%c0%ae/x',
  '/messages/\u001b]0;owned\u0007\u001b[2J',
];

const line = (seq: number, method: string, path: string) =>
  JSON.stringify({
    seq,
    started_at: '2026-03-02T09:00:01.000Z',
    duration_ms: 1,
    request: {
      method,
      path,
      query: [],
      headers: { 'content-type': 'application/json' },
      api_key: { ref: 'k1', prefix: 'svc_test_abcd…' },
      body: method === 'POST' ? { json: { name: 'w' } } : null,
    },
    response: { status: 201, headers: {}, body: null },
  });

/** Every request the target received: method, raw URL, and whether it carried a key. */
const received: { method: string; url: string; key: boolean }[] = [];
let target: { url: string; close: () => void };
beforeAll(async () => {
  const server = createServer((req, res) => {
    received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      key: req.headers['x-api-key'] !== undefined,
    });
    req.resume();
    req.on('end', () => {
      res.writeHead(201);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  target = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/c/v1`,
    close: () => server.close(),
  };
});
afterAll(() => target?.close());

describe('replay and paths outside the public API', () => {
  it('refuses each one, sends nothing for it, and says so (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hostile-'));
    const file = join(dir, 'hostile.jsonl');
    const lines = HOSTILE.map((path, i) => line(i + 1, i % 2 === 0 ? 'POST' : 'GET', path));
    lines.push(line(HOSTILE.length + 1, 'GET', '/messages'));
    writeFileSync(file, [HEADER, ...lines].join('\n'));

    const run = await runCaptured([
      'replay',
      file,
      '--base-url',
      target.url,
      '--api-key',
      'svc_test_operatorsOwnKey000000000',
    ]);

    // Only the honest request reached the target.
    expect(received).toEqual([{ method: 'GET', url: '/c/v1/messages', key: true }]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/11 exchange\(s\) of .* refused, nothing sent for them/);
    const refused = run.stdout.split('\n').filter((l) => l.startsWith('REFUSED #'));
    expect(refused).toHaveLength(HOSTILE.length);
    expect(run.stdout).toContain(
      'REFUSED #2 GET /%2e%2e/%2e%2e/__mock/reset: refused, nothing sent: its path leads outside the public API (a ".." segment once decoded)',
    );
    // What a terminal would obey arrives as escapes.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting there are none
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    expect(run.stdout).toContain('/messages/\\x1b]0;owned\\x07\\x1b[2J');
  });

  it('lets every path of the public API through, ids and odd characters included', () => {
    const base = 'http://127.0.0.1:4780/c/v1';
    for (const path of [
      '/messages',
      '/messages/01890000-0000-7000-8000-000000000000',
      '/campaigns/01890000-0000-7000-8000-000000000000/messages',
      '/messages/not-a-uuid',
      '/messages/a..b',
      '/messages/%20x',
      '/',
    ]) {
      expect(outsideApi(path, base), path).toBeUndefined();
    }
    for (const path of HOSTILE) expect(outsideApi(path, base), path).toBeDefined();
  });
});

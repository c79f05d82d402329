/**
 * What replay does with a cassette it cannot trust (exit 2, the line and the fault, nothing sent)
 * and with a bad command line; and the phone mask's promises on their own: valid numbers stay
 * valid in the form written, invalid ones stay invalid for the same reason, the test range stays.
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizePhoneNumber } from '@msgsvc/sdk/phone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhoneMask } from '../../src/replay/phone-mask';
import { runCaptured } from '../verify/support';

const dir = mkdtempSync(join(tmpdir(), 'cassette-'));
const HEADER = JSON.stringify({
  cassette: 'msgsvc-verify',
  version: 1,
  recorded_at: '2026-03-02T09:00:00.000Z',
  base_path: '/c/v1',
  redaction: 'test',
});
const exchange = (over: Record<string, unknown> = {}, request: Record<string, unknown> = {}) =>
  JSON.stringify({
    seq: 1,
    started_at: '2026-03-02T09:00:01.000Z',
    duration_ms: 1.5,
    request: {
      method: 'POST',
      path: '/messages',
      query: [],
      headers: { 'content-type': 'application/json' },
      api_key: { ref: 'k1', prefix: 'svc_test_abcd…' },
      body: { json: { to: '+244900000001', body: 'x' } },
      ...request,
    },
    response: {
      status: 201,
      headers: { 'content-type': 'application/json' },
      body: { json: { id: 'x' } },
    },
    ...over,
  });

let requests = 0;
let lastBody = '';
let target: { url: string; close: () => void };
beforeAll(async () => {
  // Counts what reaches it: a refused cassette sends nothing.
  const server = createServer((req, res) => {
    requests++;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      lastBody = Buffer.concat(chunks).toString('utf8');
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'x' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  target = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/c/v1`,
    close: () => server.close(),
  };
});
afterAll(() => target?.close());

async function replay(name: string, content: string) {
  const file = join(dir, name);
  writeFileSync(file, content);
  return runCaptured(['replay', file, '--base-url', target.url, '--api-key', 'svc_test_k']);
}

describe('a cassette replay cannot trust', () => {
  it.each([
    ['not JSON', `${HEADER}\n{"seq": 1,\n`, /line 2: not JSON/],
    [
      'another version',
      HEADER.replace('"version":1', '"version":2'),
      /version 2; this msgsvc-verify reads version 1/,
    ],
    ['no header', exchange(), /line 1: not a msgsvc-verify cassette header/],
    ['empty', '\n\n', /empty, no cassette header/],
    [
      'a __proto__ field',
      `${HEADER}\n${exchange({ ['__proto__']: { polluted: true } }).replace('"seq"', '"__proto__":{"polluted":true},"seq"')}`,
      /line 2: .*"__proto__"/,
    ],
    [
      'a constructor header',
      `${HEADER}\n${exchange({}, { headers: { constructor: 'x' } })}`,
      /line 2: .*\/request\/headers has a field it may not have: "constructor"/,
    ],
    [
      'an unknown field',
      `${HEADER}\n${exchange({ extra: 1 })}`,
      /line 2: .*\/ has a field it may not have: "extra"/,
    ],
    [
      'a bad status',
      `${HEADER}\n${exchange({ response: { status: 99, headers: {}, body: null } })}`,
      /line 2: .*\/response\/status must be >= 100/,
    ],
    ['a repeated seq', `${HEADER}\n${exchange()}\n${exchange()}`, /line 3: seq 1 appears twice/],
    [
      'absurd nesting',
      `${HEADER}\n${exchange({}, { body: { json: JSON.parse(`${'['.repeat(200)}${']'.repeat(200)}`) } })}`,
      /line 2: nested deeper than 64/,
    ],
    [
      'a bad key reference',
      `${HEADER}\n${exchange({}, { api_key: { ref: '__proto__', prefix: '' } })}`,
      /line 2: .*\/request\/api_key\/ref must match/,
    ],
  ])('%s: exit 2 with the line and the fault, nothing sent', async (name, content, message) => {
    const before = requests;
    const run = await replay(`${name.replace(/\W+/g, '-')}.jsonl`, content);
    expect(run.stderr).toMatch(message);
    expect(run.code).toBe(2);
    expect(requests).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a missing file: exit 2 naming it', async () => {
    const run = await runCaptured(['replay', join(dir, 'none.jsonl'), '--base-url', target.url]);
    expect(run.stderr).toMatch(/cannot read .*none\.jsonl: ENOENT/);
    expect(run.code).toBe(2);
  });

  it('a __proto__ key inside a recorded body is data: replayed as sent, nothing polluted', async () => {
    const body = '{"to":"+244900000001","body":"x","__proto__":{"polluted":true}}';
    const line = exchange().replace('{"to":"+244900000001","body":"x"}', body);
    const before = requests;
    const run = await replay('proto-body.jsonl', `${HEADER}\n${line}`);
    expect(run.code).toBe(0);
    expect(requests).toBe(before + 1);
    expect(lastBody).toBe(body);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    [['replay'], /give exactly one cassette FILE/],
    [['replay', 'a.jsonl', 'b.jsonl', '--base-url', 'http://x'], /give exactly one cassette FILE/],
    [['replay', 'a.jsonl'], /--base-url is required/],
    [['replay', 'a.jsonl', '--base-url', 'ftp://x'], /--base-url must be an http\(s\) URL/],
    [['replay', 'a.jsonl', '--base-url', 'http://x', '--key', 'two=svc'], /--key must be REF=KEY/],
    [['replay', 'a.jsonl', '--base-url', 'http://x', '--nope'], /Unknown option '--nope'/],
    [
      ['replay', 'a.jsonl', '--base-url', 'http://x', '--api-key', 'a', '--key', 'k1=b'],
      /k1 is given twice/,
    ],
    [
      ['replay', 'a.jsonl', '--base-url', 'http://x', '--key', 'k2=a', '--key', 'k2=b'],
      /k2 is given twice/,
    ],
  ])('command line %j: exit 2', async (argv, message) => {
    const run = await runCaptured(argv);
    expect(run.stderr).toMatch(message);
    expect(run.code).toBe(2);
  });

  it('an unreachable target: exit 2 after three requests without an answer', async () => {
    const lines = [1, 2, 3, 4].map((seq) => exchange({ seq }));
    const file = join(dir, 'four.jsonl');
    writeFileSync(file, [HEADER, ...lines].join('\n'));
    const run = await runCaptured([
      'replay',
      file,
      '--base-url',
      'http://127.0.0.1:9/c/v1',
      '--api-key',
      'k',
    ]);
    expect(run.stderr).toMatch(/did not answer 3 requests in a row/);
    expect(run.code).toBe(2);
  });
});

describe('PhoneMask (D143)', () => {
  it('maps a valid number to a fictional +244 98 number, the same one in every form', () => {
    const mask = new PhoneMask();
    const e164 = mask.mask('+244923123456');
    expect(e164).toBe('+244980000001');
    expect(mask.mask('923 123 456')).toBe('980 000 001');
    expect(mask.mask('00244-923-123-456')).toBe('00244-980-000-001');
    expect(mask.mask('244923123456')).toBe('244980000001');
    expect(mask.mask('+244 91 234 5678')).toBe('+244 98 000 0002');
    for (const written of ['980 000 001', '00244-980-000-001', '+244 98 000 0002']) {
      expect(normalizePhoneNumber(written)).toMatchObject({ ok: true });
    }
  });

  it('keeps the +244 90 test range, and never hands out a fake twice', () => {
    const mask = new PhoneMask();
    expect(mask.mask('+244900000002')).toBe('+244900000002');
    const fakes = new Set(
      ['+244923000001', '+244923000002', '+351912345678', '+244980000001'].map((n) => mask.mask(n)),
    );
    expect(fakes.size).toBe(4);
  });

  it('keeps an invalid number invalid for the same reason and as long', () => {
    const mask = new PhoneMask();
    for (const written of ['+244 12 3456', '1234567', '+244 923 123 4567 89', '+999 123 4567']) {
      const masked = mask.mask(written);
      expect(masked).toHaveLength(written.length);
      expect(normalizePhoneNumber(masked)).toEqual(normalizePhoneNumber(written));
      expect(mask.mask(written)).toBe(masked);
    }
  });

  it('masks a partial search inside a known number as the same slice of its fake', () => {
    const mask = new PhoneMask();
    mask.mask('+244923123456');
    expect(mask.maskSearch('9231234')).toBe('9800000');
    expect(mask.maskSearch('923')).toBe('923');
    expect(mask.scrub('recipients[0]: +244923123456 is blocked')).toBe(
      'recipients[0]: +244980000001 is blocked',
    );
  });
});

/**
 * Record and compare (issue 26, item 5): the proxy records a realistic session with the mock; the
 * cassette replays against a fresh mock (another seed and start time, so every id and time
 * differs) with no difference; each difference planted in front of another fresh mock is reported
 * with its kind and nothing else is; and the cassette holds no key, number or content of the
 * session, the same number always the same fictional one.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizePhoneNumber } from '@msgsvc/sdk/phone';
import { beforeAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/proxy-server';
import {
  type Cassette,
  type RecordedExchange,
  readCassette,
} from '../../src/replay/cassette-format';
import { type ReplayReport, runReplay } from '../../src/replay/run-replay';
import { KEYS, runCaptured } from '../verify/support';
import { driveSession, freshMock, freshTarget, MAGIC_DELIVERED, MINUTE, PERSONAL } from './traffic';

const dir = mkdtempSync(join(tmpdir(), 'replay-'));
const file = join(dir, 'session.jsonl');
let cassette: Cassette;
let text: string;
let driven: number;
const keys = { k1: KEYS.main, k2: KEYS.other };

beforeAll(async () => {
  const recorded = await freshMock('2026-03-02T09:00:00Z');
  const proxy = await startProxy({ upstream: recorded.url, record: file });
  try {
    driven = await driveSession(`${proxy.url}/c/v1`, () => recorded.mock.clock.advance(MINUTE));
    // Outside the public API: forwarded, never recorded.
    await fetch(`${proxy.url}/__mock/health`);
  } finally {
    await proxy.close();
    await recorded.close();
  }
  text = readFileSync(file, 'utf8');
  cassette = readCassette(file);
}, 60_000);

const find = (method: string, path: RegExp): RecordedExchange[] =>
  cassette.exchanges.filter((e) => e.request.method === method && path.test(e.request.path));

describe('proxy --record', () => {
  it('writes every exchange of the public API, in order, with what replay needs', () => {
    expect(cassette.header).toMatchObject({
      cassette: 'msgsvc-verify',
      version: 1,
      base_path: '/c/v1',
    });
    expect(cassette.exchanges).toHaveLength(driven);
    expect(cassette.exchanges.map((e) => e.seq)).toEqual(cassette.exchanges.map((_, i) => i + 1));
    const [send] = find('POST', /^\/messages$/);
    expect(send!.request.headers['content-type']).toMatch(/application\/json/);
    expect(send!.request.api_key).toEqual({ ref: 'k1', prefix: 'svc_test_veri…' });
    expect(send!.response.status).toBe(201);
    expect(send!.response.headers['x-trace-id']).toBeTruthy();
    expect(send!.duration_ms).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(send!.started_at))).toBe(false);
    const list = cassette.exchanges.find((e) => e.request.query.some(([n]) => n === 'order_by'));
    expect(list!.request.query).toEqual([
      ['size', '3'],
      ['page', '2'],
      ['order', 'asc'],
      ['order_by', 'updated_at'],
    ]);
    expect(list!.response.body?.json).toMatchObject({ page: 2, size: 3 });
    // The other organization's key is another reference; the refused key a third.
    const refs = new Set(cassette.exchanges.map((e) => e.request.api_key?.ref));
    expect(refs).toEqual(new Set(['k1', 'k2', 'k3', undefined].filter((r) => r !== undefined)));
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('redaction (D143)', () => {
  it('leaves no key, real number or message content of the session in the cassette', () => {
    for (const key of Object.values(KEYS)) expect(text).not.toContain(key);
    expect(text).not.toContain('svc_test_thisKeyWasRevoked');
    for (const value of Object.values(PERSONAL)) expect(text).not.toContain(value);
    expect(text).not.toContain('código');
    expect(text).not.toContain('sexta-feira');
  });

  it('maps the same number to the same valid fictional number everywhere, in the form written', () => {
    const sends = find('POST', /^\/messages$/).filter((e) => e.response.status === 201);
    const masked = (sends[0]!.request.body!.json as { to: string }).to;
    expect(masked).toMatch(/^\+24498\d{7}$/);
    expect(normalizePhoneNumber(masked)).toMatchObject({ ok: true });
    // The repeated send and the batch's first recipient: the same fake.
    expect((sends[2]!.request.body!.json as { to: string }).to).toBe(masked);
    const [batch] = find('POST', /^\/campaigns\/batch$/);
    const recipients = (batch!.request.body!.json as { recipients: string[] }).recipients;
    expect(recipients[0]).toBe(masked);
    // A local form stays local with its spaces; another form of a number keeps its separators.
    expect(recipients[1]).toMatch(/^98\d \d{3} \d{3}$/);
    expect(recipients[2]).toMatch(/^\+244 98\d-\d{3}-\d{3}$/);
    // A foreign number becomes an Angolan fiction; an invalid one stays invalid, same length.
    expect(recipients[3]).toMatch(/^\+24498\d{7}$/);
    expect(recipients[4]).toHaveLength(PERSONAL.invalid.length);
    expect(normalizePhoneNumber(recipients[4]!)).toEqual(normalizePhoneNumber(PERSONAL.invalid));
    expect(recipients[5]).toBe(MAGIC_DELIVERED);
    expect(new Set(recipients).size).toBe(recipients.length);
    // The campaign's messages show each masked number in E.164: the same fakes.
    const local = `+244${recipients[1]!.replace(/\D/g, '')}`;
    const numbers = [...text.matchAll(/"(?:e164_format|target_e164)":"([^"]+)"/g)].map((m) => m[1]);
    expect(numbers).toContain(masked);
    expect(numbers).toContain(local);
    // The search by the national number searches the fake's.
    const search = cassette.exchanges.find((e) => e.request.query.some(([n]) => n === 'q'));
    expect(search!.request.query).toEqual([['q', masked.slice(4)]]);
    expect((search!.response.body!.json as { total: number }).total).toBeGreaterThanOrEqual(3);
  });

  it('masks contents by length-keeping tokens, the same text the same token', () => {
    const sends = find('POST', /^\/messages$/).filter((e) => e.response.status === 201);
    const first = (sends[0]!.request.body!.json as { body: string }).body;
    const second = (sends[1]!.request.body!.json as { body: string }).body;
    expect(first).toBe(second);
    expect(first).toHaveLength(PERSONAL.otp.length);
    expect(first).toMatch(/^content1 x+$/);
    const [retrieve] = find('GET', /^\/messages\/[0-9a-f-]{36}$/);
    expect((retrieve!.response.body!.json as { content: string }).content).toBe(first);
  });
});

describe('replay', () => {
  it('finds no difference replaying the mock against a fresh mock with other ids and times', async () => {
    const target = await freshTarget('2026-05-20T14:30:00Z');
    let report: ReplayReport;
    try {
      report = await runReplay(cassette, { baseUrl: target.baseUrl, keys });
      // Ids and times did differ: the comparison was by rule.
      const recordedFirst = (find('POST', /^\/messages$/)[0]!.response.body!.json as { id: string })
        .id;
      const page = await (
        await fetch(`${target.mock.baseUrl}/messages?order=asc&size=1`, {
          headers: { 'x-api-key': KEYS.main },
        })
      ).json();
      expect(page.entries[0].id).not.toBe(recordedFirst);
      expect(page.entries[0].created_at.startsWith('2026-05-20')).toBe(true);
    } finally {
      await target.close();
    }
    expect(report.differences).toEqual([]);
    expect(report.skipped).toEqual([]);
    expect(report.replayed).toBe(driven);
  });

  it('reports each planted difference with its kind, and nothing else', async () => {
    let call = 0;
    const target = await freshTarget('2026-04-01T08:00:00Z', (method, url, status, body) => {
      call++;
      const b = body as Record<string, unknown>;
      if (method === 'GET' && /^\/c\/v1\/messages\/0189/.test(url)) {
        return { body: { ...b, code: 'RESOURCE_NOT_FOUND' } }; // codes swapped
      }
      if (method === 'GET' && /^\/c\/v1\/messages\?size=5$/.test(url)) {
        return { body: { ...b, pages: (b.pages as number) + 1 } }; // pages by another rule
      }
      if (method === 'GET' && /^\/c\/v1\/campaigns\/[^/?]+\/messages\?size=4$/.test(url)) {
        return { body: { ...b, entries: [...(b.entries as unknown[])].reverse() } }; // order ignored
      }
      if (method === 'GET' && /^\/c\/v1\/messages\/[0-9a-f-]{36}$/.test(url) && status === 200) {
        const { is_refunded: _, ...rest } = b; // a field gone, cost a number, a time with Z
        return {
          body: {
            ...rest,
            cost: Number(b.cost),
            created_at: (b.created_at as string).replace(/\.\d+\+00:00$/, 'Z'),
          },
        };
      }
      if (method === 'GET' && /^\/c\/v1\/campaigns\/[^/?]+$/.test(url)) {
        // Another record's id in the answer, and updated before created.
        return {
          body: {
            ...b,
            id: '01890000-0000-7000-8000-00000000abcd',
            updated_at: '2020-01-01T00:00:00.000000+00:00',
          },
        };
      }
      if (method === 'GET' && /^\/c\/v1\/messages\?size=2$/.test(url)) {
        return { dropHeaders: ['x-ratelimit-remaining'] }; // a header missing
      }
      if (method === 'GET' && /^\/c\/v1\/messages\?q=/.test(url)) {
        return { body: { ...b, entries: (b.entries as unknown[]).slice(1) } }; // an entry lost
      }
      return undefined;
    });
    // A fault injected through the control API: the first campaign list answers 503.
    target.mock.mock.control.failNextRequests({
      operation_id: 'listCampaigns',
      status: 503,
      count: 1,
    });
    const planted = new Map<number, string>();
    const seqOf = (method: string, path: RegExp, nth = 0) => find(method, path)[nth]!.seq;
    planted.set(seqOf('GET', /^\/campaigns$/), 'status');
    planted.set(seqOf('GET', /^\/messages\/0189/), 'error-code');
    planted.set(seqOf('GET', /^\/messages$/), 'pagination');
    planted.set(seqOf('GET', /^\/campaigns\/[^/]+\/messages$/), 'ordering');
    planted.set(seqOf('GET', /^\/messages\/[0-9a-f-]{36}$/), 'shape format');
    planted.set(seqOf('GET', /^\/campaigns\/[0-9a-f-]{36}$/), 'identity time-order');
    planted.set(
      find('GET', /^\/messages$/).find((e) => e.request.api_key?.ref === 'k2')!.seq,
      'header',
    );
    planted.set(
      cassette.exchanges.find((e) => e.request.query.some(([n]) => n === 'q'))!.seq,
      'entries',
    );
    let report: ReplayReport;
    try {
      const run = await runCaptured([
        'replay',
        file,
        '--base-url',
        target.baseUrl,
        '--api-key',
        KEYS.main,
        '--key',
        `k2=${KEYS.other}`,
        '--json',
      ]);
      expect(run.code).toBe(1);
      report = JSON.parse(run.stdout) as ReplayReport;
    } finally {
      await target.close();
    }
    expect(call).toBe(driven);
    const foundAt = new Map<number, Set<string>>();
    for (const d of report.differences) {
      foundAt.set(d.seq, (foundAt.get(d.seq) ?? new Set()).add(d.kind));
    }
    for (const [seq, kinds] of planted) {
      for (const kind of kinds.split(' '))
        expect([seq, foundAt.get(seq)?.has(kind)]).toEqual([seq, true]);
    }
    // Nothing reported where nothing was planted.
    expect(report.differences.filter((d) => !planted.has(d.seq))).toEqual([]);
    expect(Object.keys(report.by_kind).sort()).toEqual([
      'entries',
      'error-code',
      'format',
      'header',
      'identity',
      'ordering',
      'pagination',
      'shape',
      'status',
      'time-order',
    ]);
    const shape = report.differences
      .filter((d) => d.kind === 'shape')
      .map((d) => `${d.where} ${d.message}`);
    expect(shape).toEqual(
      expect.arrayContaining([
        '/is_refunded field missing on replay',
        '/cost recorded a string, replayed a number',
      ]),
    );
  }, 60_000);

  it('prints a text report and exits 0 with no difference; verify --replay is the same command', async () => {
    const target = await freshTarget('2026-06-01T00:00:00Z');
    try {
      const run = await runCaptured([
        'verify',
        '--replay',
        file,
        '--base-url',
        target.baseUrl,
        '--api-key',
        KEYS.main,
        '--key',
        `k2=${KEYS.other}`,
      ]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`${driven} of ${driven} exchange(s) replayed`);
      expect(run.stdout).toContain('no behavioural difference');
    } finally {
      await target.close();
    }
  });

  it('skips the exchanges of a key it was not given, and says which flag to add', async () => {
    const target = await freshTarget('2026-06-01T00:00:00Z');
    try {
      const run = await runCaptured([
        'replay',
        file,
        '--base-url',
        target.baseUrl,
        '--api-key',
        KEYS.main,
      ]);
      expect(run.stdout).toMatch(/SKIP #\d+ GET \/messages\?size=2: .*--key k2=KEY/);
      // The refused key (k3) replays with a key that exists nowhere: still a 401, no difference.
      expect(run.stdout).not.toContain('k3');
      expect(run.code).toBe(0);
    } finally {
      await target.close();
    }
  });
});

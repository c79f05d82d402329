/**
 * The inspector's and the control API's counts are the public API's: `status:failed` in `q` lists
 * what `GET /messages?status=FAILED` lists (`REJECTED` and `CANCELLED` with `FAILED`, as list
 * entries report them), and a campaign page's per-state counts are what
 * `GET /campaigns/{id}/messages?status=` lists; the exact statuses keep words of their own
 * (`status:rejected`). Held on a world with failed, rejected, cancelled and expired messages, while
 * its tasks are pending and after they settle.
 */
import { createMockService, type MockService } from '@msgsvc/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { RequestLog } from '../src/worlds/request-log';
import { controlApi, publicApi } from './support/http';

/** The five statuses the public lists report and filter by. */
const LISTED = ['PENDING', 'SENT', 'DELIVERED', 'FAILED', 'UNDELIVERED'] as const;
/** The exact statuses the lists fold into another. */
const FOLDED = ['EXPIRED', 'REJECTED', 'CANCELLED'] as const;

let mock: MockService;
let server: MockServer;
let origin: string;
let liveKey: string;
let senderId: string;
let tenant: string;
const campaigns: string[] = [];

const q = (query: string) => `q=${encodeURIComponent(query)}`;

/** `total` of a public list with `status=`. */
async function publicTotal(path: string, status: string): Promise<number> {
  const page = await publicApi(origin, liveKey).get(path, `status=${status}&size=1`);
  expect(page.status).toBe(200);
  return page.body.total;
}

/** `total` of the control API's and of the inspector's messages list for the same words. */
async function filteredTotals(words: string): Promise<[control: number, inspector: number]> {
  const control = await controlApi(origin).get('/messages', `${q(words)}&limit=1`);
  const inspector = await fetch(`${origin}/__mock/inspector/api/messages?${q(words)}&limit=1`);
  expect([control.status, inspector.status]).toEqual([200, 200]);
  return [control.body.total, ((await inspector.json()) as { total: number }).total];
}

/** A campaign's page in the inspector: its per-state counts and the exact statuses they take in. */
async function campaignPage(id: string) {
  const response = await fetch(`${origin}/__mock/inspector/api/campaigns/${id}?limit=1`);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    counts: Record<string, number>;
    exact: Record<string, Record<string, number>>;
    messages: { total: number };
  };
}

/** Every count the inspector and the control API show, next to the public API's. */
async function holdCountsEqual(): Promise<void> {
  for (const status of LISTED) {
    const word = `status:${status.toLowerCase()}`;
    const expected = await publicTotal('/messages', status);
    expect(await filteredTotals(`${tenant} ${word}`), word).toEqual([expected, expected]);
  }
  for (const id of campaigns) {
    const page = await campaignPage(id);
    let listed = 0;
    for (const status of LISTED) {
      const word = `campaign:${id} status:${status.toLowerCase()}`;
      const expected = await publicTotal(`/campaigns/${id}/messages`, status);
      expect(await filteredTotals(word), word).toEqual([expected, expected]);
      expect(page.counts[status] ?? 0, `the campaign page's ${status}`).toBe(expected);
      listed += expected;
    }
    expect(page.messages.total).toBe(listed);
    // An exact status's own word counts what the page says a listed one takes in.
    for (const status of FOLDED) {
      const shown = Object.values(page.exact).reduce(
        (sum, within) => sum + (within[status] ?? 0),
        0,
      );
      const [control, inspector] = await filteredTotals(`campaign:${id} status:${status}`);
      expect([control, inspector], status).toEqual([shown, shown]);
      expect(shown).toBe(
        [...mock.world.messages.all()].filter((m) => m.campaignId === id && m.status === status)
          .length,
      );
    }
  }
}

/** Exact statuses of the tenant's messages now, with how many of each. */
function exactCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const message of mock.world.messages.all()) {
    counts[message.status] = (counts[message.status] ?? 0) + 1;
  }
  return counts;
}

async function batch(name: string, recipients: string[]): Promise<string> {
  const accepted = await publicApi(origin, liveKey).post('/campaigns/batch', {
    remitter_id: senderId,
    channel_type: 'SMS',
    name,
    content: 'Feliz Natal',
    recipients,
  });
  expect(accepted.status).toBe(202);
  return accepted.body.campaign_id;
}

beforeAll(async () => {
  const requestLog = new RequestLog();
  mock = createMockService({ rateLimits: false, observe: (a, b) => requestLog.record(a, b) });
  const demo = mock.seedDemo();
  liveKey = demo.liveKey;
  senderId = demo.sender.id;
  // The public API lists one tenant; the filters are asked about the same one.
  tenant = `org:${demo.organization.id} env:live`;
  server = createMockServer({ mock, requestLog });
  ({ origin } = await server.listen(0, '127.0.0.1'));
});

afterAll(() => server.close());

describe('counts by status', () => {
  it('are the public API’s in q, in the inspector and on a campaign page, pending and settled', async () => {
    const live = publicApi(origin, liveKey);
    // Magic numbers: delivered, undelivered, expired, rejected, failed, no receipt (stays SENT).
    for (const last of [1, 2, 3, 4, 5, 6, 4, 5]) {
      const sent = await live.post('/messages', { to: `+24490000000${last}`, body: 'Olá' });
      expect(sent.status).toBe(201);
    }
    campaigns.push(
      await batch('Natal', [
        ...[1, 2, 3, 4, 5, 6].map((last) => `+24490000000${last}`),
        // Seven digits are no Angolan number: FAILED INVALID_PHONE_NUMBER at once.
        '1234561',
        ...Array.from({ length: 20 }, (_, i) => `+24492370${String(1000 + i)}`),
      ]),
    );
    campaigns.push(await batch('Páscoa', ['+244900000001', '+244923701500', '+244923701501']));
    // Its dispatch fails: its messages are CANCELLED.
    const fault = await controlApi(origin).post('/faults/campaign-failures', {
      campaign_id: campaigns[1],
    });
    expect(fault.status).toBe(201);

    // Pending: nothing has run yet.
    expect(mock.clock.pending()).toBeGreaterThan(0);
    await holdCountsEqual();
    // Part-way: dispatched, some receipts in, the expiry (48 h) and more still to come.
    let steps = 0;
    while (mock.clock.pending() > 0 && !(exactCounts().REJECTED && exactCounts().CANCELLED)) {
      await controlApi(origin).post('/clock/advance', { ms: 500 });
      steps++;
      expect(steps, 'rejected and cancelled messages within 60 s of world time').toBeLessThan(120);
    }
    expect(mock.clock.pending()).toBeGreaterThan(0);
    await holdCountsEqual();
    // Idle: only the expiry of the message without a receipt is left.
    expect((await controlApi(origin).post('/clock/run-until-idle')).status).toBe(200);
    await holdCountsEqual();
    // Settled: past the 48 h validity period, nothing left to run.
    await controlApi(origin).post('/clock/advance', { ms: 49 * 3_600_000 });
    expect(mock.clock.pending()).toBe(0);
    await holdCountsEqual();

    // The world held every case: failed, rejected, cancelled and expired next to each other.
    const exact = exactCounts();
    for (const status of ['FAILED', ...FOLDED]) expect(exact[status], status).toBeGreaterThan(0);
    const failed = await publicTotal('/messages', 'FAILED');
    expect(failed).toBeGreaterThan(exact.FAILED!);
  });
});

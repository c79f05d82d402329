// The keyset walk's cases one by one (decisions D63, D64): an instant holding more entries than
// a page, the requests a walk costs, where ascending walks end, an explicit `page`, and the lists
// it refuses to walk. pagination-property.test.ts checks the guarantee on random interleavings.
import { MessagingClient, MessagingError, type Page, PageList, PaginationError } from '@msgsvc/sdk';
import { describe, expect, it } from 'vitest';
import { createMockService, numbers } from './support/mock';

/** A world whose campaigns are processed 500 ms after acceptance and dispatched 1–3 s later. */
function world() {
  const mock = createMockService({
    simulation: { processingDelay: [500, 500], dispatchLatency: [1_000, 3_000] },
    rateLimits: {
      listMessages: 1_000_000,
      sendMessage: 1_000_000,
      listCampaignMessages: 1_000_000,
    },
  });
  const demo = mock.seedDemo();
  return { mock, key: demo.liveKey, remitterId: demo.sender.id };
}
type World = ReturnType<typeof world>;

async function post(w: World, path: string, body: unknown) {
  const response = await w.mock.fetch(`${w.mock.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': w.key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { id?: string; campaign_id?: string };
}

async function sendSingles(w: World, n: number, start: number, tick = 10) {
  for (const to of numbers(n, start)) {
    w.mock.clock.advance(tick);
    await post(w, '/messages', { to, body: 'single' });
  }
}

/** A campaign of `n` recipients, processed: its messages share one instant and are all PENDING. */
async function campaign(w: World, n: number, start = 100_000): Promise<string> {
  const { campaign_id } = await post(w, '/campaigns/batch', {
    remitter_id: w.remitterId,
    channel_type: 'SMS',
    content: 'lote',
    recipients: numbers(n, start),
  });
  w.mock.clock.advance(500);
  return campaign_id!;
}

type Entry = { id: string; created_at: string; status: string };

/** The ids matching `query` right now, in the list's order (read whole; nothing moves meanwhile). */
async function snapshot(w: World, path: string, query: Record<string, string> = {}) {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const search = new URLSearchParams({ ...query, page: String(page), size: '200' });
    const response = await w.mock.fetch(`${w.mock.baseUrl}${path}?${search}`, {
      headers: { 'x-api-key': w.key },
    });
    const body = (await response.json()) as { entries: Entry[]; page: number; pages: number };
    ids.push(...body.entries.map((entry) => entry.id));
    if (body.page >= body.pages) return ids;
  }
}

/**
 * A client on the mock that records the query of every list read and, before each read after the
 * first, runs `between` (the world moving under the walk).
 */
function recording(w: World, between: (read: number) => Promise<void> | void = () => {}) {
  const reads: URLSearchParams[] = [];
  const client = new MessagingClient({
    apiKey: w.key,
    baseUrl: w.mock.baseUrl,
    maxRetries: 0,
    fetch: async (request) => {
      const url = new URL(request.url);
      if (request.method === 'GET') {
        if (reads.length > 0) await between(reads.length);
        reads.push(url.searchParams);
      }
      return w.mock.fetch(request);
    },
  });
  return { client, reads };
}

const isDrain = (query: URLSearchParams) =>
  query.has('created_at__ge') && query.get('created_at__ge') === query.get('created_at__le');

describe('an instant holding more entries than a page', () => {
  it('is read whole while its entries change state, without the mutable filter, in few requests', async () => {
    const w = world();
    await sendSingles(w, 3, 1);
    const id = await campaign(w, 450);
    await sendSingles(w, 3, 10);
    const query = { campaign_id: id, status: 'PENDING' };
    const start = await snapshot(w, '/messages', query);
    expect(start).toHaveLength(450);
    // 300 ms before every read: messages leave PENDING (dispatched 1–3 s after creation).
    const { client, reads } = recording(w, () => void w.mock.clock.advance(300));
    const yielded: string[] = [];
    for await (const message of client.messages.list({
      campaign_id: [id],
      status: ['PENDING'],
      size: 25,
    })) {
      expect(message.status).toBe('PENDING');
      yielded.push(message.id);
    }
    const end = new Set(await snapshot(w, '/messages', query));
    expect(end.size).toBeGreaterThan(0);
    expect(end.size).toBeLessThan(450); // the walk did race the dispatcher
    expect(new Set(yielded).size).toBe(yielded.length);
    expect(start.filter((m) => end.has(m) && !yielded.includes(m))).toEqual([]);

    const drains = reads.filter(isDrain);
    expect(drains.length).toBeGreaterThanOrEqual(3); // 450 entries, 200 a page
    for (const drain of drains) {
      expect(drain.get('size')).toBe('200');
      expect(drain.getAll('campaign_id')).toEqual([id]); // the filter no record can leave stays
      expect(drain.has('status')).toBe(false); // the one a record can leave is applied locally
    }
    // First page, one bounded at its last entry, the drain, one past the instant: not 18 pages.
    expect(reads.length).toBeLessThanOrEqual(drains.length + 3);
  });

  for (const order of ['desc', 'asc'] as const) {
    it(`yields the list exactly, in full pages, ${order}`, async () => {
      const w = world();
      await sendSingles(w, 4, 1);
      const id = await campaign(w, 230);
      await sendSingles(w, 4, 10);
      const expected = await snapshot(w, '/messages', { order });
      expect(expected).toHaveLength(238);
      const { client, reads } = recording(w);
      const ids: string[] = [];
      const sizes: number[] = [];
      const numbers_: number[] = [];
      for await (const page of client.messages.list({ size: 7, order }).pages()) {
        ids.push(...page.entries.map((entry) => entry.id));
        sizes.push(page.entries.length);
        numbers_.push(page.page);
        expect(page).toMatchObject({ total: 238, pages: 34, size: 7 });
      }
      expect(ids).toEqual(expected);
      expect(sizes.slice(0, -1).every((size) => size === 7)).toBe(true);
      expect(numbers_).toEqual(sizes.map((_, i) => i + 1));
      expect(reads.filter(isDrain).length).toBe(2); // 230 entries, 200 a page
      expect(reads.length).toBeLessThan(12); // offsets: 34
      // The campaign's messages came out in one piece.
      const campaignIds = new Set(await snapshot(w, `/campaigns/${id}/messages`));
      const positions = ids.flatMap((m, i) => (campaignIds.has(m) ? [i] : []));
      expect(positions.at(-1)! - positions[0]!).toBe(229);
    });
  }

  it('listMessages drains a campaign of 1,000 in pages of 200', async () => {
    const w = world();
    const id = await campaign(w, 1000);
    const { client, reads } = recording(w);
    const ids = new Set<string>();
    for await (const message of client.campaigns.listMessages(id, { size: 30 }))
      ids.add(message.id);
    expect(ids.size).toBe(1000);
    // The first page, all at the campaign's instant, then its five pages of 200 and one past it.
    expect(reads).toHaveLength(7);
  });
});

describe('request counts', () => {
  it('a walk of 300 entries at distinct instants costs about one request per page', async () => {
    const w = world();
    await sendSingles(w, 300, 1);
    for (const order of ['desc', 'asc'] as const) {
      const { client, reads } = recording(w);
      const all = await client.messages.list({ size: 50, order }).toArray({ limit: 1000 });
      expect(all).toHaveLength(300);
      // Each later page repeats the boundary entry, so seven reads (desc) and a ceiling (asc).
      expect(reads.length).toBeLessThanOrEqual(order === 'asc' ? 8 : 7);
    }
  });
});

describe('where a walk ends', () => {
  it('ascending: at the newest record when it started, however fast records arrive', async () => {
    const w = world();
    await sendSingles(w, 50, 1);
    let burst = 0;
    const bursts: string[][] = [];
    const { client, reads } = recording(w, async () => {
      await sendSingles(w, 10, 1_000 + 10 * burst++);
      bursts.push((await snapshot(w, '/messages', { order: 'asc' })).slice(-10));
    });
    const ids: string[] = [];
    for await (const message of client.messages.list({ size: 10, order: 'asc' }))
      ids.push(message.id);
    // The read right after the first page fixes the end: what came before it is walked too.
    expect(reads[1]!.get('size')).toBe('1');
    expect(reads[1]!.get('order')).toBe('desc');
    expect(ids).toHaveLength(60);
    expect(ids.slice(50)).toEqual(bursts[0]);
    expect(reads.length).toBeLessThanOrEqual(9);
  });

  it("ascending with the caller's created_at__le: no extra read, the caller's bound caps it", async () => {
    const w = world();
    await sendSingles(w, 20, 1);
    const cap = w.mock.clock.now();
    await sendSingles(w, 20, 100);
    const { client, reads } = recording(w);
    const bound = `${cap.toISOString().slice(0, 23)}000+00:00`;
    const ids = await client.messages
      .list({ size: 5, order: 'asc', created_at__le: bound })
      .toArray({ limit: 100 });
    expect(ids).toHaveLength(20);
    expect(reads.every((query) => query.get('size') === '5')).toBe(true);
  });

  it('an explicit page is where the walk starts; it goes on from that page by keyset', async () => {
    const w = world();
    await sendSingles(w, 60, 1);
    const all = await snapshot(w, '/messages');
    const { client } = recording(w, (read) => sendSingles(w, 3, 500 + 3 * read));
    const list = client.messages.list({ size: 10, page: 3 });
    const first = await list;
    expect(first.entries.map((entry) => entry.id)).toEqual(all.slice(20, 30));
    const pages: number[] = [];
    const ids: string[] = [];
    for await (const page of list.pages()) {
      pages.push(page.page);
      ids.push(...page.entries.map((entry) => entry.id));
    }
    expect(ids).toEqual(all.slice(20));
    expect(pages).toEqual([3, 4, 5, 6]);
  });
});

describe('lists the walk refuses', () => {
  it('order_by updated_at: iterating throws a PaginationError before any request; awaiting works', async () => {
    const w = world();
    await sendSingles(w, 3, 1);
    const { client, reads } = recording(w);
    const list = client.messages.list({ order_by: 'updated_at' });
    const refused = (error: unknown) => {
      expect(error).toBeInstanceOf(PaginationError);
      expect(error).toBeInstanceOf(MessagingError);
      expect(error).toMatchObject({ code: 'ORDER_NOT_ITERABLE', name: 'PaginationError' });
      expect((error as Error).message).toMatch(/order_by 'created_at'/);
      return true;
    };
    await expect(
      (async () => {
        for await (const _ of list) return;
      })(),
    ).rejects.toSatisfy(refused);
    await expect(list.pages().next()).rejects.toSatisfy(refused);
    await expect(
      client.campaigns.list({ order_by: 'updated_at' }).toArray({ limit: 5 }),
    ).rejects.toSatisfy(refused);
    expect(reads).toHaveLength(0);
    expect((await list).entries).toHaveLength(3);
  });

  it('a page out of the list order: a PaginationError rather than a walk that never ends', async () => {
    const entry = (created_at: string, id: string) => ({ id, created_at });
    const at = (second: number) => `2026-01-01T09:00:0${second}.000000+00:00`;
    const pages: Page<{ id: string; created_at: string }>[] = [
      { total: 4, page: 1, size: 2, pages: 2, entries: [entry(at(5), 'e'), entry(at(4), 'd')] },
      // Asked for created_at <= 4 s, answered with a newer entry first.
      { total: 4, page: 1, size: 2, pages: 2, entries: [entry(at(5), 'e'), entry(at(4), 'd')] },
    ];
    let calls = 0;
    const list = new PageList(async () => pages[Math.min(calls++, 1)]!, {});
    await expect(list.toArray({ limit: 10 })).rejects.toMatchObject({ code: 'PAGE_INCONSISTENT' });
    expect(calls).toBe(2);
  });
});

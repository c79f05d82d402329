import { MessagingClient } from '@msgsvc/sdk';
import { describe, expect, it } from 'vitest';
import { type Mock, numbers, setup } from './support/mock';

/**
 * A world with 1,005 messages: a campaign of 1,000 (all created at one instant, so ordering among
 * them is by id alone) and five single sends, the last one at the current instant.
 */
async function seeded() {
  const context = setup();
  const { client, demo, mock } = context;
  const { campaign_id } = await client.campaigns.sendBatch({
    remitter_id: demo.sender.id,
    channel_type: 'SMS',
    content: 'Campanha',
    recipients: numbers(1000, 1),
  });
  mock.clock.runUntilIdle();
  for (let i = 0; i < 5; i++) {
    mock.clock.advance(10);
    await client.messages.send({ to: `+2449230100${10 + i}`, body: `single ${i}` });
  }
  return { ...context, campaign_id };
}

/** Every message id, newest first, read while nothing changes. */
async function snapshot(client: MessagingClient): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { data } = await client.raw.GET('/messages', { params: { query: { page, size: 200 } } });
    ids.push(...data!.entries.map((entry) => entry.id));
    if (data!.page >= data!.pages) return ids;
  }
}

/**
 * A client whose fetch sends `burst` new messages before each list read after the first one.
 * With `tick` 0 they are created at the very instant of the newest message already listed.
 */
function growing(mock: Mock, apiKey: string, burst: number, tick: number) {
  let sent = 0;
  let reads = 0;
  const client = new MessagingClient({
    apiKey,
    baseUrl: mock.baseUrl,
    fetch: async (request) => {
      const url = new URL(request.url);
      if (request.method === 'GET' && url.pathname.endsWith('/messages')) {
        // Reads after the first: the list grows between two reads.
        if (reads++ > 0) {
          mock.clock.advance(tick);
          for (let i = 0; i < burst; i++) {
            await mock.fetch(`${mock.baseUrl}/messages`, {
              method: 'POST',
              headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
              body: JSON.stringify({
                to: `+24492302${String(sent++).padStart(4, '0')}`,
                body: 'new',
              }),
            });
          }
        }
      }
      return mock.fetch(request);
    },
  });
  return { client, inserted: () => sent, reads: () => reads };
}

describe('pagination', () => {
  it('await gives one page; for await gives every entry', async () => {
    const { client } = await seeded();
    const list = client.messages.list({ size: 100 });
    const page = await list;
    expect(page).toMatchObject({ total: 1005, page: 1, size: 100, pages: 11 });
    expect(page.entries).toHaveLength(100);
    let count = 0;
    for await (const _ of list) count++;
    expect(count).toBe(1005);
  });

  it('pages() yields each page and stops at pages', async () => {
    const { client } = await seeded();
    const sizes: number[] = [];
    for await (const page of client.messages.list({ size: 200 }).pages())
      sizes.push(page.entries.length);
    expect(sizes).toEqual([200, 200, 200, 200, 200, 5]);
  });

  it('toArray stops at its limit', async () => {
    const { client } = await seeded();
    const entries = await client.messages.list({ size: 30 }).toArray({ limit: 45 });
    expect(entries).toHaveLength(45);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(45);
    await expect(client.messages.list().toArray({ limit: Number.NaN })).rejects.toThrow(RangeError);
    expect(await client.messages.list().toArray({ limit: 0 })).toEqual([]);
  });

  it('an empty list has one empty page and no entries', async () => {
    const { client } = setup();
    expect(await client.messages.list().toArray({ limit: 10 })).toEqual([]);
    const pages = [];
    for await (const page of client.messages.list().pages()) pages.push(page);
    expect(pages).toEqual([{ total: 0, page: 1, size: 30, pages: 0, entries: [] }]);
  });

  it('without the safeguards, messages arriving at the same instant repeat entries', async () => {
    // The hazard the iterator defends against, shown with plain offset paging.
    const { mock, demo } = await seeded();
    const { client } = growing(mock, demo.liveKey, 7, 0);
    const ids: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { data } = await client.raw.GET('/messages', {
        params: { query: { page, size: 100 } },
      });
      ids.push(...data!.entries.map((entry) => entry.id));
    }
    expect(ids.length - new Set(ids).size).toBeGreaterThan(0);
  });

  for (const [label, tick] of [
    ['at the instant of the first entry (ties broken by id)', 0],
    ['later than the first entry', 1],
  ] as const) {
    it(`no duplicates and no gaps while messages arrive ${label}`, async () => {
      const { mock, demo } = await seeded();
      const before = await snapshot(growing(mock, demo.liveKey, 0, 0).client);
      const { client, inserted, reads } = growing(mock, demo.liveKey, 7, tick);
      const seen: string[] = [];
      for await (const entry of client.messages.list({ size: 100 })) seen.push(entry.id);
      expect(seen).toEqual(before);
      expect(new Set(seen).size).toBe(seen.length);
      // The list did grow while it was read.
      expect(reads()).toBeGreaterThan(2);
      expect(inserted()).toBe(7 * (reads() - 1));
      const { total } = await client.messages.list({ size: 1 });
      expect(total).toBe(1005 + inserted());
    });
  }

  it('a descending walk ends even when a full page arrives per page read', async () => {
    const { mock, demo } = await seeded();
    // A large limit, not null: a disabled limit drops the X-RateLimit-* headers the contract requires.
    mock.control.configureRateLimits({ sendMessage: 1_000_000 });
    const before = await snapshot(growing(mock, demo.liveKey, 0, 0).client);
    const { client, reads, inserted } = growing(mock, demo.liveKey, 100, 1);
    const seen: string[] = [];
    for await (const entry of client.messages.list({ size: 100 })) seen.push(entry.id);
    expect(seen).toEqual(before);
    // The first page, one bounded at its last entry, the campaign's instant drained in pages of
    // 200, and one below it (empty): 8 reads where offsets took 11.
    expect(reads()).toBe(8);
    expect(inserted()).toBe(700);
  });

  it('ascending order: new messages join at the end, none repeats, none is missed', async () => {
    const { mock, demo } = await seeded();
    const before = await snapshot(growing(mock, demo.liveKey, 0, 0).client);
    const { client } = growing(mock, demo.liveKey, 5, 0);
    const seen: string[] = [];
    for await (const entry of client.messages.list({ size: 100, order: 'asc' }))
      seen.push(entry.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, before.length)).toEqual([...before].reverse());
  });

  it('listMessages iterates a campaign of 1,000', async () => {
    const { client, campaign_id } = await seeded();
    const ids = new Set<string>();
    for await (const message of client.campaigns.listMessages(campaign_id, { size: 200 })) {
      expect(message.campaign_id).toBe(campaign_id);
      ids.add(message.id);
    }
    expect(ids.size).toBe(1000);
  });
});

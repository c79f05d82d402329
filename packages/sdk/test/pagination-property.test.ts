// Iterating a list while the world moves under it: random sends (single messages, several at one
// instant, batches whose messages all share one instant), clock advances (messages walk PENDING →
// SENT → DELIVERED and the rest, campaigns PROCESSING → SENDING → COMPLETED) and page fetches,
// interleaved. Between two page reads of the walk the harness runs a few of those actions, then
// reads the list whole (with the walk's filter) as the service sees it at that moment. Whatever
// happened, the walk yields no entry twice, in the list's order, every entry it yields matched when
// read, and every entry that matched at every one of its reads (for a filter a record cannot leave
// and re-enter: every entry that matched at the start and at the end) is yielded; descending, no
// entry created after the walk started is.
import { MessagingClient } from '@msgsvc/sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockService, numbers } from './support/mock';

type Entry = { id: string; created_at: string; status: string; campaign_id?: string | null };
type Action =
  | { kind: 'send'; count: number }
  | { kind: 'batch'; recipients: number; invalid: number }
  | { kind: 'advance'; ms: number };

type ListKind = 'messages' | 'campaigns' | 'campaignMessages';

/** A filter of a walk. `convex`: a record that matches at two instants matches in between. */
interface Filter {
  label: string;
  query: (campaignId: string) => Record<string, string[]>;
  convex: boolean;
}

const FILTERS: Record<ListKind, Filter[]> = {
  messages: [
    { label: 'none', query: () => ({}), convex: true },
    { label: 'status=SENT', query: () => ({ status: ['SENT'] }), convex: true },
    { label: 'status=PENDING,SENT', query: () => ({ status: ['PENDING', 'SENT'] }), convex: true },
    // PENDING → SENT → DELIVERED leaves this set and comes back.
    {
      label: 'status=PENDING,DELIVERED',
      query: () => ({ status: ['PENDING', 'DELIVERED'] }),
      convex: false,
    },
    { label: 'campaign_id', query: (id) => ({ campaign_id: [id] }), convex: true },
    {
      label: 'campaign_id+status=SENT',
      query: (id) => ({ campaign_id: [id], status: ['SENT'] }),
      convex: true,
    },
    {
      label: 'error_code',
      query: () => ({
        error_code: ['ABSENT_SUBSCRIBER', 'UNKNOWN_SUBSCRIBER', 'REJECTED_BY_CARRIER'],
      }),
      convex: true,
    },
  ],
  campaigns: [
    { label: 'none', query: () => ({}), convex: true },
    { label: 'status=SENDING', query: () => ({ status: ['SENDING'] }), convex: true },
    {
      label: 'status=PROCESSING,SENDING',
      query: () => ({ status: ['PROCESSING', 'SENDING'] }),
      convex: true,
    },
  ],
  campaignMessages: [
    { label: 'none', query: () => ({}), convex: true },
    { label: 'status=SENT', query: () => ({ status: ['SENT'] }), convex: true },
    { label: 'status=PENDING,SENT', query: () => ({ status: ['PENDING', 'SENT'] }), convex: true },
  ],
};

const PATHS = {
  messages: () => '/messages',
  campaigns: () => '/campaigns',
  campaignMessages: (id: string) => `/campaigns/${id}/messages`,
} as const;

// ---------------------------------------------------------------------------------------------
// The world and its actions
// ---------------------------------------------------------------------------------------------

function buildWorld() {
  const mock = createMockService({
    seed: 7,
    // Large limits, not disabled ones: the contract check wants the X-RateLimit-* headers.
    rateLimits: Object.fromEntries(
      [
        'sendBatchCampaign',
        'listMessages',
        'sendMessage',
        'listCampaigns',
        'listCampaignMessages',
      ].map((op) => [op, 1_000_000]),
    ),
    // More failures than the default, so that error codes and FAILED entries are common.
    simulation: {
      dispatchLatency: [100, 1_500],
      receiptLatency: [500, 6_000],
      outcomes: {
        DELIVERED: 0.6,
        UNDELIVERED: 0.2,
        EXPIRED: 0,
        NO_RECEIPT: 0.05,
        REJECTED: 0.1,
        FAILED: 0.05,
      },
    },
  });
  const demo = mock.seedDemo();
  return {
    mock,
    key: demo.liveKey,
    remitterId: demo.sender.id,
    next: 1,
    campaigns: [] as string[],
  };
}
type World = ReturnType<typeof buildWorld>;

async function post(world: World, path: string, body: unknown): Promise<Record<string, string>> {
  const response = await world.mock.fetch(`${world.mock.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': world.key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as Record<string, string>;
}

async function run(world: World, action: Action): Promise<void> {
  switch (action.kind) {
    case 'send':
      // No clock move between them: all at one instant.
      for (let i = 0; i < action.count; i++) {
        await post(world, '/messages', { to: numbers(1, world.next++)[0], body: 'single' });
      }
      return;
    case 'batch': {
      const recipients = numbers(action.recipients, world.next);
      world.next += action.recipients;
      // Well-formed but not valid numbers: FAILED at once, with INVALID_PHONE_NUMBER (D16).
      for (let i = 0; i < action.invalid; i++) recipients.push(`+24400000000${i}`);
      const { campaign_id } = await post(world, '/campaigns/batch', {
        remitter_id: world.remitterId,
        channel_type: 'SMS',
        content: 'lote',
        recipients,
      });
      world.campaigns.push(campaign_id!);
      return;
    }
    case 'advance':
      world.mock.clock.advance(action.ms);
      return;
  }
}

// ---------------------------------------------------------------------------------------------
// One walk, observed
// ---------------------------------------------------------------------------------------------

interface Walk {
  list: ListKind;
  filter: number;
  order: 'asc' | 'desc';
  size: number;
}

/** Every entry of the list matching `query` right now, read whole (nothing moves meanwhile). */
async function everything(world: World, path: string, query: Record<string, string[]>) {
  const entries: Entry[] = [];
  for (let page = 1; ; page++) {
    const search = new URLSearchParams({ page: String(page), size: '200' });
    for (const [name, values] of Object.entries(query))
      for (const value of values) search.append(name, value);
    const response = await world.mock.fetch(`${world.mock.baseUrl}${path}?${search}`, {
      headers: { 'x-api-key': world.key },
    });
    const body = (await response.json()) as { entries: Entry[]; page: number; pages: number };
    entries.push(...body.entries);
    if (body.page >= body.pages) return entries;
  }
}

/**
 * Iterates the list with the SDK while `during` runs, one group of actions before each page read
 * after the first; returns what the walk yielded and what matched at each of its reads.
 */
async function observe(world: World, walk: Walk, during: Action[][]) {
  const campaignId = world.campaigns[0]!;
  const path = PATHS[walk.list](campaignId);
  const query = FILTERS[walk.list][walk.filter]!.query(campaignId);
  const matched: Set<string>[] = [];
  // A copy: fast-check replays the same values while shrinking.
  const queue = [...during];
  let reads = 0;
  let drains = 0;
  let existing = new Set<string>();
  const client = new MessagingClient({
    apiKey: world.key,
    baseUrl: world.mock.baseUrl,
    maxRetries: 0,
    fetch: async (request) => {
      const url = new URL(request.url);
      if (request.method === 'GET' && url.pathname.endsWith(path)) {
        const ge = url.searchParams.get('created_at__ge');
        if (ge !== null && ge === url.searchParams.get('created_at__le')) drains++;
        if (reads++ === 0) {
          existing = new Set((await everything(world, path, {})).map((entry) => entry.id));
        } else {
          for (const action of queue.shift() ?? []) await run(world, action);
        }
        matched.push(new Set((await everything(world, path, query)).map((entry) => entry.id)));
      }
      return world.mock.fetch(request);
    },
  });
  const params = { ...query, order: walk.order, size: walk.size };
  const list =
    walk.list === 'messages'
      ? client.messages.list(params)
      : walk.list === 'campaigns'
        ? client.campaigns.list(params)
        : client.campaigns.listMessages(campaignId, params);
  const yielded: Entry[] = [];
  for await (const entry of list as AsyncIterable<Entry>) yielded.push(entry);
  return { yielded, matched, query, reads, drains, existing };
}

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('send' as const),
      count: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      recipients: fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: 2, max: 40 }) },
        { weight: 1, arbitrary: fc.integer({ min: 150, max: 230 }) },
      ),
      invalid: fc.integer({ min: 0, max: 2 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 300, max: 8_000 })),
    }),
  },
);

/** Campaign lists need many campaigns: small batches, often several at one instant. */
const campaignAction: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      recipients: fc.integer({ min: 2, max: 5 }),
      invalid: fc.constant(0),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.integer({ min: 0, max: 1_500 }),
    }),
  },
);

const walk: fc.Arbitrary<Walk> = fc
  .constantFrom<ListKind>('messages', 'messages', 'campaigns', 'campaignMessages')
  .chain((list) =>
    fc.record({
      list: fc.constant(list),
      filter: fc.integer({ min: 0, max: FILTERS[list].length - 1 }),
      order: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
      size: fc.oneof(fc.integer({ min: 3, max: 8 }), fc.integer({ min: 3, max: 25 })),
    }),
  );

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id));
}

/** The walk's order: `(created_at, id)`, ascending or descending (D25, D32). */
function inOrder(a: Entry, b: Entry, order: 'asc' | 'desc'): boolean {
  const ascending = a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id);
  const same = a.created_at === b.created_at && a.id === b.id;
  return !same && (order === 'asc') === ascending;
}

describe('iterating a list while records are created and change state', () => {
  it('yields each entry at most once, in order, and every entry that matched throughout', async () => {
    // How often the interesting cases came up: the walk read while the list changed, and drained
    // an instant holding more entries than a page.
    const seen = { walks: 0, changing: 0, drains: 0 };
    await fc.assert(
      fc.asyncProperty(
        walk.chain((plan) => {
          const step = plan.list === 'campaigns' ? campaignAction : action;
          return fc.record({
            plan: fc.constant(plan),
            before: fc.array(step, {
              minLength: 2,
              maxLength: plan.list === 'campaigns' ? 30 : 10,
            }),
            during: fc.array(fc.array(step, { minLength: 1, maxLength: 3 }), {
              minLength: 1,
              maxLength: 30,
            }),
          });
        }),
        async ({ plan, before, during }) => {
          const world = buildWorld();
          // One campaign, processed, so that campaign filters have something to find.
          await run(world, { kind: 'batch', recipients: 30, invalid: 1 });
          await run(world, { kind: 'advance', ms: 1_000 });
          for (const step of before) await run(world, step);
          const { yielded, matched, query, drains, existing } = await observe(world, plan, during);
          const filter = FILTERS[plan.list][plan.filter]!;
          seen.walks++;
          if (matched.some((set) => !sameSet(set, matched[0]!))) seen.changing++;
          if (drains > 0) seen.drains++;

          const ids = yielded.map((entry) => entry.id);
          expect(ids.length - new Set(ids).size, 'duplicates').toBe(0);
          for (let i = 1; i < yielded.length; i++) {
            expect(inOrder(yielded[i - 1]!, yielded[i]!, plan.order), 'in order').toBe(true);
          }
          // Each entry matched its filter as the walk read it.
          for (const entry of yielded) {
            if (query.status) expect(query.status).toContain(entry.status);
            if (query.campaign_id) expect(query.campaign_id).toContain(entry.campaign_id);
          }
          // Descending, what was created after the walk started stays out.
          if (plan.order === 'desc') expect(ids.filter((id) => !existing.has(id))).toEqual([]);
          const got = new Set(ids);
          const throughout = [...matched[0]!].filter((id) => matched.every((set) => set.has(id)));
          expect(
            throughout.filter((id) => !got.has(id)),
            `missed (${filter.label})`,
          ).toEqual([]);
          if (filter.convex) {
            const end = matched.at(-1)!;
            const both = [...matched[0]!].filter((id) => end.has(id));
            expect(
              both.filter((id) => !got.has(id)),
              `missed (${filter.label})`,
            ).toEqual([]);
          }
        },
      ),
      // A fixed seed keeps CI deterministic; FC_SEED explores others.
      { numRuns: 100, seed: Number(process.env.FC_SEED ?? 20261123) },
    );
    expect(seen.changing).toBeGreaterThan(seen.walks / 3);
    expect(seen.drains).toBeGreaterThan(seen.walks / 10);
  }, 120_000);
});

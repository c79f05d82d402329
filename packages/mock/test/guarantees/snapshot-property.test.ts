// Restore is exact, whatever the history (E15): for random histories of requests, clock moves and
// inbound messages, snapshot → restore → snapshot gives the same snapshot, and a restored world fed
// the same random continuation answers every request exactly as the original does (ids, trace
// ids, times, outcomes), ending in the same snapshot. Restore leaves the id map to be rebuilt on
// first use, so continuations mix lookups by id with new messages in both orders.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MockService, WorldSnapshot } from '../../src/index';
import { call } from '../support/api';
import { createMockService } from '../support/mock';

const number = fc.oneof(
  fc.constantFrom('+244923000001', '+244951000002', '+244912000003', '+351912345678'),
  fc.integer({ min: 0, max: 9 }).map((n) => `+24490000000${n}`), // magic numbers
  fc.constantFrom('12345', 'not a number'),
);

const step = fc.oneof(
  fc.record({
    kind: fc.constant('send' as const),
    test: fc.boolean(),
    to: number,
    key: fc.option(fc.constantFrom('k1', 'k2'), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('batch' as const),
    recipients: fc.array(number, { minLength: 1, maxLength: 5 }),
  }),
  fc.record({ kind: fc.constant('retrieve' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('list' as const),
    query: fc.constantFrom('', 'q=9230', 'q=23', 'status=FAILED', 'order=asc&size=3'),
  }),
  fc.record({ kind: fc.constant('campaign' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('advance' as const),
    ms: fc.integer({ min: 0, max: 4 * 3_600_000 }),
  }),
  fc.record({
    kind: fc.constant('inbound' as const),
    body: fc.constantFrom('STOP', 'START', 'Olá'),
  }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

interface Run {
  readonly mock: MockService;
  readonly liveKey: string;
  readonly testKey: string;
  readonly senderId: string;
  readonly ids: string[];
  readonly campaigns: string[];
}

/** Runs one step; returns what a client saw (status, headers and body). */
async function run(r: Run, s: Step): Promise<unknown> {
  const { mock } = r;
  let response: Awaited<ReturnType<typeof call>> | undefined;
  switch (s.kind) {
    case 'send':
      response = await call(mock, s.test ? r.testKey : r.liveKey, 'POST', '/messages', {
        body: { to: s.to, body: 'Olá' },
        ...(s.key === undefined ? {} : { headers: { 'idempotency-key': s.key } }),
      });
      break;
    case 'batch':
      response = await call(mock, r.liveKey, 'POST', '/campaigns/batch', {
        body: {
          remitter_id: r.senderId,
          channel_type: 'SMS',
          content: 'Promo',
          recipients: s.recipients,
        },
      });
      break;
    case 'retrieve': {
      const id = r.ids.length === 0 ? r.senderId : r.ids[s.pick % r.ids.length]!;
      response = await call(mock, r.liveKey, 'GET', `/messages/${id}`);
      break;
    }
    case 'campaign': {
      const id = r.campaigns.length === 0 ? r.senderId : r.campaigns[s.pick % r.campaigns.length]!;
      response = await call(mock, r.liveKey, 'GET', `/campaigns/${id}/messages`);
      break;
    }
    case 'list':
      response = await call(mock, r.liveKey, 'GET', '/messages', { query: s.query });
      break;
    case 'advance':
      return mock.clock.advance(s.ms);
    case 'inbound':
      return mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: s.body });
  }
  const body = response.body;
  if (typeof body?.id === 'string') r.ids.push(body.id);
  if (typeof body?.campaign_id === 'string') r.campaigns.push(body.campaign_id);
  return { status: response.status, headers: [...response.headers], body };
}

function start(seed: number): Run {
  const mock = createMockService({ seed });
  const demo = mock.seedDemo();
  return {
    mock,
    liveKey: demo.liveKey,
    testKey: demo.testKey,
    senderId: demo.sender.id,
    ids: [],
    campaigns: [],
  };
}

describe('restore is exact (property)', () => {
  it('snapshot → restore → snapshot is identical, and the restored world continues identically', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1000 }),
        fc.array(step, { maxLength: 14 }),
        fc.array(step, { maxLength: 14 }),
        fc.boolean(),
        async (seed, history, continuation, viaJson) => {
          const original = start(seed);
          for (const s of history) await run(original, s);
          const taken = original.mock.snapshot();
          const text = JSON.stringify(taken);

          const restored: Run = {
            ...original,
            mock: createMockService({ seed: seed + 1 }),
            ids: [...original.ids],
            campaigns: [...original.campaigns],
          };
          restored.mock.restore(viaJson ? (JSON.parse(text) as WorldSnapshot) : taken);
          expect(JSON.stringify(restored.mock.snapshot())).toBe(text);

          for (const s of continuation) {
            expect(await run(restored, s)).toEqual(await run(original, s));
          }
          expect(JSON.stringify(restored.mock.snapshot())).toBe(
            JSON.stringify(original.mock.snapshot()),
          );
          // The snapshot taken before is still the value it was.
          expect(JSON.stringify(taken)).toBe(text);
        },
      ),
      { numRuns: 40 },
    );
  });
});

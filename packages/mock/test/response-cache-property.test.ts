/**
 * The cached texts of `GET /messages/{id}`, of `GET /messages` entries and of its pages, after any
 * sequence of sends, clock steps and reads, are exactly what rendering the world's records afresh
 * writes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageDetail, messageListEntry } from '../src/http/serializers';
import { createMockService, jsonHeaders } from './support/mock';

// Delivered, undelivered with a refund (a magic number), and one on the simulation's odds.
const NUMBERS = ['+244900000001', '+244900000002', '+244923000001', '+244934000001'];

const operation = fc.oneof(
  fc.record({ send: fc.constantFrom(...NUMBERS) }),
  fc.record({ advance: fc.integer({ min: 1, max: 4_000_000 }) }),
  fc.record({ read: fc.nat() }),
  fc.record({ list: fc.integer({ min: 1, max: 3 }) }),
);

describe('cached message texts', () => {
  it('equal a fresh rendering of the record after random sends, clock steps and reads', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 30 }), async (operations) => {
        const mock = createMockService({ rateLimits: false });
        const demo = mock.seedDemo();
        const headers = jsonHeaders(demo.liveKey);
        const ids: string[] = [];
        const get = async (path: string) =>
          (await mock.fetch(`${mock.baseUrl}${path}`, { headers })).text();
        for (const op of operations) {
          if ('send' in op) {
            const response = await mock.fetch(`${mock.baseUrl}/messages`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ to: op.send, body: 'Olá' }),
            });
            ids.push(((await response.json()) as { id: string }).id);
          } else if ('advance' in op) {
            mock.clock.advance(op.advance);
          } else if ('read' in op && ids.length > 0) {
            const id = ids[op.read % ids.length]!;
            const record = mock.world.messages.get(id)!;
            expect(await get(`/messages/${id}`)).toBe(
              JSON.stringify(messageDetail(mock.world, record)),
            );
          } else if ('list' in op) {
            const page = JSON.parse(await get(`/messages?size=2&page=${op.list}`)) as {
              total: number;
              entries: { id: string }[];
            };
            // The plain answer: every message sent, newest first, this page of two.
            const newest = [...ids].reverse().slice((op.list - 1) * 2, op.list * 2);
            expect(page.total).toBe(ids.length);
            expect(page.entries.map((entry) => entry.id)).toEqual(newest);
            for (const entry of page.entries) {
              const record = mock.world.messages.get(entry.id)!;
              expect(entry).toEqual(JSON.parse(JSON.stringify(messageListEntry(record))));
            }
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});

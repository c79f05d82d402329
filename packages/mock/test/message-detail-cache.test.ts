/**
 * `GET /messages/{id}` reuses the serialized text of an unchanged message (E18); a message that
 * changes in any field the detail shows must never be served in its old state.
 */
import { describe, expect, it } from 'vitest';
import type { MockService } from '../src/index';
import { createMockService, jsonHeaders } from './support/mock';

async function send(mock: MockService, key: string, to: string): Promise<string> {
  const response = await mock.fetch(`${mock.baseUrl}/messages`, {
    method: 'POST',
    headers: jsonHeaders(key),
    body: JSON.stringify({ to, body: 'Olá' }),
  });
  return ((await response.json()) as { id: string }).id;
}

/** The detail as served, and as a world that never served it renders it (a fork). */
async function servedAndFresh(mock: MockService, key: string, id: string) {
  const get = async (m: MockService) =>
    await (await m.fetch(`${m.baseUrl}/messages/${id}`, { headers: jsonHeaders(key) })).text();
  return { served: await get(mock), fresh: await get(mock.fork()) };
}

describe('cached message details', () => {
  it('follow every change of status, error, refund and time, and equal a fresh render', async () => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    // Delivered; undelivered with a refund (magic numbers); and one on the simulation's odds.
    const ids = [
      await send(mock, demo.liveKey, '+244900000001'),
      await send(mock, demo.liveKey, '+244900000002'),
      await send(mock, demo.liveKey, '+244923000001'),
    ];
    const seen = new Map<string, string[]>();
    for (let step = 0; step < 6; step++) {
      for (const id of ids) {
        const { served, fresh } = await servedAndFresh(mock, demo.liveKey, id);
        expect(served).toBe(fresh);
        seen.set(id, [...(seen.get(id) ?? []), served]);
      }
      mock.clock.advance(step < 3 ? 400 : 3_600_000);
    }
    // The cache did serve changes: each message went through more than one state.
    for (const id of ids) expect(new Set(seen.get(id)).size).toBeGreaterThan(1);
    const last = (id: string) => JSON.parse(seen.get(id)!.at(-1)!);
    expect(last(ids[0]!).status).toBe('DELIVERED');
    expect(last(ids[1]!)).toMatchObject({
      status: 'UNDELIVERED',
      error_code: 'ABSENT_SUBSCRIBER',
      is_refunded: true,
    });
  });

  it('serve another tenant’s id as missing even once cached', async () => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    const id = await send(mock, demo.liveKey, '+244923000001');
    const own = await mock.fetch(`${mock.baseUrl}/messages/${id}`, {
      headers: jsonHeaders(demo.liveKey),
    });
    expect(own.status).toBe(200);
    const other = mock.control.createOrganization({ name: 'Other', balance: '10.000000' });
    const otherKey = mock.control.issueApiKey({ organization_id: other.id }).key;
    const foreign = await mock.fetch(`${mock.baseUrl}/messages/${id}`, {
      headers: jsonHeaders(otherKey),
    });
    expect(foreign.status).toBe(404);
  });
});

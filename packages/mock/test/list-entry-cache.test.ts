/**
 * List pages reuse the serialized text of unchanged entries; a message that changes must never be
 * served from that cache in its old state.
 */
import { describe, expect, it } from 'vitest';
import { createMockService, jsonHeaders } from './support/mock';

describe('cached list entries', () => {
  it('show a message’s new status after it changes, and stay equal to a fresh render', async () => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    const headers = jsonHeaders(demo.liveKey);
    await mock.fetch(`${mock.baseUrl}/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ to: '+244900000001', body: 'Olá' }),
    });
    const list = async () =>
      (await (await mock.fetch(`${mock.baseUrl}/messages`, { headers })).json()).entries[0];
    const before = await list();
    expect(before.status).toBe('PENDING');
    expect(await list()).toEqual(before);

    mock.clock.runUntilIdle();
    const after = await list();
    expect(after.status).toBe('DELIVERED');
    expect(after.updated_at).not.toBe(before.updated_at);
    // A world that never listed before renders the same entry.
    const fork = mock.fork();
    const fresh = await (await fork.fetch(`${fork.baseUrl}/messages`, { headers })).json();
    expect(fresh.entries[0]).toEqual(after);
  });

  it('never serve a page written before the total, an entry or the tenant changed', async () => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    const live = jsonHeaders(demo.liveKey);
    const test = jsonHeaders(demo.testKey);
    const send = (headers: Record<string, string>, to: string) =>
      mock.fetch(`${mock.baseUrl}/messages`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to, body: 'Olá' }),
      });
    // Oldest first, one per page: a later message changes the total but not the entry.
    const first = async (headers: Record<string, string>) =>
      (await mock.fetch(`${mock.baseUrl}/messages?order=asc&size=1`, { headers })).json();
    await send(live, '+244900000001');
    const one = await first(live);
    expect(one.total).toBe(1);
    expect(await first(live)).toEqual(one);

    await send(live, '+244900000002');
    const two = await first(live);
    expect(two.total).toBe(2);
    expect(two.entries).toEqual(one.entries);

    // The same query string from another tenant gets that tenant's page.
    expect((await first(test)).total).toBe(0);
    await send(test, '+244900000001');
    expect((await first(test)).entries[0].id).not.toBe(one.entries[0].id);

    // The entry itself changes: its new text is served.
    mock.clock.runUntilIdle();
    const later = await first(live);
    expect(later.entries[0].id).toBe(one.entries[0].id);
    expect(later.entries[0].status).toBe('DELIVERED');
  });
});

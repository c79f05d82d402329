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
});

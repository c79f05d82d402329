/**
 * Idle worlds are freed (D132): a created world that sees no request — public or control — for
 * the time-to-live is deleted, its keys answering 401; any request to it starts the wait again;
 * the default world never expires. The wall clock is injected, so nothing here waits.
 */
import { createMockService } from '@msgsvc/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { controlApi, publicApi } from './support/http';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serverAt(clock: { now: number }, ttlMs: number) {
  const mock = createMockService({ onError: false });
  mock.seedDemo();
  server = createMockServer({ mock, worldTtl: ttlMs / 1000, wallClock: () => clock.now });
  const { origin } = await server.listen(0, '127.0.0.1');
  return { origin, worlds: server.worlds };
}

describe('world time-to-live', () => {
  it('frees a world idle for the TTL, keeps one in use, never the default', async () => {
    const clock = { now: 1_000_000 };
    const { origin, worlds } = await serverAt(clock, 60_000);
    const idle = (await controlApi(origin).post('/worlds')).body;
    const busy = (await controlApi(origin).post('/worlds')).body;
    expect(idle.expires_at).toBe(new Date(1_060_000).toISOString().replace('Z', '000+00:00'));

    clock.now += 40_000;
    expect((await publicApi(origin, busy.live_key).get('/messages')).status).toBe(200);
    clock.now += 30_000; // idle: 70 s since creation; busy: 30 s since its last request
    expect(worlds.sweep()).toEqual([idle.id]);
    expect((await publicApi(origin, idle.live_key).get('/messages')).status).toBe(401);
    expect((await controlApi(origin, undefined, idle.id).get('/clock')).status).toBe(404);
    expect((await publicApi(origin, busy.live_key).get('/messages')).status).toBe(200);

    // A control request counts as use too.
    clock.now += 50_000;
    expect((await controlApi(origin, undefined, busy.id).get('/clock')).status).toBe(200);
    clock.now += 50_000;
    expect(worlds.sweep()).toEqual([]);
    clock.now += 10_000;
    expect(worlds.sweep()).toEqual([busy.id]);

    clock.now += 10 * 86_400_000;
    expect(worlds.sweep()).toEqual([]);
    expect(worlds.size).toBe(1);
    expect((await controlApi(origin).get('/health')).body.worlds).toBe(1);
  });

  it('a TTL of 0 never frees a world', async () => {
    const clock = { now: 0 };
    const { origin, worlds } = await serverAt(clock, 0);
    const world = (await controlApi(origin).post('/worlds')).body;
    expect(world.expires_at).toBeNull();
    clock.now += 365 * 86_400_000;
    expect(worlds.sweep()).toEqual([]);
    expect((await publicApi(origin, world.live_key).get('/messages')).status).toBe(200);
  });
});

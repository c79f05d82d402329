/**
 * A world deleted while a latency fault holds one of its sends (issue 35, item 4): the send ends
 * at once with a 503 in the service's envelope, never a 201 for a record nobody can read.
 */
import { createMockService } from '@msgsvc/mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { controlApi, publicApi } from './support/http';
import { serversClosedAfterEach } from './support/servers';

const start = serversClosedAfterEach();

/** Arms a latency fault on the world's sends, sends one, and resolves once the fault holds it. */
async function heldSend(origin: string, id: string, liveKey: string) {
  const control = controlApi(origin, undefined, id);
  // Held far longer than the test may take: only the world's end can answer it.
  const armed = await control.post('/faults/latencies', {
    operation_id: 'sendMessage',
    ms: 60_000,
  });
  expect(armed.status).toBe(201);
  const send = publicApi(origin, liveKey).post('/messages', { to: '+244923000001', body: 'lost' });
  // The send has reached the world once it has taken the fault.
  await vi.waitFor(async () => expect((await control.get('/faults')).body.latencies).toEqual([]), {
    timeout: 10_000,
  });
  return { send };
}

let ttlServer: MockServer | undefined;
afterEach(async () => {
  await ttlServer?.close();
  ttlServer = undefined;
});

describe('a request in flight when its world goes', () => {
  it('ends with 503 SERVICE_UNAVAILABLE when the world is deleted', {
    timeout: 30_000,
  }, async () => {
    const server = await start({ clock: 'virtual' });
    const created = await controlApi(server.url).post('/worlds', {});
    expect(created.status).toBe(201);
    const { id, live_key } = created.body as { id: string; live_key: string };
    const control = controlApi(server.url, undefined, id);
    // Held far longer than the test may take: only the world's end can answer it.
    const armed = await control.post('/faults/latencies', {
      operation_id: 'sendMessage',
      ms: 60_000,
    });
    expect(armed.status).toBe(201);
    const send = publicApi(server.url, live_key).post('/messages', {
      to: '+244923000001',
      body: 'lost',
    });
    // The send has reached the world once it has taken the fault.
    await vi.waitFor(
      async () => expect((await control.get('/faults')).body.latencies).toEqual([]),
      { timeout: 10_000 },
    );
    expect((await controlApi(server.url).delete(`/worlds/${id}`)).status).toBe(200);
    const answer = await send;
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    expect(answer.body.message).toContain(id);
    expect((await publicApi(server.url, live_key).get('/messages')).status).toBe(401);
  });

  it('ends with 503 SERVICE_UNAVAILABLE when the world expires', { timeout: 30_000 }, async () => {
    const clock = { now: 1_000_000 };
    ttlServer = createMockServer({
      mock: createMockService({ onError: false }),
      worldTtl: 60,
      wallClock: () => clock.now,
    });
    const { origin } = await ttlServer.listen(0, '127.0.0.1');
    const { id, live_key } = (await controlApi(origin).post('/worlds', {})).body;
    const { send } = await heldSend(origin, id, live_key);
    clock.now += 120_000;
    expect(ttlServer.worlds.sweep()).toEqual([id]);
    const answer = await send;
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
  });
});

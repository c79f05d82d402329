/**
 * A world deleted while a latency fault holds one of its sends (issue 35, item 4): the send ends
 * at once with a 503 in the service's envelope, never a 201 for a record nobody can read.
 */
import { describe, expect, it, vi } from 'vitest';
import { controlApi, publicApi } from './support/http';
import { serversClosedAfterEach } from './support/servers';

const start = serversClosedAfterEach();

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
});

/**
 * Worlds that share a server, a seed and a second stay apart (issue 35, items 1 and 2): no two
 * share a key secret, a key built from one world's secret and another's namespace gets 401, and
 * their ids, `webhook-id`s and signing secrets differ, each delivery naming its world.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { controlApi, publicApi } from './support/http';
import { serversClosedAfterEach } from './support/servers';

const start = serversClosedAfterEach();
const SAME = { clock: 'virtual', seed: 7, start_time: '2026-03-01T10:00:00Z' };

interface Created {
  id: string;
  key_namespace: string;
  live_key: string;
  test_key: string;
  organization_id: string;
  webhook_secret: string;
}

async function createWorld(origin: string): Promise<Created> {
  const created = await controlApi(origin).post('/worlds', SAME);
  expect(created.status).toBe(201);
  return created.body as Created;
}

/** A receiver that resolves once it has heard `count` deliveries. */
async function receiver(count: number) {
  const heard: IncomingHttpHeaders[] = [];
  let done: () => void = () => {};
  const all = new Promise<void>((resolve) => {
    done = resolve;
  });
  const server = createServer((req, res) => {
    req.resume().on('end', () => {
      heard.push(req.headers);
      res.writeHead(204).end();
      if (heard.length >= count) done();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, heard, all, close: () => server.close() };
}

const suffix = (key: string, namespace: string) => key.slice(`svc_live_${namespace}`.length);

describe('worlds of one server', () => {
  it('never share a key secret, and a forged key gets 401', async () => {
    const server = await start({ clock: 'virtual' });
    const a = await createWorld(server.url);
    const b = await createWorld(server.url);
    expect(suffix(a.live_key, a.key_namespace)).not.toBe(suffix(b.live_key, b.key_namespace));
    // Keys issued later through the control API too.
    const issue = (w: Created) =>
      controlApi(server.url, undefined, w.id).post(
        `/organizations/${w.organization_id}/api-keys`,
        {},
      );
    const [laterA, laterB] = [await issue(a), await issue(b)];
    expect(laterA.status).toBe(201);
    expect(suffix(laterA.body.key, a.key_namespace)).not.toBe(
      suffix(laterB.body.key, b.key_namespace),
    );
    // World A's secret with world B's namespace.
    const forged = `svc_live_${b.key_namespace}${suffix(a.live_key, a.key_namespace)}`;
    expect((await publicApi(server.url, forged).get('/messages')).status).toBe(401);
    expect((await publicApi(server.url, b.live_key).get('/messages')).status).toBe(200);
  });

  it('give different ids, webhook-ids and secrets, and each delivery names its world', async () => {
    const server = await start({ clock: 'virtual' });
    const hooks = await receiver(2);
    try {
      const worlds = [await createWorld(server.url), await createWorld(server.url)];
      expect(worlds[0]!.webhook_secret).not.toBe(worlds[1]!.webhook_secret);
      const ids: string[] = [];
      for (const w of worlds) {
        const control = controlApi(server.url, undefined, w.id);
        const endpoint = await control.post(
          `/organizations/${w.organization_id}/webhook-endpoints`,
          {
            url: hooks.url,
            events: ['message.status_updated'],
          },
        );
        expect(endpoint.status).toBe(201);
        ids.push(endpoint.body.id);
        const sent = await publicApi(server.url, w.live_key).post('/messages', {
          to: '+244923000001',
          body: 'hello',
        });
        expect(sent.status).toBe(201);
        ids.push(sent.body.id);
      }
      expect(ids[0]).not.toBe(ids[2]);
      expect(ids[1]).not.toBe(ids[3]);
      for (const w of worlds) {
        await controlApi(server.url, undefined, w.id).post('/clock/advance', { ms: 60_000 });
      }
      await hooks.all;
      const byWorld = new Map<string, string[]>();
      for (const headers of hooks.heard) {
        const world = String(headers['x-msgsvc-mock-world']);
        byWorld.set(world, [...(byWorld.get(world) ?? []), String(headers['webhook-id'])]);
      }
      expect([...byWorld.keys()].sort()).toEqual(worlds.map((w) => w.id).sort());
      const [first, second] = worlds.map((w) => byWorld.get(w.id)![0]);
      expect(first).not.toBe(second);
    } finally {
      hooks.close();
    }
  });
});

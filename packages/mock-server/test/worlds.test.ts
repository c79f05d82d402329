/**
 * Worlds on one server (D130–D132): created over HTTP, each with keys of its own that the public
 * API routes by, isolated from every other world — clock, faults, rate limits, outbox, snapshots,
 * request log — addressed under `/__mock/worlds/{id}`, freed by DELETE.
 */
import { DEMO_LIVE_KEY } from '@msgsvc/mock';
import { createControlClient } from '@msgsvc/mock-server';
import { describe, expect, it } from 'vitest';
import { controlApi, publicApi } from './support/http';
import { serversClosedAfterEach } from './support/servers';

const start = serversClosedAfterEach();
const PHONE = '+244923000001';

async function createWorld(origin: string, body: unknown = {}) {
  const created = await controlApi(origin).post('/worlds', body);
  expect(created.status).toBe(201);
  return created.body as {
    id: string;
    key_namespace: string;
    live_key: string;
    test_key: string;
    control_url: string;
    base_url: string;
    organization_id: string;
    sender_id: { id: string; name: string };
    webhook_secret: string;
    organizations: { id: string; api_keys: { id: string; key: string }[] }[];
  };
}

async function inbox(origin: string, world: string | undefined) {
  const read = await controlApi(origin, undefined, world).get(
    `/phones/${encodeURIComponent(PHONE)}/messages`,
  );
  expect(read.status).toBe(200);
  return (read.body.entries as { content: string }[]).map((entry) => entry.content);
}

describe('POST /__mock/worlds', () => {
  it('answers a world with fresh keys carrying its namespace, its URLs and the demo organization', async () => {
    const server = await start({ clock: 'virtual' });
    const world = await createWorld(server.url, { name: 'checkout 1' });
    expect(world.id).toMatch(/^w[0-9a-f]{16}$/);
    expect(world.key_namespace).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(world.live_key).toMatch(new RegExp(`^svc_live_${world.key_namespace}[A-Za-z0-9]{24}$`));
    expect(world.test_key).toMatch(new RegExp(`^svc_test_${world.key_namespace}`));
    expect(world.live_key).not.toBe(DEMO_LIVE_KEY);
    expect(world.base_url).toBe(server.baseUrl);
    expect(world.control_url).toBe(`${server.url}/__mock/worlds/${world.id}`);
    // The demo's ids (D80), the world's own keys.
    expect(world.organization_id).toBe(server.info.organizations[0]!.id);
    expect(world.sender_id.name).toBe('MSGSVC');

    const health = await controlApi(server.url).get('/health');
    expect(health.body.worlds).toBe(2);
    const list = await controlApi(server.url).get('/worlds');
    expect(list.body.entries.map((w: { id: string }) => w.id)).toEqual(['default', world.id]);
    expect(list.body.entries[1]).toMatchObject({ name: 'checkout 1', default: false });
    // Listing and reading never show a key.
    expect(list.text).not.toContain(world.live_key);
    const one = await controlApi(server.url).get(`/worlds/${world.id}`);
    expect(one.status).toBe(200);
    expect(one.text).not.toContain(world.live_key);
  });

  it('routes public requests by key: each world sees only its own messages', async () => {
    const server = await start({ clock: 'virtual' });
    const a = await createWorld(server.url);
    const b = await createWorld(server.url);
    for (const [key, body] of [
      [a.live_key, 'to A'],
      [b.live_key, 'to B'],
      [DEMO_LIVE_KEY, 'to default'],
    ] as const) {
      const sent = await publicApi(server.url, key).post('/messages', { to: PHONE, body });
      expect(sent.status).toBe(201);
    }
    expect(await inbox(server.url, a.id)).toEqual(['to A']);
    expect(await inbox(server.url, b.id)).toEqual(['to B']);
    expect(await inbox(server.url, undefined)).toEqual(['to default']);
    expect(await inbox(server.url, 'default')).toEqual(['to default']);
    // A world's key means nothing to another world: the demo key is the default world's only.
    const list = await publicApi(server.url, a.live_key).get('/messages');
    expect(list.body.entries.map((m: { content: string }) => m.content)).toEqual(['to A']);
  });

  it('keeps keys unique across many worlds created at once', async () => {
    const server = await start({ clock: 'virtual' });
    const worlds = await Promise.all(Array.from({ length: 24 }, () => createWorld(server.url)));
    const keys = worlds.flatMap((w) => [w.live_key, w.test_key]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(worlds.map((w) => w.id)).size).toBe(worlds.length);
    expect(new Set(worlds.map((w) => w.key_namespace)).size).toBe(worlds.length);
    // Every world answers to its own key, concurrently.
    const sent = await Promise.all(
      worlds.map((w, i) =>
        publicApi(server.url, w.live_key).post('/messages', { to: PHONE, body: `n${i}` }),
      ),
    );
    expect(sent.every((s) => s.status === 201)).toBe(true);
    for (const [i, w] of worlds.entries()) expect(await inbox(server.url, w.id)).toEqual([`n${i}`]);
  });

  it('takes a world file, whose fixed keys give way to keys of the world', async () => {
    const server = await start({ clock: 'virtual' });
    const fixed = 'svc_live_kwanzashop000000000000000001';
    const world = await createWorld(server.url, {
      clock: 'virtual',
      seed: 7,
      start_time: '2026-03-01T10:00:00Z',
      world: {
        organizations: [
          { name: 'Kwanza Shop', sender_ids: [{ name: 'KWANZA' }], api_keys: [{ key: fixed }] },
        ],
      },
    });
    expect(world.organizations).toHaveLength(1);
    expect(world.live_key).not.toBe(fixed);
    expect(world.live_key.startsWith(`svc_live_${world.key_namespace}`)).toBe(true);
    expect(world.sender_id.name).toBe('KWANZA');
    const clock = await controlApi(server.url, undefined, world.id).get('/clock');
    expect(clock.body.now).toBe('2026-03-01T10:00:00.000000+00:00');
    expect((await publicApi(server.url, fixed).get('/messages')).status).toBe(401);
  });

  it('refuses bad input with fields named: unknown field, bad clock, bad world file', async () => {
    const server = await start();
    const control = controlApi(server.url);
    const unknown = await control.post('/worlds', { nmae: 'x' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.fields).toHaveProperty('nmae');
    const clock = await control.post('/worlds', { clock: 'fast' });
    expect(clock.body.fields).toHaveProperty('clock');
    const file = await control.post('/worlds', { world: { organizations: [] } });
    expect(file.status).toBe(422);
    expect(Object.keys(file.body.fields)[0]).toMatch(/^world\.organizations/);
    const time = await control.post('/worlds', { start_time: '2026-01-01 09:00' });
    expect(time.body.fields).toHaveProperty('start_time');
    // A day the month does not have is refused, as `--start-time` refuses it.
    const day = await control.post('/worlds', { start_time: '2026-02-30T00:00:00Z' });
    expect(day.status).toBe(422);
    expect(day.body.fields).toHaveProperty('start_time');
    // Nothing was created.
    expect((await control.get('/health')).body.worlds).toBe(1);
  });
});

describe('isolation between worlds', () => {
  it('clock, faults, rate limits and request log belong to one world', async () => {
    const server = await start({ clock: 'virtual' });
    const a = await createWorld(server.url);
    const b = await createWorld(server.url);
    const inA = controlApi(server.url, undefined, a.id);
    const inB = controlApi(server.url, undefined, b.id);

    // Each world's virtual clock starts at the second it was created (D133), so each is read on
    // its own: on a loaded machine the two may start a second apart.
    const beforeA = (await inA.get('/clock')).body.now;
    const beforeB = (await inB.get('/clock')).body.now;
    expect((await inA.post('/clock/advance', { ms: 3_600_000 })).status).toBe(200);
    expect((await inB.get('/clock')).body.now).toBe(beforeB);
    expect(Date.parse((await inA.get('/clock')).body.now)).toBe(Date.parse(beforeA) + 3_600_000);

    expect(
      (await inA.post('/faults/request-failures', { operation_id: 'sendMessage', status: 503 }))
        .status,
    ).toBe(201);
    expect((await inA.put('/rate-limits', { limits: { listMessages: 1 } })).status).toBe(200);
    const failed = await publicApi(server.url, a.live_key).post('/messages', {
      to: PHONE,
      body: 'x',
    });
    expect(failed.status).toBe(503);
    const fine = await publicApi(server.url, b.live_key).post('/messages', {
      to: PHONE,
      body: 'y',
    });
    expect(fine.status).toBe(201);
    expect((await inB.get('/faults')).body.request_failures).toEqual([]);

    expect((await publicApi(server.url, a.live_key).get('/messages')).status).toBe(200);
    expect((await publicApi(server.url, a.live_key).get('/messages')).status).toBe(429);
    for (let i = 0; i < 3; i++) {
      expect((await publicApi(server.url, b.live_key).get('/messages')).status).toBe(200);
    }
    const logA = (await inA.get('/requests')).body.entries as { path: string }[];
    const logB = (await inB.get('/requests')).body.entries as { path: string }[];
    expect(logA).toHaveLength(3);
    expect(logB).toHaveLength(4);
    expect((await controlApi(server.url).get('/requests')).body.entries).toHaveLength(0);
  });

  it('snapshots are per world: restore brings one world back, and another cannot use it', async () => {
    const server = await start({ clock: 'virtual' });
    const a = await createWorld(server.url);
    const b = await createWorld(server.url);
    const inA = controlApi(server.url, undefined, a.id);
    const inB = controlApi(server.url, undefined, b.id);
    const snapshot = await inA.post('/snapshots', { name: 'empty' });
    expect(snapshot.status).toBe(201);
    await publicApi(server.url, a.live_key).post('/messages', { to: PHONE, body: 'A1' });
    await publicApi(server.url, b.live_key).post('/messages', { to: PHONE, body: 'B1' });
    expect((await inA.post(`/snapshots/${snapshot.body.id}/restore`)).status).toBe(200);
    expect(await inbox(server.url, a.id)).toEqual([]);
    expect(await inbox(server.url, b.id)).toEqual(['B1']);
    // The restored world keeps its keys.
    expect((await publicApi(server.url, a.live_key).get('/messages')).status).toBe(200);
    expect((await inB.get('/snapshots')).body.entries).toEqual([]);
    expect((await inB.post(`/snapshots/${snapshot.body.id}/restore`)).status).toBe(404);
  });

  it('reset starts one world again with the same keys, leaving the others', async () => {
    const server = await start({ clock: 'virtual' });
    const a = await createWorld(server.url);
    await publicApi(server.url, a.live_key).post('/messages', { to: PHONE, body: 'A1' });
    await publicApi(server.url, DEMO_LIVE_KEY).post('/messages', { to: PHONE, body: 'D1' });
    expect((await controlApi(server.url, undefined, a.id).post('/reset')).status).toBe(200);
    expect(await inbox(server.url, a.id)).toEqual([]);
    expect(await inbox(server.url, undefined)).toEqual(['D1']);
    expect((await publicApi(server.url, a.live_key).get('/messages')).status).toBe(200);
  });

  it('a fork carries the state with keys of its own; the source keeps its keys', async () => {
    const server = await start({ clock: 'virtual' });
    const a = await createWorld(server.url);
    await publicApi(server.url, a.live_key).post('/messages', { to: PHONE, body: 'before fork' });
    const forked = await controlApi(server.url).post(`/worlds/${a.id}/fork`, { name: 'fork' });
    expect(forked.status).toBe(201);
    const fork = forked.body as typeof a;
    expect(fork.live_key).not.toBe(a.live_key);
    expect(fork.live_key.startsWith(`svc_live_${fork.key_namespace}`)).toBe(true);
    // And a signing secret of its own.
    expect(fork.webhook_secret).toMatch(/^whsec_/);
    expect(fork.webhook_secret).not.toBe(a.webhook_secret);
    // Same key records, new secrets.
    expect(fork.organizations[0]!.api_keys.map((k) => k.id)).toEqual(
      a.organizations[0]!.api_keys.map((k) => k.id),
    );
    expect(await inbox(server.url, fork.id)).toEqual(['before fork']);
    await publicApi(server.url, fork.live_key).post('/messages', { to: PHONE, body: 'in fork' });
    expect(await inbox(server.url, a.id)).toEqual(['before fork']);
    expect(await inbox(server.url, fork.id)).toEqual(['before fork', 'in fork']);
    // The default world forks too.
    expect((await controlApi(server.url).post('/worlds/default/fork')).status).toBe(201);
  });
});

describe('freeing worlds', () => {
  it('DELETE frees a world: its keys answer 401, its paths 404; the default world stays', async () => {
    const server = await start({ clock: 'virtual' });
    const a = await createWorld(server.url);
    const control = controlApi(server.url);
    expect((await publicApi(server.url, a.live_key).get('/messages')).status).toBe(200);
    const deleted = await control.delete(`/worlds/${a.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: a.id, deleted: true });
    const refused = await publicApi(server.url, a.live_key).get('/messages');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('AUTH_INVALID_API_KEY');
    expect((await controlApi(server.url, undefined, a.id).get('/clock')).status).toBe(404);
    expect((await control.delete(`/worlds/${a.id}`)).status).toBe(404);
    const permanent = await control.delete('/worlds/default');
    expect(permanent.status).toBe(409);
    expect(permanent.body.code).toBe('WORLD_PERMANENT');
    expect((await control.get('/health')).body.worlds).toBe(1);
  });

  it('answers prototype-named and unknown world ids with a clean 404', async () => {
    const server = await start();
    const control = controlApi(server.url);
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'nope']) {
      for (const exchange of [
        await control.get(`/worlds/${id}`),
        await control.delete(`/worlds/${id}`),
        await control.post(`/worlds/${id}/fork`),
        await controlApi(server.url, undefined, id).get('/clock'),
        await controlApi(server.url, undefined, id).post('/reset'),
      ]) {
        expect(exchange.status).toBe(404);
        expect(exchange.body.code).toBe('RESOURCE_NOT_FOUND');
      }
    }
    // Broken percent-encoding is no world either (not a 500).
    const broken = await fetch(`${server.url}/__mock/worlds/%E0%A4%A/clock`);
    expect(broken.status).toBe(404);
    expect((await broken.json()).code).toBe('RESOURCE_NOT_FOUND');
    // A world path that is not a world route, and a world route nested in a world.
    expect((await controlApi(server.url, undefined, 'default').get('/health')).status).toBe(404);
    expect((await controlApi(server.url, undefined, 'default').get('/worlds')).status).toBe(404);
  });

  it("opens a world's live feed under its prefix, and answers an unknown world's with a 404", async () => {
    const server = await start({ clock: 'virtual' });
    const world = await createWorld(server.url);
    const controller = new AbortController();
    const feed = await fetch(`${world.control_url}/inspector/api/events`, {
      signal: controller.signal,
    });
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = feed.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toContain('event: change');
    controller.abort();
    const unknown = await fetch(`${server.url}/__mock/worlds/nope/inspector/api/events`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('RESOURCE_NOT_FOUND');
  });

  it('refuses a world beyond --max-worlds with 409 WORLD_LIMIT_REACHED', async () => {
    const server = await start({ maxWorlds: 2 });
    await createWorld(server.url);
    const refused = await controlApi(server.url).post('/worlds');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('WORLD_LIMIT_REACHED');
  });
});

describe('createWorld from TypeScript', () => {
  it('on the server handle and on the control client, scoped with world()', async () => {
    const server = await start({ clock: 'virtual' });
    const fromHandle = await server.createWorld({ name: 'handle' });
    const control = createControlClient({ url: server.url });
    const fromClient = await control.createWorld({ name: 'client' });
    expect(fromHandle.id).not.toBe(fromClient.id);
    const scoped = control.world(fromClient.id);
    await scoped.POST('/__mock/clock/advance', { body: { ms: 60_000 } });
    const { data: moved } = await scoped.GET('/__mock/clock');
    const { data: still } = await control.world(fromHandle.id).GET('/__mock/clock');
    expect(Date.parse(moved!.now) - Date.parse(still!.now)).toBeGreaterThanOrEqual(60_000);
    // A world's control_url works as the client's url, and health stays the server's.
    const viaUrl = createControlClient({ url: fromClient.control_url });
    expect((await viaUrl.GET('/__mock/clock')).data?.now).toBe(moved!.now);
    expect((await viaUrl.GET('/__mock/health')).data?.worlds).toBe(3);
    await expect(control.createWorld({ clock: 'sideways' as 'real' })).rejects.toThrow(
      /createWorld: 422/,
    );
  });
});

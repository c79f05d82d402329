// Full API keys and webhook secrets appear in exactly one control response each: the one that
// creates them (D53, D66). Every documented GET of the control API — snapshots, organizations,
// keys, endpoints, state, requests, … — and the writes that echo a record show them by prefix only;
// a snapshot restored by id still brings back keys that work. Over real HTTP, in this process.

import { createMockService, type MockService } from '@msgsvc/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { controlDocument } from './support/control-contract';
import { controlApi, type Exchange, publicApi } from './support/http';

// A webhook secret as the control contract's pattern states it.
const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/;

/** How every Standard Webhooks signing secret starts. */
const WEBHOOK_SECRET_PREFIX = 'whsec_';

let mock: MockService;
let server: MockServer;
let origin: string;
let control: ReturnType<typeof controlApi>;

beforeAll(async () => {
  mock = createMockService();
  mock.seedDemo();
  server = createMockServer({ mock });
  origin = (await server.listen(0, '127.0.0.1')).origin;
  control = controlApi(origin);
});

afterAll(async () => {
  await server.close();
});

/** Every secret the world holds now, read from the world itself (so none can be missed). */
function secretsOfTheWorld(): string[] {
  const world = mock.world;
  return [
    ...world.apiKeys.keys(),
    ...[...world.organizations.values()].map((organization) => organization.webhookSecret),
    ...world.webhooks.endpoints.map((endpoint) => endpoint.secret),
  ];
}

/** A secret gives itself away by any part beyond the four characters a prefix shows. */
function expectNoSecret(exchange: Exchange, where: string) {
  for (const secret of secretsOfTheWorld()) {
    const kind = secret.startsWith(WEBHOOK_SECRET_PREFIX)
      ? WEBHOOK_SECRET_PREFIX.length
      : 'svc_live_'.length;
    const hidden = secret.slice(kind + 4);
    expect(exchange.text, `${where} shows ${secret}`).not.toContain(hidden);
  }
}

describe('secrets in control responses (D66)', () => {
  let organizationId: string;
  let liveKey: string;
  let keyId: string;
  let snapshotId: string;
  let worldId: string;
  let worldKeys: string[] = [];

  it('creating shows each secret once, in full', async () => {
    const created = await control.post('/organizations', { name: 'Kwanza Shop', balance: '50' });
    expect(created.status).toBe(201);
    expect(created.body.webhook_secret).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(created.body.webhook_secret).toBe(mock.control.webhookSecret(created.body.id));
    organizationId = created.body.id;

    const key = await control.post(`/organizations/${organizationId}/api-keys`, {});
    expect(key.body.key).toMatch(/^svc_live_/);
    liveKey = key.body.key;
    keyId = key.body.id;
    await control.post(`/organizations/${organizationId}/sender-ids`, { name: 'KWANZA' });

    const own = await control.post(`/organizations/${organizationId}/webhook-endpoints`, {
      url: 'http://127.0.0.1:9/own',
      secret: 'whsec_b3duLXNlY3JldC1vZi10aGlzLWVuZHBvaW50LTAx',
    });
    expect(own.body.secret).toBe('whsec_b3duLXNlY3JldC1vZi10aGlzLWVuZHBvaW50LTAx');
    const inherited = await control.post(`/organizations/${organizationId}/webhook-endpoints`, {
      url: 'http://127.0.0.1:9/inherited',
    });
    expect(inherited.body.secret).toBe(created.body.webhook_secret);

    await publicApi(origin, liveKey).post('/messages', { to: '+244923000001', body: 'Hi' });
    const snapshot = await control.post('/snapshots', { name: 'with secrets' });
    snapshotId = snapshot.body.id;
    const world = await control.post('/worlds', { name: 'with keys' });
    worldId = world.body.id;
    worldKeys = [world.body.live_key, world.body.test_key, world.body.webhook_secret];
  });

  it('no documented GET shows a secret beyond its prefix', async () => {
    const message = mock.control.messagesTo('+244923000001')[0]!;
    const values: Record<string, string> = {
      organization_id: organizationId,
      snapshot_id: snapshotId,
      message_id: message.id,
      number: '+244923000001',
      world_id: worldId,
    };
    const paths = Object.entries(controlDocument.paths as Record<string, Record<string, unknown>>)
      .filter(([, item]) => item.get !== undefined)
      .map(([path]) => path.replace(/\{([a-z_]+)\}/g, (_, name: string) => values[name]!));
    expect(paths.length).toBeGreaterThanOrEqual(15);
    for (const path of paths) {
      const exchange = await control.get(path.slice('/__mock'.length));
      expect(exchange.status, path).toBe(200);
      expectNoSecret(exchange, `GET ${path}`);
      // A created world's keys appear only in the answer that created it (D131).
      for (const key of worldKeys) expect(exchange.text, path).not.toContain(key);
    }
  });

  it('reads show the prefixes a person can match against', async () => {
    const detail = await control.get(`/organizations/${organizationId}`);
    const secret = mock.control.webhookSecret(organizationId);
    expect(detail.body.webhook_secret_prefix).toBe(`${secret.slice(0, 10)}…`);
    expect(detail.body.api_keys[0].prefix).toBe(`${liveKey.slice(0, 13)}…`);
    const endpoints = await control.get(`/organizations/${organizationId}/webhook-endpoints`);
    expect(endpoints.body.entries.map((e: { secret_prefix: string }) => e.secret_prefix)).toEqual([
      'whsec_b3du…',
      `${secret.slice(0, 10)}…`,
    ]);
    const download = await control.get(`/snapshots/${snapshotId}`);
    const key = download.body.apiKeys.find((k: { id: string }) => k.id === keyId);
    expect(key.key).toBe(`${liveKey.slice(0, 13)}…`);
  });

  it('writes that echo a record show it by prefix', async () => {
    const revoked = await control.post(`/api-keys/${keyId}/revoke`);
    expect(revoked.body).toMatchObject({ revoked: true, prefix: `${liveKey.slice(0, 13)}…` });
    expectNoSecret(revoked, 'revoke');
    expect((await publicApi(origin, liveKey).get('/messages')).status).toBe(401);
    const restored = await control.post(`/snapshots/${snapshotId}/restore`);
    expectNoSecret(restored, 'restore');
  });

  it('the snapshot restored by id brings back keys and secrets that work', async () => {
    // The key was revoked after the snapshot: restored, it authenticates again.
    expect((await publicApi(origin, liveKey).get('/messages')).status).toBe(200);
    const secret = (await control.get(`/organizations/${organizationId}`)).body
      .webhook_secret_prefix as string;
    expect(mock.control.webhookSecret(organizationId).startsWith(secret.slice(0, -1))).toBe(true);
    expect(mock.control.webhookSecret(organizationId)).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(mock.world.webhooks.endpoints.map((e) => e.secret)).toContain(
      'whsec_b3duLXNlY3JldC1vZi10aGlzLWVuZHBvaW50LTAx',
    );
  });
});

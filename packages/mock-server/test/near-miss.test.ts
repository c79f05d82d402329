/**
 * The journal's near-miss hints (D147), one kind at a time, on requests really answered by the
 * service and logged: a path a letter away, a missing base path or trailing slash, a wrong method,
 * an id of the wrong shape or of another kind, a misspelt header, a key of another organization
 * or world, a body field and a query parameter off by a letter — and no hint when nothing is near,
 * whatever names (`__proto__`, `constructor`) the request used.
 */
import { createMockService, type MockService } from '@msgsvc/mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { editDistance, nearest } from '../src/inspector/edit-distance';
import { type NearMiss, nearMisses } from '../src/inspector/near-miss';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { RequestLog } from '../src/worlds/request-log';
import type { WorldEntry } from '../src/worlds/world-registry';

let mock: MockService;
let log: RequestLog;
let server: MockServer;
let liveKey: string;
let senderId: string;
let otherKey: string;
let other: WorldEntry;
let otherWorldKey: string;

beforeAll(() => {
  log = new RequestLog();
  mock = createMockService({ rateLimits: false, observe: (q, r) => log.record(q, r) });
  const demo = mock.seedDemo();
  liveKey = demo.liveKey;
  senderId = demo.sender.id;
  // Never listens: the registry alone wires the log's key lookup.
  server = createMockServer({ mock, requestLog: log });
  const beta = mock.control.createOrganization({ name: 'Beta Lda', balance: '100.00' });
  otherKey = mock.control.issueApiKey({ organization_id: beta.id }).key;
  other = server.worlds.create({ clock: 'virtual', speed: 1, seed: 7 }, 'Staging');
  otherWorldKey = other.organizations[0]!.api_keys[0]!.key;
});

type Send = {
  readonly query?: string;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  readonly key?: string | null;
  readonly service?: MockService;
};

/** Sends a request through the service and returns the hints of its log entry. */
async function hintsFor(method: string, path: string, options: Send = {}): Promise<NearMiss[]> {
  const headers: Record<string, string> = JSON.parse('{}');
  if (options.key !== null) headers['x-api-key'] = options.key ?? liveKey;
  headers['content-type'] = 'application/json';
  Object.assign(headers, options.headers ?? {});
  const service = options.service ?? mock;
  await service.handle({
    method,
    path,
    query: options.query ?? '',
    headers,
    body:
      options.body === undefined
        ? null
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const entry = [...log.newestFirst()][0]!;
  return nearMisses(entry, {
    world: mock.world,
    others: [{ id: other.id, name: other.name, world: other.mock.world }],
  });
}

async function sendMessage(service = mock, key = liveKey): Promise<string> {
  const response = await service.handle({
    method: 'POST',
    path: '/c/v1/messages',
    query: '',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ to: '+244923456789', body: 'Olá' }),
  });
  return JSON.parse(String(response.body)).id;
}

describe('edit distance', () => {
  it('counts a swap of neighbours as one edit, and stops past the limit', () => {
    expect(editDistance('bdoy', 'body')).toBe(1);
    expect(editDistance('mesages', 'messages')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abcdefgh', 'zzzzzzzz', 2)).toBe(3);
    expect(nearest('remitterId', ['remitter_id', 'body'])).toEqual({
      name: 'remitter_id',
      distance: 0,
    });
    expect(nearest('body', ['body', 'bodx'])).toBeUndefined();
    expect(nearest('xyzzy', ['body', 'to'])).toBeUndefined();
  });
});

describe('near-miss hints', () => {
  it('a path a letter away from the contract’s', async () => {
    const hints = await hintsFor('GET', '/c/v1/mesages');
    expect(hints).toEqual([
      expect.objectContaining({ kind: 'path', message: expect.stringContaining('/c/v1/messages') }),
    ]);
    expect(hints[0]!.message).toContain('GET (listMessages)');
    const upper = await hintsFor('GET', '/c/v1/Campaigns');
    expect(upper[0]?.message).toContain('/c/v1/campaigns is one letter away');
    // The operations the service routes that path to: the literal `/campaigns/batch` wins over
    // `/campaigns/{campaign_id}`, so a GET there is no retrieveCampaign.
    const batch = await hintsFor('GET', '/c/v1/campaign/batch');
    expect(batch[0]?.message).toMatch(
      /campaigns\/batch is one letter away, with POST \(sendBatchCampaign\)\.$/,
    );
  });

  it('a path without the base path, or with a trailing slash', async () => {
    const bare = await hintsFor('POST', '/v1/messages', { body: { to: '+244923456789' } });
    expect(bare[0]).toMatchObject({ kind: 'path' });
    expect(bare[0]!.message).toContain('did you mean /c/v1/messages');
    const slash = await hintsFor('GET', '/c/v1/campaigns/');
    expect(slash[0]!.message).toContain('No trailing slash: /c/v1/campaigns');
  });

  it('a method the path lacks', async () => {
    const hints = await hintsFor('PUT', '/c/v1/messages');
    expect(hints[0]).toMatchObject({ kind: 'method' });
    expect(hints[0]!.message).toContain('GET (listMessages), POST (sendMessage)');
  });

  it('an id with a prefix, without dashes, or quoted — naming the message it meant', async () => {
    const id = await sendMessage();
    const hex = id.replace(/-/g, '');
    for (const written of [`msg_${hex}`, hex, `"${id}"`]) {
      const hints = await hintsFor('GET', `/c/v1/messages/${encodeURIComponent(written)}`);
      expect(hints[0], written).toMatchObject({
        kind: 'id',
        record: { kind: 'message', id },
      });
      expect(hints[0]!.message).toContain(`${id} is a message of this world`);
    }
    const prefixed = await hintsFor('GET', `/c/v1/messages/msg_${hex}`);
    expect(prefixed[0]!.message).toContain('the prefix "msg_"');
  });

  it('an id of another kind: a campaign’s id on /messages/{id}', async () => {
    const accepted = await mock.handle({
      method: 'POST',
      path: '/c/v1/campaigns/batch',
      query: '',
      headers: { 'x-api-key': liveKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        remitter_id: senderId,
        channel_type: 'SMS',
        content: 'Olá',
        recipients: ['+244923000001', '+244923000002'],
      }),
    });
    const campaignId = JSON.parse(String(accepted.body)).campaign_id as string;
    const hints = await hintsFor('GET', `/c/v1/messages/${campaignId}`);
    expect(hints).toEqual([
      {
        kind: 'id',
        message: expect.stringContaining(`GET /c/v1/campaigns/${campaignId}`),
        record: { kind: 'campaign', id: campaignId },
      },
    ]);
  });

  it('a misspelt X-API-KEY, the key in the query, and a misspelt Idempotency-Key on a 201', async () => {
    const misspelt = await hintsFor('GET', '/c/v1/messages', {
      key: null,
      headers: { 'x-apikey': liveKey },
    });
    expect(misspelt[0]).toMatchObject({ kind: 'header' });
    expect(misspelt[0]!.message).toContain('"x-apikey" is not X-API-KEY');
    const inQuery = await hintsFor('GET', '/c/v1/messages', {
      key: null,
      query: `api_key=${liveKey}`,
    });
    expect(inQuery[0]!.message).toContain('"api_key" was sent in the query');
    const missing = await hintsFor('GET', '/c/v1/messages', { key: null });
    expect(missing[0]!.message).toContain('No X-API-KEY header was sent');
    const idempotency = await hintsFor('POST', '/c/v1/messages', {
      headers: { idempotency_key: 'order-1' },
      body: { to: '+244923456789', body: 'Olá' },
    });
    expect(idempotency).toEqual([
      expect.objectContaining({
        kind: 'header',
        message: expect.stringContaining('"idempotency_key" is not Idempotency-Key'),
      }),
    ]);
    // Sent right, nothing to say.
    expect(
      await hintsFor('POST', '/c/v1/messages', {
        headers: { 'idempotency-key': 'order-2' },
        body: { to: '+244923456789', body: 'Olá' },
      }),
    ).toEqual([]);
  });

  it('a key of another organization, without showing that key', async () => {
    const id = await sendMessage();
    const hints = await hintsFor('GET', `/c/v1/messages/${id}`, { key: otherKey });
    expect(hints).toEqual([
      {
        kind: 'key',
        message: expect.stringContaining('exists, in organization'),
        record: { kind: 'message', id },
      },
    ]);
    expect(hints[0]!.message).toContain("organization Beta Lda's");
    expect(JSON.stringify(hints)).not.toContain(otherKey);
    expect(JSON.stringify(hints)).not.toContain(liveKey);
  });

  it('a record of another world, and a key of another world', async () => {
    const id = await sendMessage(other.mock, otherWorldKey);
    const hints = await hintsFor('GET', `/c/v1/messages/${id}`);
    expect(hints[0]).toMatchObject({ kind: 'key', record: null });
    expect(hints[0]!.message).toContain(`a message of world ${other.id} (Staging)`);
    // Sent to this world's service directly (over HTTP the key would find its own world, D131).
    const keyHints = await hintsFor('GET', '/c/v1/messages', { key: otherWorldKey });
    expect(keyHints[0]!.message).toContain(`is a key of world ${other.id}`);
    expect(JSON.stringify(keyHints)).not.toContain(otherWorldKey);
  });

  it('a body field and a query parameter a letter or two away', async () => {
    const body = await hintsFor('POST', '/c/v1/messages', {
      body: { to: '+244923456789', bdoy: 'Olá', remiter_id: senderId },
    });
    expect(body.map((h) => h.message)).toEqual([
      '"bdoy" is not a field of sendMessage\'s body: did you mean "body"?',
      '"remiter_id" is not a field of sendMessage\'s body: did you mean "remitter_id"?',
    ]);
    const batch = await hintsFor('POST', '/c/v1/campaigns/batch', {
      body: { remitter_id: senderId, channel_type: 'SMS', contnet: 'x', recipients: [] },
    });
    expect(batch.map((h) => h.message)).toContain(
      '"contnet" is not a field of sendBatchCampaign\'s body: did you mean "content"?',
    );
    const query = await hintsFor('GET', '/c/v1/messages', { query: 'stauts=FAILED&szie=5' });
    expect(query.map((h) => h.message)).toEqual([
      '"stauts" is not a query parameter of listMessages: did you mean "status"?',
      '"szie" is not a query parameter of listMessages: did you mean "size"?',
    ]);
  });

  it('nothing when nothing is near', async () => {
    expect(await hintsFor('GET', '/c/v1/zzzzzzzzzz')).toEqual([]);
    expect(await hintsFor('GET', '/healthz')).toEqual([]);
    expect(
      await hintsFor('POST', '/c/v1/messages', {
        body: { to: '+244923456789', body: 'x', completely_unrelated: 1 },
      }),
    ).toEqual([]);
    expect(await hintsFor('GET', '/c/v1/messages/0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3')).toEqual(
      [],
    );
    expect(await hintsFor('GET', '/c/v1/messages', { query: 'unrelatedthing=1' })).toEqual([]);
    // A success says nothing either.
    expect(await hintsFor('GET', '/c/v1/messages')).toEqual([]);
  });

  it('prototype-named fields, headers and parameters are ordinary names', async () => {
    const hints = await hintsFor('POST', '/c/v1/messages', {
      body: '{"__proto__":{"polluted":1},"constructor":"x","to":"+244923456789","bdy":"Olá"}',
      headers: JSON.parse('{"__proto__":"x","constructor":"y"}'),
      query: '__proto__=1&constructor=2',
    });
    expect(hints.map((h) => h.message)).toEqual([
      '"bdy" is not a field of sendMessage\'s body: did you mean "body"?',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const query = await hintsFor('GET', '/c/v1/messages', {
      query: '__proto__=1&hasOwnProperty=2',
    });
    expect(query).toEqual([]);
  });

  it('at most three hints, the route first', async () => {
    const hints = await hintsFor('POST', '/c/v1/messages', {
      key: null,
      headers: { 'x-api-kye': liveKey, 'idempotency-kye': 'a' },
      body: { too: '+244923456789', bdoy: 'x', chanel_type: 'SMS', remiter_id: senderId },
    });
    expect(hints).toHaveLength(3);
    expect(hints.map((h) => h.kind)).toEqual(['header', 'header', 'field']);
  });
});

/**
 * Black-box suite of the control API over real HTTP: a scenario a test suite in another language
 * would write (create an organization, fund it, issue keys, approve a sender ID, send, move the
 * clock, read the phone's inbox and the ledger, reset), touching every documented operation.
 * Every response is validated against openapi/control.yaml; the last test checks that each
 * operation was exercised.
 */

import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SNAPSHOT_VERSION } from '@msgsvc/mock/port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedCli, startCli } from './support/cli-process';
import { controlChecked, documentedOperationIds } from './support/control-contract';
import { controlApi, publicApi, send } from './support/http';

let cli: StartedCli;
let control: ReturnType<typeof controlApi>;

/** A webhook receiver on loopback in this process: records what it gets, answers 204. */
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8').on('data', (chunk: string) => {
    body += chunk;
  });
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.writeHead(204).end();
  });
});

beforeAll(async () => {
  cli = await startCli(['serve', '--port', '0', '--json', '--clock', 'virtual', '--seed', '7']);
  control = controlApi(cli.origin);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await cli?.stop();
  receiver.close();
});

describe('control API over HTTP', () => {
  let orgId: string;
  let liveKey: string;
  let keyId: string;
  let senderId: string;
  let messageId: string;

  it('reports its health, naming the service (D57)', async () => {
    const health = await control.get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({
      service: 'msgsvc-mock',
      status: 'ready',
      clock: 'virtual',
    });
  });

  it('creates, lists and retrieves organizations', async () => {
    const created = await control.post('/organizations', {
      name: 'Kwanza Shop',
      default_country: 'AO',
      balance: '100.000000',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Kwanza Shop',
      balance: '100.000000',
      currency: 'AOA',
    });
    orgId = created.body.id;

    const list = await control.get('/organizations');
    expect(list.body.entries.map((o: { name: string }) => o.name)).toEqual([
      'Demo Organization',
      'Kwanza Shop',
    ]);
    const detail = await control.get(`/organizations/${orgId}`);
    expect(detail.body).toMatchObject({ id: orgId, api_keys: [], sender_ids: [] });
  });

  it('funds an account', async () => {
    const funded = await control.post(`/organizations/${orgId}/fund`, { amount: '50.5' });
    expect(funded.body).toEqual({ organization_id: orgId, balance: '150.500000' });
  });

  it('issues keys (full key once), lists them by prefix', async () => {
    const issued = await control.post(`/organizations/${orgId}/api-keys`, {
      environment: 'live',
      name: 'backend',
    });
    expect(issued.status).toBe(201);
    expect(issued.body.key).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    liveKey = issued.body.key;
    keyId = issued.body.id;

    const listed = await control.get(`/organizations/${orgId}/api-keys`);
    expect(listed.body.entries).toHaveLength(1);
    expect(listed.body.entries[0].prefix).toBe(`${liveKey.slice(0, 13)}…`);
    expect(listed.text).not.toContain(liveKey);
  });

  it('issues an exact key of the one API-key grammar, short and with _ and - (on the contract)', async () => {
    const key = 'svc_test_a-b_c';
    const issued = await control.post(`/organizations/${orgId}/api-keys`, {
      environment: 'test',
      name: 'grammar',
      key,
    });
    expect(issued.status).toBe(201);
    expect(issued.body.key).toBe(key);
    expect((await publicApi(cli.origin, key).get('/messages')).status).toBe(200);
    const refused = await control.post(`/organizations/${orgId}/api-keys`, {
      environment: 'test',
      key: 'svc_test_a b',
    });
    expect(refused.status).toBe(422);
    await control.post(`/api-keys/${issued.body.id}/revoke`);
  });

  it('registers a sender ID pending, then approves it', async () => {
    const created = await control.post(`/organizations/${orgId}/sender-ids`, {
      name: 'KWANZA',
      status: 'PENDING',
    });
    expect(created.body).toMatchObject({ status: 'PENDING', is_default: false });
    senderId = created.body.id;

    const refused = await publicApi(cli.origin, liveKey).post('/messages', {
      to: '+244923111111',
      body: 'Before approval',
      remitter_id: senderId,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toEqual({ remitter_id: 'Sender ID is not approved' });

    const approved = await control.patch(`/sender-ids/${senderId}`, { status: 'APPROVED' });
    expect(approved.body).toMatchObject({ status: 'APPROVED', is_default: true });
    const listed = await control.get(`/organizations/${orgId}/sender-ids`);
    expect(listed.body.entries).toHaveLength(1);
  });

  it('creates tags and contacts', async () => {
    const tag = await control.post(`/organizations/${orgId}/tags`, { name: 'vip' });
    expect(tag.status).toBe(201);
    const contact = await control.post(`/organizations/${orgId}/contacts`, {
      name: 'Ana Silva',
      number: '923 111 111',
      email: null,
      tag_ids: [tag.body.id],
    });
    expect(contact.body).toMatchObject({ e164_format: '+244923111111', tag_ids: [tag.body.id] });
  });

  it('moves the virtual clock and shows the phone inbox, the message and the counts', async () => {
    const sent = await publicApi(cli.origin, liveKey).post('/messages', {
      to: '+244923111111',
      body: 'Olá Ana',
    });
    messageId = sent.body.id;
    const clock = await control.get('/clock');
    expect(clock.body).toMatchObject({ kind: 'virtual', pending_tasks: 1 });

    const stepped = await control.post('/clock/advance', { ms: 1 });
    expect(stepped.body).toMatchObject({ tasks_run: 0, elapsed_ms: 1 });
    const idle = await control.post('/clock/run-until-idle');
    expect(idle.body.tasks_run).toBeGreaterThanOrEqual(2);
    expect(idle.body.elapsed_ms).toBeGreaterThan(0);
    expect(idle.body.pending_tasks).toBe(0);

    const inbox = await control.get(`/phones/${encodeURIComponent('+244923111111')}/messages`);
    expect(inbox.body.entries).toHaveLength(1);
    expect(inbox.body.entries[0]).toMatchObject({ id: messageId, contact_id: expect.any(String) });
    const message = await control.get(`/messages/${messageId}`);
    expect(message.body.id).toBe(messageId);
    const counts = await control.get('/counts');
    expect(counts.body).toEqual({ messages: 1, campaigns: 0, pending_tasks: 0 });
  });

  it('finds messages and campaigns by the filter words of the inspector (D156)', async () => {
    const found = await control.get('/messages', 'q=status%3Adelivered%20to%3A923111111');
    expect(found.body).toMatchObject({ total: 1, offset: 0, entries: [{ id: messageId }] });
    expect((await control.get('/messages', 'q=status%3Afailed')).body.total).toBe(0);
    const campaigns = await control.get('/campaigns', 'q=status%3Acompleted');
    expect(campaigns.body).toEqual({ total: 0, offset: 0, entries: [] });
    const bad = await control.get('/campaigns', 'q=is%3Arefunded');
    expect(bad.status).toBe(422);
  });

  it('reads the ledger and checks the books', async () => {
    const ledger = await control.get(`/organizations/${orgId}/ledger`);
    expect(ledger.body.entries.map((e: { kind: string }) => e.kind).slice(0, 3)).toEqual([
      'FUNDING',
      'FUNDING',
      'MESSAGE_DEBIT',
    ]);
    const check = await control.get('/ledger/check');
    expect(check.body.ok).toBe(true);
  });

  it('lists an organization’s campaigns per environment', async () => {
    await publicApi(cli.origin, liveKey).post('/campaigns/batch', {
      remitter_id: senderId,
      channel_type: 'SMS',
      content: 'Campaign',
      recipients: ['+244923111112', '+244923111113'],
    });
    const live = await control.get(`/organizations/${orgId}/campaigns`);
    expect(live.body.entries).toHaveLength(1);
    const test = await control.get(`/organizations/${orgId}/campaigns`, 'environment=test');
    expect(test.body.entries).toEqual([]);
  });

  it('revokes a key by id', async () => {
    const revoked = await control.post(`/api-keys/${keyId}/revoke`);
    expect(revoked.body).toMatchObject({ id: keyId, revoked: true });
    const refused = await publicApi(cli.origin, liveKey).get('/messages');
    expect(refused.status).toBe(401);
  });

  it('reads and configures rate limits', async () => {
    const limits = await control.get('/rate-limits');
    expect(limits.body.limits.listMessages).toBe(60);
    const changed = await control.put('/rate-limits', { limits: { listMessages: null } });
    expect(changed.body.limits.listMessages).toBeNull();
    const off = await control.put('/rate-limits', { disabled: true });
    expect(Object.values(off.body.limits).every((v) => v === null)).toBe(true);
  });

  it('serves the inspector data, the request log and the page', async () => {
    const state = await control.get('/state');
    expect(state.body.phones[0].number).toBeDefined();
    const requests = await control.get('/requests');
    expect(requests.body.entries.length).toBeGreaterThan(0);
    const page = await control.get('/inspector');
    expect(page.text).toContain('<title>msgsvc mock · inspector</title>');
  });

  it('delivers signed webhooks to a registered endpoint and shows them in the outbox', async () => {
    // Reads show the organization's secret by prefix (D66); registering an endpoint without a
    // secret of its own shows, once, the one it signs with: the organization's.
    const detail = await control.get(`/organizations/${orgId}`);
    const prefix = detail.body.webhook_secret_prefix as string;
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const endpoint = await control.post(`/organizations/${orgId}/webhook-endpoints`, {
      url,
      events: ['message.status_updated'],
    });
    expect(endpoint.status).toBe(201);
    expect(endpoint.body).toMatchObject({ url, events: ['message.status_updated'] });
    const secret = endpoint.body.secret as string;
    expect(secret.startsWith(prefix.slice(0, -1))).toBe(true);
    const listed = await control.get(`/organizations/${orgId}/webhook-endpoints`);
    expect(listed.body.entries).toHaveLength(1);
    expect(listed.body.entries[0]).toMatchObject({ secret_prefix: prefix });
    expect(listed.text).not.toContain(secret);

    const key = await control.post(`/organizations/${orgId}/api-keys`, {});
    const sent = await publicApi(cli.origin, key.body.key).post('/messages', {
      to: '+244923111114',
      body: 'Webhook me',
    });
    await control.post('/clock/run-until-idle');
    const outbox = await control.get('/webhooks/outbox', `endpoint_id=${endpoint.body.id}`);
    expect(outbox.body.entries.length).toBeGreaterThanOrEqual(2);
    expect(outbox.body.entries.every((d: { state: string }) => d.state === 'delivered')).toBe(true);
    const delivered = await control.get(
      '/webhooks/outbox',
      'state=delivered&type=message.status_updated',
    );
    expect(delivered.body.entries.length).toBe(outbox.body.entries.length);

    const mine = received.filter((r) => r.body.includes(sent.body.id));
    const forSent = outbox.body.entries.filter(
      (d: { event: { data: { id: string } } }) => d.event.data.id === sent.body.id,
    );
    expect(forSent.map((d: { id: string }) => d.id)).toEqual(
      mine.map((m) => m.headers['webhook-id']),
    );
    expect(mine.length).toBeGreaterThanOrEqual(2); // PENDING → SENT → a final state
    // Standard Webhooks (D29): v1 = base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the
    // base64-decoded part of the `whsec_` secret. Checked independently of the SDK.
    const { headers, body } = mine[0]!;
    const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
      .digest('base64');
    expect(String(headers['webhook-signature']).split(' ')).toContain(`v1,${expected}`);
    expect(JSON.parse(body)).toMatchObject({
      type: 'message.status_updated',
      data: { id: sent.body.id },
    });

    // Nothing failed: "redeliver all failed" sends nothing (D164; its own tests fail some).
    const redelivered = await control.post('/webhooks/outbox/redeliver-failed', {
      endpoint_id: endpoint.body.id,
    });
    expect(redelivered.body).toEqual({ redelivered: [], skipped: 0, remaining: 0 });

    const removed = await control.request('DELETE', `/webhook-endpoints/${endpoint.body.id}`);
    expect(removed.body).toEqual({ id: endpoint.body.id, deleted: true });
  });

  it('simulates inbound messages (STOP opts the number out)', async () => {
    const inbound = await control.post('/inbound', {
      from: '923111115',
      to: 'KWANZA',
      body: 'STOP',
    });
    expect(inbound.status).toBe(201);
    expect(inbound.body).toMatchObject({
      from: '+244923111115',
      to: 'KWANZA',
      organization_id: orgId,
    });
    const list = await control.get(`/organizations/${orgId}/inbound`);
    expect(list.body.entries.map((i: { body: string }) => i.body)).toEqual(['STOP']);
    const unknown = await control.post('/inbound', { from: '923111115', to: 'NOBODY', body: 'hi' });
    expect(unknown.status).toBe(404);
  });

  it('triggers a webhook event on demand (D135-D137)', async () => {
    // Several organizations: the one whose handset writes must be named (D136).
    const unnamed = await control.post('/trigger', { type: 'message.received', body: 'Olá' });
    expect(unnamed.status).toBe(422);
    expect(Object.keys(unnamed.body.fields)).toEqual(['organization_id']);
    const triggered = await control.post('/trigger', {
      type: 'message.received',
      organization_id: orgId,
      from: '923111116',
      body: 'Olá',
    });
    expect(triggered.status).toBe(200);
    expect(triggered.body.events[0].data).toMatchObject({ from: '+244923111116', to: 'KWANZA' });
    const list = await control.get(`/organizations/${orgId}/inbound`);
    expect(list.body.entries.map((i: { id: string }) => i.id)).toContain(triggered.body.subject.id);
  });

  it('injects request failures and latency into the public API, and clears faults', async () => {
    const live = publicApi(cli.origin, cli.info.live_key);
    const failure = await control.post('/faults/request-failures', {
      operation_id: 'listMessages',
      status: 503,
    });
    expect(failure.status).toBe(201);
    const faults = await control.get('/faults');
    expect(faults.body.request_failures).toEqual([
      { id: failure.body.id, operation_id: 'listMessages', status: 503, remaining: 1 },
    ]);
    expect((await live.get('/messages')).status).toBe(503);
    expect((await live.get('/messages')).status).toBe(200);

    await control.post('/faults/latencies', { operation_id: 'listCampaigns', ms: 3_000 });
    const started = Date.now();
    let slowDone = false;
    const slow = live.get('/campaigns').finally(() => {
      slowDone = true;
    });
    // The server holds the request once it has taken the fault (its count is used up)…
    await expect
      .poll(async () => (await control.get('/faults')).body.latencies, { timeout: 15_000 })
      .toEqual([]);
    // …and keeps answering other requests meanwhile: the held one is still pending after.
    expect((await live.get('/messages')).status).toBe(200);
    expect(slowDone).toBe(false);
    expect((await slow).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_990);

    const dispatch = await control.post('/faults/campaign-failures', {});
    const outage = await control.post('/faults/carrier-outages', {
      destination: 'UNITEL',
      from: '2026-01-01T09:00:00.000000+00:00',
      to: '2026-01-01T10:00:00+00:00',
    });
    const armed = await control.get('/faults');
    expect(armed.body.dispatch_failures).toHaveLength(1);
    expect(armed.body.carrier_outages[0]).toMatchObject({
      id: outage.body.id,
      destination: 'UNITEL',
    });
    const one = await control.request('DELETE', `/faults/${dispatch.body.id}`);
    expect(one.body.dispatch_failures).toEqual([]);
    const cleared = await control.request('DELETE', '/faults');
    expect(cleared.body).toEqual({
      request_failures: [],
      latencies: [],
      dispatch_failures: [],
      carrier_outages: [],
    });
    const bad = await control.post('/faults/request-failures', { operation_id: 'nope', count: 0 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['count', 'operation_id']);
  });

  it('fails the next campaign dispatch when told to', async () => {
    await control.post('/faults/campaign-failures', { count: 1 });
    const key = await control.post(`/organizations/${orgId}/api-keys`, {});
    const accepted = await publicApi(cli.origin, key.body.key).post('/campaigns/batch', {
      remitter_id: senderId,
      channel_type: 'SMS',
      content: 'Doomed',
      recipients: ['+244923111116', '+244923111117'],
    });
    await control.post('/clock/run-until-idle');
    const campaign = await publicApi(cli.origin, key.body.key).get(
      `/campaigns/${accepted.body.campaign_id}`,
    );
    expect(campaign.body).toMatchObject({ status: 'FAILED', error_code: 'SYSTEM_DISPATCH_ERROR' });
  });

  it('takes, lists, downloads, restores and forgets snapshots', async () => {
    const before = await control.get('/counts');
    const taken = await control.post('/snapshots', { name: 'before extra message' });
    expect(taken.status).toBe(201);
    expect(taken.body).toMatchObject({
      name: 'before extra message',
      messages: before.body.messages,
    });
    const anonymous = await control.post('/snapshots');
    expect(anonymous.body.name).toBeNull();

    await publicApi(cli.origin, cli.info.live_key).post('/messages', {
      to: '+244923111118',
      body: 'x',
    });
    expect((await control.get('/counts')).body.messages).toBe(before.body.messages + 1);

    const restored = await control.post(`/snapshots/${taken.body.id}/restore`);
    expect(restored.body.restored).toBe(taken.body.id);
    expect((await control.get('/counts')).body.messages).toBe(before.body.messages);

    const list = await control.get('/snapshots');
    expect(list.body.entries.map((e: { id: string }) => e.id)).toEqual([
      taken.body.id,
      anonymous.body.id,
    ]);
    const data = await control.get(`/snapshots/${taken.body.id}`);
    expect(data.body).toMatchObject({ version: SNAPSHOT_VERSION });
    expect(data.body.messages).toHaveLength(before.body.messages);
    const deleted = await control.request('DELETE', `/snapshots/${anonymous.body.id}`);
    expect(deleted.body.deleted).toBe(true);
    expect((await control.get(`/snapshots/${anonymous.body.id}`)).status).toBe(404);
  });

  it('answers errors in the envelope: 404, 405, 415, 422', async () => {
    const missing = await control.get('/organizations/01890a5d-ac96-774b-bcce-b302099a8057');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('RESOURCE_NOT_FOUND');

    const invalid = await control.post('/organizations', { name: '', colour: 'red' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.fields).toMatchObject({
      name: expect.any(String),
      colour: 'Unknown field.',
    });

    const badMoney = await control.post(`/organizations/${orgId}/fund`, { amount: '-5' });
    expect(badMoney.status).toBe(422);
    expect(badMoney.body.fields).toHaveProperty('amount');

    const text = await control.request('POST', '/organizations', {
      body: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);

    const route = await send(cli.origin, 'GET', '/__mock/nowhere');
    expect(route.status).toBe(404);
    expect(route.body).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    const method = await send(cli.origin, 'DELETE', '/__mock/clock');
    expect(method.status).toBe(405);
    expect(method.headers.allow).toBe('GET');
    // The most literal path wins, as on the public API: `/faults/request-failures` is not a fault
    // id, so DELETE there is a method the path lacks, not a fault that does not exist.
    const literal = await send(cli.origin, 'DELETE', '/__mock/faults/request-failures');
    expect(literal.status).toBe(405);
    expect(literal.headers.allow).toBe('POST');
    const slash = await send(cli.origin, 'GET', '/__mock/clock/');
    expect(slash.status).toBe(200);
  });

  it('resets to the starting world (same ids and keys)', async () => {
    const before = await control.get('/organizations');
    const reset = await control.post('/reset');
    expect(reset.body.reset).toBe(true);
    const after = await control.get('/organizations');
    expect(after.body.entries).toHaveLength(1);
    expect(after.body.entries[0].id).toBe(before.body.entries[0].id);
    const demo = await publicApi(cli.origin, cli.info.live_key).get('/messages');
    expect(demo.body.total).toBe(0);
    expect((await control.get('/requests')).body.entries.length).toBe(1);
  });

  it('creates, lists, reads, forks and deletes worlds (worlds.test.ts has the rest)', async () => {
    const created = await control.post('/worlds', { name: 'one' });
    expect(created.status).toBe(201);
    expect((await control.get('/worlds')).body.entries.length).toBeGreaterThanOrEqual(2);
    expect((await control.get(`/worlds/${created.body.id}`)).body.name).toBe('one');
    const fork = await control.post(`/worlds/${created.body.id}/fork`, {});
    expect(fork.status).toBe(201);
    for (const id of [created.body.id, fork.body.id]) {
      expect((await control.request('DELETE', `/worlds/${id}`)).status).toBe(200);
    }
  });

  it('exercised every documented control operation', () => {
    const exercised = new Set([...controlChecked].map((key) => key.split(' ')[0]));
    const missing = documentedOperationIds.filter((id) => !exercised.has(id));
    expect(missing).toEqual([]);
  });
});

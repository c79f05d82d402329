/**
 * Black-box suite of the public API over real HTTP: the CLI runs as a process on a virtual clock,
 * and plain `fetch` calls each of the seven operations and their error answers. Every response is
 * validated against openapi/openapi.yaml.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedCli, startCli } from './support/cli-process';
import { controlApi, publicApi, send } from './support/http';

let cli: StartedCli;
let live: ReturnType<typeof publicApi>;
let control: ReturnType<typeof controlApi>;
let senderId: string;

beforeAll(async () => {
  cli = await startCli(['serve', '--port', '0', '--json', '--clock', 'virtual']);
  live = publicApi(cli.origin, cli.info.live_key);
  control = controlApi(cli.origin);
  senderId = cli.info.sender_id.id;
});

afterAll(async () => {
  await cli?.stop();
});

describe('public API over HTTP', () => {
  it('POST /messages sends a message (201) and GET /messages/{id} follows it to a final state', async () => {
    const sent = await live.post('/messages', { to: '+244923000111', body: 'Your code is 4321' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ to: '+244923000111', status: 'PENDING', segments: 1 });
    expect(sent.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/);

    const pending = await live.get(`/messages/${sent.body.id}`);
    expect(pending.status).toBe(200);
    expect(pending.body.status).toBe('PENDING');

    await control.post('/clock/run-until-idle');
    const done = await live.get(`/messages/${sent.body.id}`);
    expect(done.body.status).not.toBe('PENDING');
    expect(done.body.trigger_source).toBe('API_CLIENT');
  });

  it('GET /messages lists and filters (200)', async () => {
    const all = await live.get('/messages', 'size=5&order=desc');
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(1);
    const filtered = await live.get('/messages', 'q=923000111&channel_type=SMS');
    expect(filtered.body.entries.map((m: { target_e164: string }) => m.target_e164)).toEqual([
      '+244923000111',
    ]);
  });

  it('POST /campaigns/batch (202) and the three campaign reads', async () => {
    const accepted = await live.post('/campaigns/batch', {
      remitter_id: senderId,
      channel_type: 'SMS',
      content: 'Promoção: 10% hoje',
      recipients: ['+244923000201', '+244912000202', '12345678'],
      name: 'HTTP campaign',
    });
    expect(accepted.status).toBe(202);
    const id = accepted.body.campaign_id as string;

    const processing = await live.get(`/campaigns/${id}`);
    expect(processing.body.status).toBe('PROCESSING');
    await control.post('/clock/run-until-idle');

    const completed = await live.get(`/campaigns/${id}`);
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('COMPLETED');

    const list = await live.get('/campaigns', 'status=COMPLETED&q=HTTP');
    expect(list.status).toBe(200);
    expect(list.body.entries.map((c: { id: string }) => c.id)).toContain(id);

    const messages = await live.get(`/campaigns/${id}/messages`, 'size=10');
    expect(messages.status).toBe(200);
    expect(messages.body.total).toBe(3);
    expect(
      messages.body.entries.filter(
        (m: { error_code: string }) => m.error_code === 'INVALID_PHONE_NUMBER',
      ),
    ).toHaveLength(1);
  });

  it('replays an idempotent POST with Idempotent-Replayed', async () => {
    const body = { to: '+244923000300', body: 'Once only' };
    const headers = { 'idempotency-key': 'http-suite-1' };
    const first = await live.post('/messages', body, headers);
    const again = await live.post('/messages', body, headers);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
  });

  it('answers 401 without a key and 403 for a key without the scope', async () => {
    const anonymous = await publicApi(cli.origin, undefined).get('/messages');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('AUTH_INVALID_API_KEY');

    const issued = await control.post(`/organizations/${cli.info.organization_id}/api-keys`, {
      scopes: ['messages:read'],
    });
    const readOnly = publicApi(cli.origin, issued.body.key);
    const forbidden = await readOnly.get('/messages');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.fields.apikey).toContain('apikey:messages:list');
  });

  it('answers 402 when the balance is short', async () => {
    const org = await control.post('/organizations', { name: 'Broke', balance: '1.000000' });
    await control.post(`/organizations/${org.body.id}/sender-ids`, { name: 'BROKE' });
    const key = await control.post(`/organizations/${org.body.id}/api-keys`, {});
    const refused = await publicApi(cli.origin, key.body.key).post('/messages', {
      to: '+244923000400',
      body: 'Costs 4.000000',
    });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'BILLING_INSUFFICIENT_FUNDS', service: 'billing' });
  });

  it('answers 404 for an unknown message and an unknown route, 405 for a wrong method', async () => {
    const missing = await live.get('/messages/01890a5d-ac96-774b-bcce-b302099a8057');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');

    const route = await live.get('/nowhere');
    expect(route.status).toBe(404);

    const method = await live.request('DELETE', '/messages');
    expect(method.status).toBe(405);
    expect(method.headers.allow?.split(', ').sort()).toEqual(['GET', 'POST']);
  });

  it('answers 415 for a non-JSON body and 422 for malformed JSON or bad fields', async () => {
    const text = await live.request('POST', '/messages', {
      body: 'to=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);

    const malformed = await live.post('/messages', '{"to": ');
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.fields)).toEqual(['body']);

    const invalid = await live.post('/messages', { to: 'abc', body: '' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.fields).toHaveProperty('to');
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a body over 1 MiB, and keeps serving', async () => {
    const huge = JSON.stringify({ to: '+244923000500', body: 'x'.repeat(1024 * 1024 + 10) });
    const refused = await live.post('/messages', huge);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413, service: 'core' });
    expect((await live.get('/messages', 'size=1')).status).toBe(200);
  });

  it('answers 429 with Retry-After when a limit is reached', async () => {
    await control.put('/rate-limits', { limits: { retrieveCampaign: 2 } });
    try {
      const id = '01890a5d-ac96-774b-bcce-b302099a8057';
      await live.get(`/campaigns/${id}`);
      await live.get(`/campaigns/${id}`);
      const limited = await live.get(`/campaigns/${id}`);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    } finally {
      await control.put('/rate-limits', { limits: { retrieveCampaign: 600 } });
    }
  });

  it('answers the unknown paths outside /c/v1 with the error envelope', async () => {
    const other = await send(cli.origin, 'GET', '/v2/messages');
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });
});

/**
 * Faults injected into the mock itself (not stubs): 5xx answers, a slow answer that outlasts the
 * client's timeout, and a repeat of a send while the first is still executing (409).
 */
import { ConflictError, MessagingClient, ServerError, TimeoutError } from '@msgsvc/sdk';
import { describe, expect, it } from 'vitest';
import { setup } from './support/mock';

describe('faults injected into the mock', () => {
  it('a 503 on send is retried with the same key: one message', async () => {
    const { client, mock, sleeps } = setup();
    mock.control.failNextRequests({ operation_id: 'sendMessage', status: 503, count: 2 });
    const sent = await client.messages.send({ to: '+244923000400', body: 'Olá' });
    expect(sleeps).toHaveLength(2);
    expect(mock.control.messagesTo('+244923000400').map((m) => m.id)).toEqual([sent.id]);
  });

  it('a 500 that outlasts the retries is a ServerError with the trace id', async () => {
    const { client, mock } = setup({ maxRetries: 1 });
    mock.control.failNextRequests({ operation_id: 'listCampaigns', status: 500, count: 2 });
    const error = await client.campaigns.list().then(undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL_SERVER_ERROR' });
    expect((error as ServerError).traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a slow answer times the attempt out, and the retry gets through', async () => {
    const { client, mock } = setup({ timeout: 50 });
    mock.control.addLatency({ operation_id: 'listCampaigns', ms: 300, count: 1 });
    const page = await client.campaigns.list();
    expect(page.total).toBe(0);

    mock.control.addLatency({ operation_id: 'listCampaigns', ms: 300, count: 3 });
    const error = await client.campaigns.list().then(undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('a repeat while the first send executes is a 409 ConflictError, then a replay', async () => {
    const { client, demo, mock } = setup();
    mock.control.addLatency({ operation_id: 'sendMessage', ms: 100, count: 1 });
    const params = { to: '+244923000401', body: 'Olá' };
    const first = client.messages.send(params, { idempotencyKey: 'dup-1' });
    await new Promise((resolve) => setTimeout(resolve, 10));

    const error = await client.messages
      .send(params, { idempotencyKey: 'dup-1', maxRetries: 0 })
      .then(undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_KEY_IN_USE',
      idempotencyKey: 'dup-1',
    });

    // With retries, the repeat waits (here: until the first is done) and gets the stored answer.
    const patient = new MessagingClient({
      apiKey: demo.liveKey,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
      sleep: () => first.then(() => undefined),
    });
    const [a, b] = await Promise.all([
      first,
      patient.messages.send(params, { idempotencyKey: 'dup-1' }).withResponse(),
    ]);
    expect(b.data.id).toBe(a.id);
    expect(b.response.headers.get('idempotent-replayed')).toBe('true');
    expect(mock.control.messagesTo('+244923000401')).toHaveLength(1);
  });
});

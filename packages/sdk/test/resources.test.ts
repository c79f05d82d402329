import { describe, expect, it } from 'vitest';
import { numbers, setup } from './support/mock';

describe('client.messages', () => {
  it('send creates a message and reports its idempotency key and trace id', async () => {
    const { client, mock } = setup();
    const { data, idempotencyKey, traceId, response } = await client.messages
      .send({ to: '923000111', body: 'O seu código: 1234', external_id: 'otp-1' })
      .withResponse();
    expect(data).toMatchObject({
      to: '+244923000111',
      body: 'O seu código: 1234',
      status: 'PENDING',
      channel_type: 'SMS',
      external_id: 'otp-1',
      segments: 1,
    });
    expect(idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(response.status).toBe(201);
    expect(mock.control.messagesTo('+244923000111')).toHaveLength(1);
  });

  it('send uses the idempotency key given in options', async () => {
    const { client } = setup();
    const result = await client.messages
      .send({ to: '+244923000112', body: 'Olá' }, { idempotencyKey: 'order-42-sms' })
      .withResponse();
    expect(result.idempotencyKey).toBe('order-42-sms');
  });

  it('awaiting a send gives the body alone', async () => {
    const { client } = setup();
    const message = await client.messages.send({ to: '+244923000113', body: 'Olá' });
    expect(Object.keys(message)).toContain('created_at');
    expect(message).not.toHaveProperty('response');
  });

  it('retrieve returns the retrieve shape (e164_format, exact status)', async () => {
    const { client } = setup();
    const sent = await client.messages.send({ to: '+244923000114', body: 'Olá' });
    const message = await client.messages.retrieve(sent.id);
    expect(message).toMatchObject({
      id: sent.id,
      e164_format: '+244923000114',
      content: 'Olá',
      trigger_source: 'API_CLIENT',
      campaign_id: null,
      status: 'PENDING',
    });
  });

  it('list returns a page with list entries (target_e164)', async () => {
    const { client } = setup();
    await client.messages.send({ to: '+244923000115', body: 'a' });
    await client.messages.send({ to: '+244923000116', body: 'b' });
    const page = await client.messages.list({ size: 1 });
    expect(page).toMatchObject({ total: 2, page: 1, size: 1, pages: 2 });
    expect(page.entries[0]).toMatchObject({ target_e164: '+244923000116', content: 'b' });
  });

  it('list passes repeated filters', async () => {
    const { client, mock } = setup();
    await client.messages.send({ to: '+244923000117', body: 'a' });
    mock.clock.runUntilIdle();
    const statuses = ['DELIVERED', 'UNDELIVERED', 'FAILED'] as const;
    const page = await client.messages.list({ status: [...statuses] });
    expect(page.total).toBe(1);
    expect(statuses).toContain(page.entries[0]?.status);
    expect((await client.messages.list({ status: ['PENDING'] })).total).toBe(0);
  });

  it('waitFor polls with a growing interval until a terminal state', async () => {
    const { client, sleeps } = setup();
    const sent = await client.messages.send({ to: '+244923000118', body: 'Olá' });
    const done = await client.messages.waitFor(sent.id);
    expect(['DELIVERED', 'UNDELIVERED', 'EXPIRED', 'REJECTED', 'CANCELLED', 'FAILED']).toContain(
      done.status,
    );
    expect(sleeps.length).toBeGreaterThan(1);
    expect(sleeps[1]).toBeGreaterThan(sleeps[0]!);
  });

  it('waitFor stops at the state asked for', async () => {
    const { client } = setup();
    const sent = await client.messages.send({ to: '+244923000119', body: 'Olá' });
    const message = await client.messages.waitFor(sent.id, { until: 'SENT', pollInterval: 100 });
    expect(message.status).toBe('SENT');
  });
});

describe('client.campaigns', () => {
  it('sendBatch, retrieve, waitFor, list and listMessages', async () => {
    const { client, demo } = setup();
    const recipients = numbers(3, 500);
    const { data, idempotencyKey } = await client.campaigns
      .sendBatch({
        remitter_id: demo.sender.id,
        channel_type: 'SMS',
        content: 'Promoção',
        recipients,
        name: 'Spring',
      })
      .withResponse();
    expect(idempotencyKey).toBeDefined();
    expect(data.message).toBeTypeOf('string');

    const accepted = await client.campaigns.retrieve(data.campaign_id);
    expect(accepted).toMatchObject({ id: data.campaign_id, status: 'PROCESSING', name: 'Spring' });

    const done = await client.campaigns.waitFor(data.campaign_id);
    expect(done.status).toBe('COMPLETED');
    expect(done.total_estimated_recipients).toBe(3);

    const page = await client.campaigns.list({ status: ['COMPLETED'] });
    expect(page.entries.map((campaign) => campaign.id)).toEqual([data.campaign_id]);

    const messages = await client.campaigns.listMessages(data.campaign_id, { size: 2 });
    expect(messages).toMatchObject({ total: 3, pages: 2 });
    expect(messages.entries[0]).toMatchObject({ campaign_id: data.campaign_id });
    expect(messages.entries[0]?.campaign.id).toBe(data.campaign_id);

    const all = await client.campaigns.listMessages(data.campaign_id, { size: 2 }).toArray({
      limit: 10,
    });
    expect(all.map((message) => message.e164_format).sort()).toEqual(recipients);
  });

  it('waitFor can stop at SENDING', async () => {
    const { client, demo } = setup();
    const { campaign_id } = await client.campaigns.sendBatch({
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'x',
      recipients: numbers(2, 600),
    });
    const campaign = await client.campaigns.waitFor(campaign_id, {
      until: ['SENDING'],
      pollInterval: 50,
    });
    expect(['SENDING', 'COMPLETED']).toContain(campaign.status);
  });

  it('waitFor throws WaitTimeoutError with the last status when time runs out', async () => {
    const { client, demo } = setup();
    const { campaign_id } = await client.campaigns.sendBatch({
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'x',
      recipients: numbers(2, 700),
    });
    const { ConnectionError, WaitTimeoutError } = await import('@msgsvc/sdk');
    const error = await client.campaigns
      .waitFor(campaign_id, { timeout: 100, pollInterval: 40 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: 'WAIT_TIMEOUT', lastStatus: 'PROCESSING' });
    expect((error as Error).message).toMatch(/still PROCESSING after 100 ms/);
  });
});

describe('client.raw', () => {
  it('is the typed openapi-fetch client with the key and base URL', async () => {
    const { client } = setup();
    const { data, error, response } = await client.raw.GET('/campaigns', {
      params: { query: { size: 5 } },
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.size).toBe(5);
  });
});

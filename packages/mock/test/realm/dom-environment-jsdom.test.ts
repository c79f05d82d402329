// @vitest-environment jsdom
// Under vitest's jsdom environment (window and document exist, in Node) the mock's client and the
// fixtures work: they talk to an in-process mock, no key leaves the machine (D115).

import { createMockService } from '@msgsvc/mock';
import { expect, test } from '@msgsvc/mock/vitest';
import { MessagingClient } from '@msgsvc/sdk';
import { describe, it } from 'vitest';

describe('under the jsdom environment', () => {
  it('is a DOM environment: window and document exist', () => {
    expect(typeof window).toBe('object');
    expect(typeof document.createElement).toBe('function');
  });

  it('mock.client() sends, batches and answers errors with the SDK classes', async () => {
    const mock = createMockService({ demo: true });
    const client = mock.client();
    const sent = await client.messages.send({ to: '+244923000001', body: 'Olá' });
    expect(sent.status).toBe('PENDING');
    const demo = mock.seedDemo();
    const batch = await client.campaigns.sendBatch({
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Promoção',
      recipients: ['+244923000001', '+244923000002'],
    });
    expect(batch.campaign_id).toEqual(expect.any(String));
    await expect(client.messages.send({ to: 'abc', body: 'x' })).rejects.toMatchObject({
      status: 422,
    });
  });

  it('a client built by hand on the mock works too', async () => {
    const mock = createMockService({ demo: true });
    const client = new MessagingClient({
      apiKey: mock.seedDemo().liveKey,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
    });
    await expect(client.messages.send({ to: '+244923000001', body: 'Olá' })).resolves.toMatchObject(
      {
        status: 'PENDING',
      },
    );
  });

  test('the fixture gives a client on the mock', async ({ mock, client }) => {
    await client.messages.send({ to: '+244923000001', body: 'Olá' });
    expect(mock).toHaveSent({ to: '+244923000001', body: 'Olá' });
  });
});

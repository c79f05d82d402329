/**
 * The client against the mock through MSW (`setupServer(...createHandlers(mock))`): the client uses
 * `globalThis.fetch`, which MSW intercepts, exactly as an application's test suite would.
 */
import { createHandlers } from '@msgsvc/mock/msw';
import { MessagingClient, NotFoundError, ServerError } from '@msgsvc/sdk';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockService, numbers } from './support/mock';

const mock = createMockService();
const demo = mock.seedDemo();
const server = setupServer(...createHandlers(mock));
let client: MessagingClient;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // Created after listen(): the client reaches MSW's fetch.
  client = new MessagingClient({
    apiKey: demo.liveKey,
    baseUrl: mock.baseUrl,
    sleep: async (ms) => {
      mock.clock.advance(ms);
    },
    now: () => mock.clock.now().getTime(),
  });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('through MSW', () => {
  it('sends a batch, waits for it and lists its messages', async () => {
    const { campaign_id } = await client.campaigns.sendBatch({
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Olá via MSW',
      recipients: numbers(3, 900),
    });
    const campaign = await client.campaigns.waitFor(campaign_id);
    expect(campaign.status).toBe('COMPLETED');
    const entries = await client.campaigns.listMessages(campaign_id).toArray({ limit: 10 });
    expect(entries).toHaveLength(3);
  });

  it('sends and retrieves a message', async () => {
    const sent = await client.messages.send({ to: '+244923000901', body: 'Olá' });
    const message = await client.messages.retrieve(sent.id);
    expect(message.e164_format).toBe('+244923000901');
  });

  it('throws typed errors', async () => {
    await expect(
      client.campaigns.retrieve('0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3'),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('retries a 503 injected in front of the mock', async () => {
    let failures = 0;
    server.use(
      http.get(
        `${mock.baseUrl}/campaigns`,
        () => {
          failures++;
          return HttpResponse.json({ code: 'UNAVAILABLE' }, { status: 503 });
        },
        { once: true },
      ),
    );
    const page = await client.campaigns.list();
    expect(failures).toBe(1);
    expect(page.total).toBeGreaterThanOrEqual(1);

    server.use(http.get(`${mock.baseUrl}/campaigns`, () => HttpResponse.json({}, { status: 500 })));
    await expect(client.campaigns.list({}, { maxRetries: 1 })).rejects.toBeInstanceOf(ServerError);
  });

  it('a bug inside the mock reaches the SDK error through MSW, reported once (D118)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const route = mock.world.route;
    mock.world.route = () => {
      throw new Error('planted under MSW');
    };
    try {
      const error = await client.messages.send({ to: '+244923000902', body: 'x' }).catch((e) => e);
      expect(error).toBeInstanceOf(ServerError);
      expect((error as ServerError).message).toContain('Error: planted under MSW');
      expect(consoleError).toHaveBeenCalledTimes(1);
    } finally {
      mock.world.route = route;
      consoleError.mockRestore();
    }
  });
});

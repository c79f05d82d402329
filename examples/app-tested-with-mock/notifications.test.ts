// Tests of the notifier against the mock service in-process: first with the fixture of
// `@msgsvc/mock/vitest` (a fresh mock per test and `client`, an SDK client on the mock's fetch and
// virtual clock) and its matchers, then with MSW.
import { createMockService } from '@msgsvc/mock';
import { createHandlers } from '@msgsvc/mock/msw';
import { expect, test as mockTest } from '@msgsvc/mock/vitest';
import { MessagingClient, ServerError } from '@msgsvc/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ShippingNotifier } from './notifications';

const order = { id: 'A-1001', customerPhone: '923 000 001', trackingCode: 'AO123456789' };

describe('ShippingNotifier (mock.client())', () => {
  // A fresh service per test (nothing leaks from one test into the next) and a notifier on its
  // client: the demo world's key and mock.fetch (no network, no globals patched); retries wait on
  // the mock's virtual clock.
  const test = mockTest.extend<{ notifier: ShippingNotifier }>({
    notifier: async ({ client }, use) => {
      await use(new ShippingNotifier(client));
    },
  });

  test('texts the customer the tracking code', async ({ mock, notifier }) => {
    const result = await notifier.orderShipped(order);

    expect(result.status).toBe('sent');
    expect(mock).toHaveSent({
      to: '+244923000001',
      body: expect.stringContaining('AO123456789'),
      external_id: 'order-A-1001',
    });
  });

  test('never texts twice for the same order', async ({ mock, notifier }) => {
    const first = await notifier.orderShipped(order);
    const again = await notifier.orderShipped(order); // the job ran twice

    expect(again).toEqual(first); // the service replayed the first answer
    expect(mock.control.messagesTo('+244923000001')).toHaveLength(1);
  });

  test('reports a number that cannot receive texts', async ({ mock, notifier }) => {
    // +244 900 000 000 is the mock's magic invalid number.
    const result = await notifier.orderShipped({ ...order, customerPhone: '+244900000000' });

    expect(result.status).toBe('invalid_phone');
    expect(mock).not.toHaveSent();
    expect(mock).toHaveCharged('0');
  });

  test('reports an empty balance', async ({ mock }) => {
    const broke = mock.control.createOrganization({ name: 'Broke Lda', balance: '0' });
    mock.control.createSenderId({ organization_id: broke.id, name: 'BROKE' });
    const key = mock.control.issueApiKey({ organization_id: broke.id });
    const client = mock.client({ apiKey: key.key });

    const result = await new ShippingNotifier(client).orderShipped(order);

    expect(result).toEqual({ status: 'no_funds' });
    expect(mock.control.balance(broke.id)).toBe('0.000000');
    expect(mock).toHaveCharged('0', { organizationId: broke.id });
  });

  test('rides out a brief outage (the client retries with the same key)', async ({
    mock,
    notifier,
  }) => {
    mock.control.failNextRequests({ operation_id: 'sendMessage', status: 503, count: 2 });

    const result = await notifier.orderShipped(order);

    expect(result.status).toBe('sent');
    expect(mock.control.messagesTo('+244923000001')).toHaveLength(1);
  });

  test('surfaces a longer outage to the job runner', async ({ mock, notifier }) => {
    mock.control.failNextRequests({ operation_id: 'sendMessage', status: 503, count: 3 });

    await expect(notifier.orderShipped(order)).rejects.toBeInstanceOf(ServerError);
    expect(mock).not.toHaveSent({ to: '+244923000001' });
  });

  test('sees the delivery once the simulated carrier answers', async ({ mock, notifier }) => {
    const result = await notifier.orderShipped({ ...order, customerPhone: '+244900000001' });
    mock.clock.runUntilIdle(); // dispatch and the delivery receipt, in virtual time

    expect(result.status).toBe('sent');
    expect(mock).toHaveDelivered('+244900000001');
  });
});

describe('ShippingNotifier (MSW)', () => {
  // MSW intercepts globalThis.fetch: the client is built as the application builds it.
  const mock = createMockService();
  const demo = mock.seedDemo();
  const server = setupServer(...createHandlers(mock));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('texts the customer through the intercepted fetch', async () => {
    const client = new MessagingClient({ apiKey: demo.liveKey, baseUrl: mock.baseUrl });

    const result = await new ShippingNotifier(client).orderShipped(order);

    expect(result.status).toBe('sent');
    expect(mock.control.messagesTo(order.customerPhone)).toHaveLength(1);
  });
});

// Methods through `mock.fetch` (D72): a method the service does not implement is a 501 in the
// envelope, wherever it is sent; HEAD on a GET operation answers the GET's status and headers
// without a body. (Over raw HTTP, with the server's own refusals: test/server/http-edges.test.ts.)
import { describe, expect, it } from 'vitest';
import { createMockService } from './support/mock';

function setup() {
  const mock = createMockService();
  const demo = mock.seedDemo();
  const send = (method: string, path: string) =>
    mock.fetch(`${mock.baseUrl}${path}`, { method, headers: { 'x-api-key': demo.liveKey } });
  return { mock, demo, send };
}

describe('methods the service does not implement (D72)', () => {
  it.each(['FOO', 'PROPFIND', 'BREW'])('%s is a 501 NOT_IMPLEMENTED envelope', async (method) => {
    const { send } = setup();
    for (const path of ['/messages', '/campaigns/batch', '/nowhere']) {
      const response = await send(method, path);
      expect(response.status).toBe(501);
      const body = await response.json();
      expect(body).toMatchObject({ code: 'NOT_IMPLEMENTED', status: 501, service: 'core' });
      expect(body.trace_id).toBe(response.headers.get('x-trace-id'));
    }
  });

  it('a known method a path lacks stays a 405 with Allow', async () => {
    const { send } = setup();
    const response = await send('PUT', '/messages');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, GET');
  });
});

describe('HEAD (D72)', () => {
  it('answers a GET operation with its status and headers, and no body', async () => {
    const { send } = setup();
    const get = await send('GET', '/messages');
    const head = await send('HEAD', '/messages');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect([...head.headers.keys()].sort()).toEqual([...get.headers.keys()].sort());
    expect(head.headers.get('content-type')).toBe('application/json');
    // It is the GET operation: it counts against its rate limit (D8).
    expect(head.headers.get('x-ratelimit-limit')).toBe('60');
    expect(Number(head.headers.get('x-ratelimit-remaining'))).toBe(
      Number(get.headers.get('x-ratelimit-remaining')) - 1,
    );
  });

  it('an error keeps its status without a body: 404, 401, 405', async () => {
    const { send, mock } = setup();
    const missing = await send('HEAD', '/messages/0198c3a0-0000-7000-8000-000000000000');
    expect([missing.status, await missing.text()]).toEqual([404, '']);
    const anonymous = await mock.fetch(`${mock.baseUrl}/campaigns`, { method: 'HEAD' });
    expect([anonymous.status, await anonymous.text()]).toEqual([401, '']);
    const batch = await send('HEAD', '/campaigns/batch');
    expect([batch.status, batch.headers.get('allow'), await batch.text()]).toEqual([
      405,
      'POST',
      '',
    ]);
  });

  it('through the MSW handlers too', async () => {
    const { mock } = setup();
    const { createHandlers } = await import('../src/msw/index');
    const handler = createHandlers(mock)[0]!;
    const { setupServer } = await import('msw/node');
    const server = setupServer(handler);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const head = await fetch(`${mock.baseUrl}/messages`, {
        method: 'HEAD',
        headers: { 'x-api-key': mock.seedDemo().liveKey },
      });
      expect([head.status, await head.text()]).toEqual([200, '']);
    } finally {
      server.close();
    }
  });
});

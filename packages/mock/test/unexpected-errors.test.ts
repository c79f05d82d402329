/**
 * A bug inside the mock (D118): the test author sees the exception in the error their call throws,
 * and the mock reports it once — to `onError`, `console.error` by default, never silently.
 */
import { MessagingClient, ServerError } from '@msgsvc/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_FRAMES, MAX_MESSAGE } from '../src/http/envelope';
import type { UnexpectedErrorReporter } from '../src/index';
import { createMockService } from './support/mock';

const SEND = { to: '+244923000001', body: 'hi' };

// The planted bug: the router the send operation calls through the world throws.
function plantBug(mock: ReturnType<typeof createMockService>, error: unknown): void {
  mock.world.route = () => {
    throw error;
  };
}

async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => vi.restoreAllMocks());

describe('an unexpected exception inside the mock', () => {
  it('reaches the SDK error with its message and stack, is not retried, and is reported once', async () => {
    const onError = vi.fn<UnexpectedErrorReporter>();
    const mock = createMockService({ onError });
    plantBug(mock, new TypeError("Cannot read properties of undefined (reading 'carrier')"));

    const error = await caught(mock.client().messages.send(SEND));

    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toContain(
      "TypeError: Cannot read properties of undefined (reading 'carrier')",
    );
    expect(error.message).toMatch(/\n {4}at /);
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL_SERVER_ERROR', attempts: 1 });
    expect(onError).toHaveBeenCalledTimes(1);
    const [reported, context] = onError.mock.calls[0]!;
    expect((reported as Error).message).toContain("reading 'carrier'");
    expect(context.request).toMatchObject({ method: 'POST', path: '/c/v1/messages' });
    expect(context.traceId).toBe((error as ServerError).traceId);
  });

  it('is reported to console.error by default, and not at all with onError: false', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const loud = createMockService();
    plantBug(loud, new Error('planted'));
    await caught(loud.client().messages.send(SEND));
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]![0])).toMatch(/POST \/c\/v1\/messages/);

    consoleError.mockClear();
    const quiet = createMockService({ onError: false });
    plantBug(quiet, new Error('planted'));
    const error = await caught(quiet.client().messages.send(SEND));
    expect(error.message).toContain('Error: planted');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('keeps the message bounded and cuts credentials to their prefix', async () => {
    const mock = createMockService({ onError: false });
    plantBug(mock, new Error(`key svc_live_Ab12Cd34Ef56Gh78Ij90 leaked; ${'x'.repeat(5000)}`));
    const response = await mock.fetch(`${mock.baseUrl}/messages`, {
      method: 'POST',
      headers: { 'x-api-key': mock.seedDemo().liveKey, 'content-type': 'application/json' },
      body: JSON.stringify(SEND),
    });
    const body = (await response.json()) as { message: string };
    expect(response.status).toBe(500);
    expect(response.headers.get('x-should-retry')).toBe('false');
    expect(body.message.length).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(body.message).toContain('svc_live_Ab12…');
    expect(body.message).not.toContain('Cd34Ef56');
  });

  it('quotes at most the first few stack frames', async () => {
    const mock = createMockService({ onError: false });
    const deep = new Error('deep');
    deep.stack = `Error: deep\n${Array.from({ length: 30 }, (_, i) => `    at f${i} (/a/b/c/d/e/file.ts:${i}:1)`).join('\n')}`;
    plantBug(mock, deep);
    const error = await caught(mock.client().messages.send(SEND));
    expect(error.message.match(/\n {4}at /g)).toHaveLength(MAX_FRAMES);
    expect(error.message).toContain('at f0 (…/c/d/e/file.ts:0:1)');
    expect(error.message).not.toContain('at f5 ');
  });

  it('a thrown value that is not an Error is still named', async () => {
    const mock = createMockService({ onError: false });
    plantBug(mock, 'a string, thrown');
    const error = await caught(mock.client().messages.send(SEND));
    expect(error.message).toContain('a string, thrown');
  });

  it('an onError that throws does not break the answer', async () => {
    const mock = createMockService({
      onError: () => {
        throw new Error('reporter broke');
      },
    });
    plantBug(mock, new Error('planted'));
    const error = await caught(mock.client().messages.send(SEND));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toContain('planted');
  });

  it('after an injected latency the failure is described and reported the same way', async () => {
    const onError = vi.fn<UnexpectedErrorReporter>();
    const mock = createMockService({ onError });
    mock.control.addLatency({ operation_id: 'sendMessage', ms: 1 });
    plantBug(mock, new Error('late bug'));
    const client = new MessagingClient({
      apiKey: mock.seedDemo().liveKey,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
    });
    const error = await caught(client.messages.send(SEND));
    expect(error.message).toContain('Error: late bug');
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

/**
 * The SDK's tests run against the mock with the contract check installed (every response the mock
 * produces is validated against `openapi/openapi.yaml`), on its virtual clock: the client's sleep
 * advances the clock, so waiting drives the simulation and no test waits in real time.
 */
import { createMockService as create, type MockServiceOptions } from '@msgsvc/mock';
import { type ClientOptions, MessagingClient } from '@msgsvc/sdk';
import { assertOnContract } from '../../../../openapi/test/support/response-check';

/** `createMockService` from `@msgsvc/mock`, with every response validated against the contract. */
export function createMockService(options: MockServiceOptions = {}) {
  return create({ ...options, observe: assertOnContract });
}

/** A mock service with the contract check. */
export type Mock = ReturnType<typeof createMockService>;

/** `n` distinct valid Unitel numbers (`+244 923 …`), in E.164. */
export function numbers(n: number, start = 1): string[] {
  return Array.from({ length: n }, (_, i) => `+244923${String(start + i).padStart(6, '0')}`);
}

/** A sleep that records what it was asked and advances the mock's clock instead of waiting. */
export function virtualSleep(mock: Mock) {
  const calls: number[] = [];
  const sleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
    calls.push(ms);
    if (signal?.aborted) throw signal.reason;
    mock.clock.advance(Math.ceil(ms));
  };
  return { sleep, calls };
}

/** A demo world and a client on it, driven by the mock's clock. */
export function setup(options: ClientOptions = {}) {
  const mock = createMockService();
  const demo = mock.seedDemo();
  const { sleep, calls: sleeps } = virtualSleep(mock);
  const client = new MessagingClient({
    apiKey: demo.liveKey,
    baseUrl: mock.baseUrl,
    fetch: mock.fetch,
    sleep,
    now: () => mock.clock.now().getTime(),
    ...options,
  });
  return { mock, demo, client, sleeps };
}

/** A JSON response as the service would answer it (for fetch stubs). */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The service's error envelope (for fetch stubs). */
export function envelope(status: number, code: string, extra: Record<string, unknown> = {}) {
  return {
    code,
    message: `${code} from a stub`,
    status,
    trace_id: '0af7651916cd43dd8448eb211c80319c',
    timestamp: '2026-01-01T09:00:00.000000+00:00',
    service: 'core',
    ...extra,
  };
}

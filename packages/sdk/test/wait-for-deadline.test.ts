/**
 * `waitFor`'s `timeout` bounds the wait on the client's clock and on the wall clock alike and ends
 * it with `WaitTimeoutError`; a poll that fails for a passing reason does not end it, and a
 * `Retry-After` is honoured within the deadline (D84).
 */
import {
  AbortError,
  type ClientOptions,
  MessagingClient,
  NotFoundError,
  ServerError,
  TimeoutError,
  WaitTimeoutError,
} from '@msgsvc/sdk';
import { describe, expect, it } from 'vitest';
import { timedAgainstLoop } from './support/loop-delay';
import { envelope, jsonResponse } from './support/mock';

const BASE_URL = 'http://127.0.0.1:4780/c/v1';
const KEY = 'svc_test_abcdefghijklmnop0123';

/** A client on a virtual clock: `sleep` moves it, nothing else does. */
function virtual(fetch: ClientOptions['fetch'], options: ClientOptions = {}) {
  const clock = { now: Date.parse('2026-11-25T00:00:00Z'), sleeps: [] as number[], polls: 0 };
  const client = new MessagingClient({
    apiKey: KEY,
    baseUrl: BASE_URL,
    now: () => clock.now,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      clock.sleeps.push(ms);
      clock.now += ms;
    },
    fetch: (request, init) => {
      clock.polls++;
      return fetch!(request, init);
    },
    ...options,
  });
  return { client, clock };
}

const never = () => new Promise<Response>(() => {});

describe('waitFor on a virtual clock', () => {
  it('polls that hang end the wait at its timeout in real time while the clock stands still', async () => {
    // The reported case, scaled down: attempts time out (100 ms) well before the wait (1.5 s) and
    // the virtual clock does not move. It ended with the poll's TimeoutError after 3 attempts.
    const { client } = virtual(never, { timeout: 100, sleep: async () => {} });
    const { ms, heldMs, error } = await timedAgainstLoop(
      client.messages.waitFor('m1', { timeout: 1_500 }),
    );
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).cause).toBeInstanceOf(TimeoutError);
    // Never before its timeout, and at it: the bound grows with the measured event-loop delay,
    // so a starved machine cannot break it.
    expect(ms).toBeGreaterThanOrEqual(1_400);
    expect(ms).toBeLessThan(1_500 + 500 + heldMs);
  });

  it('polls that hang while the virtual clock moves end the wait when it passes the timeout', async () => {
    const { client, clock } = virtual(never, { timeout: 100 });
    const start = clock.now;
    const error = await client.messages.waitFor('m1', { timeout: 1_500 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(clock.now - start).toBeGreaterThanOrEqual(1_500);
  });

  it('a 503 asking for 5 s with 1.5 s left waits until the deadline and ends with WaitTimeoutError', async () => {
    const { client, clock } = virtual(async () =>
      jsonResponse(503, envelope(503, 'SERVICE_UNAVAILABLE'), { 'retry-after': '5' }),
    );
    const start = clock.now;
    const error = await client.messages.waitFor('m1', { timeout: 1_500 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).cause).toBeInstanceOf(ServerError);
    expect(clock.now - start).toBe(1_500);
    expect(clock.polls).toBe(1);
  });

  it('a Retry-After within the deadline is waited for and polling goes on', async () => {
    const { client, clock } = virtual(
      async () =>
        clock.polls === 1
          ? jsonResponse(429, envelope(429, 'RATE_LIMIT_EXCEEDED'), { 'retry-after': '2' })
          : jsonResponse(200, { id: 'm1', status: 'DELIVERED' }),
      { maxRetries: 0 },
    );
    await expect(client.messages.waitFor('m1', { timeout: 10_000 })).resolves.toMatchObject({
      status: 'DELIVERED',
    });
    expect(clock.sleeps).toEqual([2_000]);
  });

  it('a poll refused for good ends the wait with its error', async () => {
    const { client, clock } = virtual(async () => jsonResponse(404, envelope(404, 'NOT_FOUND')));
    await expect(client.messages.waitFor('m1', { timeout: 10_000 })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(clock.polls).toBe(1);
  });

  it('the caller’s abort during a hanging poll is an AbortError, not a timeout', async () => {
    const { client } = virtual(never);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await client.messages
      .waitFor('m1', { timeout: 60_000, signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
  });
});

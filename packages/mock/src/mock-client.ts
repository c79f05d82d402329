/**
 * `mock.client()`: an SDK client wired to a mock service — its key, its `fetch`, its base URL and,
 * on a virtual clock, its time. The SDK waits in three places (retry backoff, `waitFor` polling,
 * `sendBulk` pacing); on the wall clock those waits would outlast a test while the mock's world
 * stands still, so here each wait moves the mock's clock instead.
 */
import { type ClientOptions, MessagingClient } from '@msgsvc/sdk';
import type { FetchFunction } from './fetch';

/** What the client needs of a mock service. */
export interface MockClientHost {
  readonly fetch: FetchFunction;
  readonly baseUrl: string;
  /** `virtual` or `real`, read when the client is built. */
  clockKind(): 'virtual' | 'real';
  /** Moves a virtual clock forward by `ms`, running the work that falls due. */
  advance(ms: number): void;
  /** The world's time, epoch milliseconds. */
  now(): number;
  /** The demo world's live key (seeding the demo world first if needed). */
  demoKey(): string;
}

/**
 * Builds the client. Options win over the mock's wiring, except those given as `undefined` (so
 * that `{ apiKey: process.env.KEY }` with no such variable still gets the demo key).
 */
export function createMockClient(
  host: MockClientHost,
  options: ClientOptions = {},
): MessagingClient {
  const given = Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as ClientOptions;
  const wiring: ClientOptions = {
    apiKey: given.apiKey ?? host.demoKey(),
    baseUrl: host.baseUrl,
    fetch: host.fetch,
    // On a real clock (the server's) the client keeps real time: the world follows it anyway.
    ...(host.clockKind() === 'virtual' ? { sleep: virtualSleep(host), now: () => host.now() } : {}),
  };
  return new MessagingClient({ ...wiring, ...given });
}

/**
 * A sleep that moves the virtual clock by `ms` (whole milliseconds, at least 0), running the work
 * that falls due, and then resolves; an aborted signal rejects it with the signal's reason without
 * moving the clock. It never touches a timer, so it works under fake timers too.
 */
function virtualSleep(host: MockClientHost) {
  return async (ms: number, signal?: AbortSignal): Promise<void> => {
    signal?.throwIfAborted();
    host.advance(Number.isFinite(ms) && ms > 0 ? Math.ceil(ms) : 0);
  };
}

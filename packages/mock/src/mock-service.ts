/**
 * `createMockService`: one in-memory messaging service with everything a test needs — a `fetch`
 * function, MSW handlers, clock controls and the control API. Separate services share nothing.
 */
import type { RequestHandler } from 'msw';
import { createFetch, type FetchFunction } from './adapters/fetch';
import { createMswHandlers } from './adapters/msw';
import { type ControlApi, createControlApi } from './control-api';
import { type Clock, DEFAULT_START_TIME, VirtualClock } from './domain/clock';
import { type DemoWorld, seedDemoWorld } from './domain/demo-world';
import { advance, runDue, runUntilIdle } from './domain/engine';
import { World, type WorldOptions } from './domain/world';
import { handleRequest } from './http/pipeline';
import type { HttpRequest, HttpResponse } from './http/types';

/** Options of {@link createMockService}. */
export interface MockServiceOptions extends Omit<WorldOptions, 'clock'> {
  /**
   * Base URLs the MSW handlers answer (every path on each origin). Default
   * `['http://127.0.0.1:4010/c/v1']`, the contract's default server.
   */
  readonly baseUrls?: readonly string[];
  /** A clock; default a virtual clock starting at {@link DEFAULT_START_TIME}. */
  readonly clock?: Clock;
  /** Seed the demo world at creation (and again after each `reset`). Default false. */
  readonly demo?: boolean;
  /**
   * Called with every request and its response, after the response is built (a request log, or a
   * contract check in a test suite). An exception it throws reaches the caller of `fetch`.
   */
  readonly observe?: (request: HttpRequest, response: HttpResponse) => void;
}

/** Clock controls of a mock service. */
export interface ClockControls {
  /** The world's current time. */
  now(): Date;
  /** Moves a virtual clock forward, running due work in order. Returns how many tasks ran. */
  advance(ms: number): number;
  /** Runs all pending work on a virtual clock (up to 30 days ahead). Returns how many tasks ran. */
  runUntilIdle(): number;
  /** Runs work due now (for real clocks). */
  runDue(): number;
  /** How many background tasks are pending. */
  pending(): number;
}

/** A mock messaging service. */
export interface MockService {
  /** A fetch-compatible function: `createClient({ fetch: mock.fetch })`. */
  readonly fetch: FetchFunction;
  /** MSW handlers: `setupServer(...mock.handlers)`. */
  readonly handlers: RequestHandler[];
  /** The first base URL, e.g. `http://127.0.0.1:4010/c/v1`. */
  readonly baseUrl: string;
  readonly clock: ClockControls;
  /** Creates organizations, keys, sender IDs, contacts; reads state. */
  readonly control: ControlApi;
  /** The underlying world (for advanced use: domain functions take it). */
  readonly world: World;
  /** Handles one request given as plain data (what every adapter calls). */
  handle(request: HttpRequest): HttpResponse;
  /** Seeds the demo organization, keys and sender ID, and returns them. */
  seedDemo(): DemoWorld;
  /** Replaces the world with a fresh one built from the same options. */
  reset(): void;
}

/**
 * Creates an in-memory messaging service.
 *
 * @example
 * ```ts
 * import { createMockService } from '@msgsvc/mock';
 * import { MessagingClient } from '@msgsvc/sdk';
 *
 * const mock = createMockService();
 * const demo = mock.seedDemo();
 * const client = new MessagingClient({ apiKey: demo.liveKey, baseUrl: mock.baseUrl, fetch: mock.fetch });
 * const { campaign_id } = await client.campaigns.sendBatch({
 *   remitter_id: demo.remitter.id, channel_type: 'SMS', content: 'Hello!',
 *   recipients: ['+244923000001', '+244923000002'],
 * });
 * mock.clock.runUntilIdle();
 * ```
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const build = () => new World({ ...options, clock: options.clock ?? new VirtualClock() });
  let world = build();
  let demo: DemoWorld | undefined;
  if (options.demo === true) demo = seedDemoWorld(world);

  const observe = options.observe;
  const handle = (request: HttpRequest) => {
    const response = handleRequest(world, request);
    observe?.(request, response);
    return response;
  };
  const baseUrls = options.baseUrls ?? ['http://127.0.0.1:4010/c/v1'];

  return {
    fetch: createFetch(handle),
    handlers: createMswHandlers(baseUrls, handle),
    baseUrl: baseUrls[0]!,
    clock: {
      now: () => new Date(world.now()),
      advance: (ms) => advance(world, ms),
      runUntilIdle: () => runUntilIdle(world),
      runDue: () => runDue(world),
      pending: () => world.scheduler.size,
    },
    control: createControlApi(() => world),
    get world() {
      return world;
    },
    handle,
    seedDemo() {
      demo ??= seedDemoWorld(world);
      return demo;
    },
    reset() {
      world = build();
      demo = options.demo === true ? seedDemoWorld(world) : undefined;
    },
  };
}

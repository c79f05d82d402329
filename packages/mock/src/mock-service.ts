/** `createMockService`: one in-memory messaging service. Separate services share nothing. */
import { type ClientOptions, MessagingClient } from '@msgsvc/sdk';
import { signWebhook } from '@msgsvc/sdk/webhooks';
import { createMockControl } from './control/index';
import type { MockControl, SnapshotControls, WebhookListener } from './control/mock-control';
import { type Clock, RealClock, VirtualClock } from './domain/core/clock';
import { errorMessage, isThenable } from './domain/core/platform-checks';
import {
  advance,
  type ClockRun,
  IDLE_HORIZON_MS,
  runDue,
  runUntil,
  runUntilIdle,
} from './domain/engine/engine';
import { restoreWorld, snapshotWorld, type WorldSnapshot } from './domain/engine/snapshot';
import { World, type WorldOptions } from './domain/engine/world';
import { rekeyApiKeys } from './domain/tenancy/api-keys';
import { type DemoWorld, seedDemoWorld } from './domain/tenancy/demo-world';
import { resecretWebhooks } from './domain/tenancy/organizations';
import { newSecretStream } from './domain/tenancy/secret-bytes';
import { readAnswerBody } from './domain/webhooks/answer-body';
import type { AttemptResult, WebhookTransport } from './domain/webhooks/webhooks';
import { createFetch, type FetchFunction } from './fetch';
import { consoleReporter, type UnexpectedErrorReporter } from './http/envelope';
import { handleRequest } from './http/pipeline';
import type { HttpRequest, HttpResponse } from './http/types';

/** Options of {@link createMockService}. */
export interface MockServiceOptions extends Omit<WorldOptions, 'clock'> {
  /**
   * Base URLs the mock answers (`@msgsvc/mock/msw` handlers intercept every path on each origin). Default
   * `['http://127.0.0.1:4780/c/v1']`, the contract's default server.
   */
  readonly baseUrls?: readonly string[];
  /** A clock; default a virtual clock starting at {@link MockServiceOptions.startTime}. */
  readonly clock?: Clock;
  /**
   * Where the default virtual clock starts, and starts again after `reset()` (epoch milliseconds
   * or a `Date`). Default 2026-01-01T09:00:00Z, so in-process runs are reproducible; the server
   * starts at the wall clock's second instead. Ignored when `clock` is given.
   */
  readonly startTime?: number | Date;
  /**
   * The wall clock (epoch milliseconds) that dates each webhook attempt's `webhook-timestamp`, so
   * any Standard Webhooks verifier accepts it. Default `Date.now()`, read at each attempt (so fake
   * timers apply); pin it to compare signatures across runs.
   */
  readonly wallClock?: () => number;
  /** Seed the demo world at creation (and again after each `reset`). Default false. */
  readonly demo?: boolean;
  /**
   * Called with every request and its response, after the response is built (a request log, or a
   * contract check in a test suite). An exception it throws reaches the caller of `fetch`.
   */
  readonly observe?: (request: HttpRequest, response: HttpResponse) => void;
  /**
   * Told once of each exception the mock did not expect (a bug in the mock), with the request it
   * broke and the trace id of the 500 that answered it. Default `console.error`; `false`: silent.
   */
  readonly onError?: false | UnexpectedErrorReporter;
  /**
   * The `fetch` used to deliver webhooks to URL endpoints. Default `globalThis.fetch`. It is called
   * with `redirect: 'manual'`, and must honour it: a 3xx answer is a failed attempt.
   */
  readonly webhookFetch?: typeof fetch;
  /**
   * Headers added to every webhook delivery, after the signed ones (which they cannot replace).
   * The server names each delivery's world with `x-msgsvc-mock-world`.
   */
  readonly webhookHeaders?: Readonly<Record<string, string>>;
}

/** Clock controls of a mock service. */
export interface ClockControls {
  /** The world's current time. */
  now(): Date;
  /** Moves a virtual clock forward, running due work in order. Returns how many tasks ran. */
  advance(ms: number): number;
  /**
   * Runs pending work on a virtual clock, each task at its own time, until no work is left (at
   * most 30 days ahead). Housekeeping — a message with no receipt expiring when its 48 h validity
   * period ends — is left pending, so the clock never jumps past a window a test relies on (the
   * 24 h idempotency window, say). Says how many tasks ran, how far the clock moved and how many
   * tasks are left; `runUntil` or `advance` runs the rest.
   *
   * @example
   * ```ts
   * await client.messages.send({ to: '+244923000001', body: 'Olá' });
   * const { elapsedMs } = mock.clock.runUntilIdle(); // dispatch and receipt: seconds, not days
   * ```
   */
  runUntilIdle(): ClockRun;
  /**
   * Runs every task, housekeeping included, until a `Date` (the clock ends exactly there) or until
   * a condition holds (checked before the first task and after each one).
   *
   * @throws Error when the condition does not hold with nothing left to run, or within 30 days.
   * @example
   * ```ts
   * mock.clock.runUntil(() => mock.control.message(id).status === 'EXPIRED'); // 48 h later
   * mock.clock.runUntil(new Date('2026-01-03T09:00:00Z'));
   * ```
   */
  runUntil(until: Date | (() => boolean)): ClockRun;
  /**
   * Like `runUntilIdle`, and also waits for webhook deliveries in flight (signing and sending are
   * asynchronous) and runs the retries they schedule, each at its own time, until no work is left.
   */
  settle(): Promise<ClockRun>;
  /** Runs work due now (for real clocks). */
  runDue(): number;
  /** How many background tasks are pending. */
  pending(): number;
}

/** A mock messaging service: its world can be reset, snapshot and restored. */
export interface MockService extends SnapshotControls {
  /** A fetch-compatible function: `createClient({ fetch: mock.fetch })`. */
  readonly fetch: FetchFunction;
  /** The base URLs the mock answers (see the option); the first is {@link MockService.baseUrl}. */
  readonly baseUrls: readonly string[];
  /** The first base URL, e.g. `http://127.0.0.1:4780/c/v1`. */
  readonly baseUrl: string;
  /** Moves the world's time and runs background work (processing, dispatch, receipts, webhooks). */
  readonly clock: ClockControls;
  /** Creates organizations, keys, sender IDs, contacts, faults, webhooks; reads state. */
  readonly control: MockControl;
  /**
   * The underlying world (for advanced use: domain functions take it, and change it). A tool that
   * only reads it takes `readonlyWorld(mock)` of `@msgsvc/mock/port`, the same world typed
   * read-only.
   */
  readonly world: World;
  /**
   * Handles one request given as plain data (what every adapter calls). Synchronous unless an
   * injected latency fault delays the answer.
   */
  handle(request: HttpRequest): HttpResponse | Promise<HttpResponse>;
  /**
   * An SDK client wired to this mock: the demo world's live key (seeded if need be) or
   * `options.apiKey`, the mock's `fetch` and base URL, and on a virtual clock the mock's time: an
   * SDK wait (retry backoff, `waitFor` polling) moves that clock. `options` override the wiring.
   */
  client(options?: ClientOptions): MessagingClient;
  /** Seeds the demo organization, keys and sender ID, and returns them. */
  seedDemo(): DemoWorld;
  /** An independent service starting from this one's current state (same options). */
  fork(): MockService;
}

/**
 * Creates an in-memory messaging service.
 *
 * @example
 * ```ts
 * import { createMockService } from '@msgsvc/mock';
 *
 * const mock = createMockService();
 * const demo = mock.seedDemo();
 * const client = mock.client(); // the demo key, mock.fetch, and waits on the virtual clock
 * const { campaign_id } = await client.campaigns.sendBatch({
 *   remitter_id: demo.sender.id, channel_type: 'SMS', content: 'Hello!',
 *   recipients: ['+244923000001', '+244923000002'],
 * });
 * const campaign = await client.campaigns.waitFor(campaign_id); // COMPLETED, in virtual time
 * ```
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  return createService(options, undefined);
}

function createService(options: MockServiceOptions, from: WorldSnapshot | undefined): MockService {
  const listeners = new Map<string, WebhookListener>();
  const worlds = worldMaker(options, listeners);
  let world = from === undefined ? worlds.build() : worlds.attach(restoreWorld(from));
  let demo = options.demo === true && from === undefined ? seedDemoWorld(world) : undefined;
  const getWorld = () => world;
  const seedDemo = () => (demo ??= seedDemoWorld(world));
  const snapshots: SnapshotControls = {
    reset() {
      world = worlds.build();
      listeners.clear();
      demo = options.demo === true ? seedDemoWorld(world) : undefined;
    },
    snapshot: () => snapshotWorld(world),
    restore(value) {
      // A world on real time stays on real time, resuming at the snapshot's instant.
      const { clock } = world;
      const restarted = clock instanceof RealClock ? clock.restartAt(value.time) : undefined;
      world = worlds.attach(restoreWorld(value, restarted));
    },
  };
  const handle = observedHandler(getWorld, options);
  const fetch = createFetch(handle);
  const baseUrls = options.baseUrls ?? ['http://127.0.0.1:4780/c/v1'];
  const baseUrl = baseUrls[0]!;
  let control: MockControl | undefined;
  return {
    fetch,
    baseUrls,
    baseUrl,
    clock: clockControls(getWorld),
    // Built on first use, like the handlers: a test that only sends requests never pays for it.
    get control() {
      control ??= createMockControl(getWorld, listeners, snapshots);
      return control;
    },
    get world() {
      return world;
    },
    handle,
    client(clientOptions = {}) {
      // An option given as `undefined` (`{ apiKey: process.env.KEY }` unset) keeps the wiring's.
      const given: ClientOptions = Object.fromEntries(
        Object.entries(clientOptions).filter(([, value]) => value !== undefined),
      );
      // No timer on a virtual clock, so fake timers cannot stall a wait; a real clock keeps real time.
      const time =
        world.clock.kind === 'virtual'
          ? {
              sleep: async (ms: number, signal?: AbortSignal) => {
                signal?.throwIfAborted();
                advance(getWorld(), Number.isFinite(ms) && ms > 0 ? Math.ceil(ms) : 0);
              },
              now: () => world.now(),
            }
          : {};
      return new MessagingClient({
        apiKey: given.apiKey ?? seedDemo().liveKey,
        baseUrl,
        fetch,
        ...time,
        ...given,
      });
    },
    seedDemo,
    ...snapshots,
    fork() {
      const { demo: _demo, ...rest } = options;
      return createService(rest, snapshotWorld(world));
    },
  };
}

// Every world the service serves, fresh or restored, delivers webhooks through one transport, and
// carries the service's key namespace: a restored world's keys from elsewhere get its own.
function worldMaker(options: MockServiceOptions, listeners: Map<string, WebhookListener>) {
  const transport = createWebhookTransport(listeners, options);
  const secrets = options.keyNamespace === undefined ? undefined : newSecretStream();
  const attach = (world: World) => {
    world.webhookTransport = transport;
    if (options.keyNamespace !== undefined) {
      world.keyNamespace = options.keyNamespace;
      // The same stream again after a reset: the world's keys and secrets stay its own.
      world.secrets = secrets?.();
      // Keys from elsewhere (a fork, another world's snapshot): its signing secrets are new too.
      if (rekeyApiKeys(world).length > 0) resecretWebhooks(world);
    }
    return world;
  };
  const startTime = options.startTime === undefined ? undefined : Number(options.startTime);
  if (startTime !== undefined && !Number.isFinite(startTime)) {
    throw new RangeError('startTime must be a valid Date or epoch milliseconds.');
  }
  const build = () =>
    attach(new World({ ...options, clock: options.clock ?? new VirtualClock(startTime) }));
  return { build, attach };
}

/** The pipeline against the current world, each exchange reported to `observe` once answered. */
function observedHandler(
  getWorld: () => World,
  { observe, onError }: MockServiceOptions,
): MockService['handle'] {
  const report = onError === false ? undefined : (onError ?? consoleReporter);
  return (request) => {
    const response = handleRequest(getWorld(), request, wallClockDelay, report);
    if (observe === undefined) return response;
    const observed = (settled: HttpResponse) => {
      observe(request, settled);
      return settled;
    };
    return isThenable(response) ? response.then(observed) : observed(response);
  };
}

/** `mock.clock`: the engine's ways of moving time, on whichever world is current. */
function clockControls(getWorld: () => World): ClockControls {
  return {
    now: () => new Date(getWorld().now()),
    advance: (ms) => advance(getWorld(), ms),
    runUntilIdle: () => runUntilIdle(getWorld()),
    runUntil: (until) => runUntil(getWorld(), until),
    settle: () => settle(getWorld),
    runDue: () => runDue(getWorld()),
    pending: () => getWorld().scheduler.size,
  };
}

/**
 * Instant by instant, waiting for the deliveries in flight before moving on: a retry or the next
 * delivery of a message then runs at its own time on the clock, not after the rest of the queue
 * has moved the clock past it. Housekeeping is left, as in runUntilIdle.
 */
async function settle(getWorld: () => World): Promise<ClockRun> {
  let tasksRun = 0;
  const start = getWorld().now();
  const limit = start + IDLE_HORIZON_MS;
  for (;;) {
    const world = getWorld();
    if (world.inFlight.size > 0) {
      await Promise.all([...world.inFlight]);
      continue;
    }
    const at = world.scheduler.peekTime();
    if (world.scheduler.work === 0 || at === undefined || at > limit) {
      return { tasksRun, elapsedMs: world.now() - start, pending: world.scheduler.size };
    }
    tasksRun += advance(world, Math.max(0, at - world.now()));
  }
}

/**
 * Signs each attempt with the SDK's Standard Webhooks signer and hands it to the endpoint's
 * in-process listener or POSTs it to its URL (10 s timeout, redirects not followed). The
 * signature's timestamp is the wall clock's second of sending, not the world's time: it says
 * when the request was made, as a `Date` header would, and receivers compare it with their own clock.
 */
function createWebhookTransport(
  listeners: ReadonlyMap<string, WebhookListener>,
  { webhookFetch, webhookHeaders, wallClock = () => Date.now() }: MockServiceOptions,
): WebhookTransport {
  return async (delivery, endpoint) => {
    const signedAt = Math.floor(wallClock() / 1000);
    const signed = await signWebhook({
      id: delivery.id,
      timestamp: signedAt,
      body: delivery.body,
      secret: endpoint.secret,
    });
    const headers = { ...webhookHeaders, ...signed, 'content-type': 'application/json' };
    // Latency is the wall-clock time the receiver took to answer, on a monotonic clock.
    const started = performance.now();
    const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
    const send = async (): Promise<AttemptResult> => {
      if (endpoint.url === null) {
        const listener = listeners.get(endpoint.id);
        if (listener === undefined)
          return { status: null, error: 'No listener is registered for this endpoint.' };
        const status = await listener({ headers, body: delivery.body });
        return { status: status ?? 200, error: null, durationMs: elapsed() };
      }
      const response = await (webhookFetch ?? fetch)(endpoint.url, {
        method: 'POST',
        headers,
        body: delivery.body,
        // Never followed: a followed 301/302 turns the POST into an unsigned GET, a 307/308
        // re-sends the signed event to whatever host `Location` names.
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      const durationMs = elapsed();
      // The first 2 KiB of the answer, within the same 10 s; the status decides either way.
      const answer = await readAnswerBody(response.body);
      // A browser's fetch hides a manual redirect behind an opaque status 0 and no headers.
      if (response.type === 'opaqueredirect') {
        return {
          status: null,
          error: 'The endpoint answered a redirect, which is not followed.',
          durationMs,
        };
      }
      const location =
        response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      return {
        status: response.status,
        error: null,
        location,
        durationMs,
        ...(answer === undefined ? {} : { answer }),
      };
    };
    try {
      return { ...(await send()), signedAt };
    } catch (error) {
      return {
        status: null,
        error: errorMessage(error),
        signedAt,
        durationMs: elapsed(),
      };
    }
  };
}

// Injected latency is wall-clock time: it exists to make a client's timeout or a concurrent
// duplicate observable, which virtual time cannot do.
function wallClockDelay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

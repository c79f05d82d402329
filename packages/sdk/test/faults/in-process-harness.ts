/**
 * The in-process mode: the mock service in this process, a faulty `fetch` around `mock.fetch`,
 * and the SDK client on it. The client's sleep advances the mock's virtual clock; its `now` is the
 * wall clock (see {@link TIMING}).
 */
import { createMockService } from '@msgsvc/mock';
import { MessagingClient } from '@msgsvc/sdk';
import { CallTimeline } from './call-timeline';
import type { FaultPlan } from './fault-plan';
import { createFaultyFetch } from './faulty-fetch';
import { type FaultHarness, TIMING } from './harness';

/** Starts the in-process mode for `plan`. */
export async function startInProcess(plan: FaultPlan): Promise<FaultHarness> {
  const mock = createMockService({ seed: plan.seed });
  const demo = mock.seedDemo();
  // The plan is the only source of 429s: the service's own limits would blur its counts.
  mock.control.configureRateLimits(false);
  const faulty = createFaultyFetch((request) => mock.fetch(request), plan, TIMING.timeout);
  const sleep = async (ms: number, signal?: AbortSignal) => {
    if (signal?.aborted) throw signal.reason;
    mock.clock.advance(Math.ceil(ms));
  };
  const options = { apiKey: demo.liveKey, baseUrl: mock.baseUrl, sleep, now: Date.now };
  const timeline = new CallTimeline();
  return {
    mode: 'in-process',
    plan,
    client: new MessagingClient({
      ...options,
      fetch: faulty.fetch,
      timeout: TIMING.timeout,
      totalTimeout: TIMING.totalTimeout,
      maxRetries: TIMING.maxRetries,
      ...timeline.hooks(),
    }),
    timeline,
    clean: new MessagingClient({ ...options, fetch: (request) => mock.fetch(request) }),
    remitterId: demo.sender.id,
    liveKey: demo.liveKey,
    drain: () => faulty.drain(),
    settle: async () => {
      mock.clock.runUntilIdle();
    },
    snapshot: async () => mock.snapshot(),
    ledgerOk: async () => mock.control.checkLedger().every((check) => check.ok),
    close: async () => {},
  };
}

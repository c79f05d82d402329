/**
 * The over-HTTP mode: `msgsvc-mock serve` as a real process on a virtual clock, the seeded fault
 * proxy in front of it, and the SDK client on the global `fetch` (undici, keep-alive) through the
 * proxy. The client's sleep advances the server's clock through the control API; its `now` is the
 * wall clock (see {@link TIMING}). Everything the checks read comes from the control API: the
 * world's snapshot and the ledger check.
 */
import type { WorldSnapshot } from '@msgsvc/mock';
import { MessagingClient } from '@msgsvc/sdk';
import { startMockProcess as startCli } from '../support/mock-process';
import { CallTimeline } from './call-timeline';
import type { FaultPlan } from './fault-plan';
import { startFaultProxy } from './fault-proxy';
import { type FaultHarness, TIMING } from './harness';

/** Starts the server process and the proxy for `plan`. */
export async function startOverHttp(plan: FaultPlan): Promise<FaultHarness> {
  const cli = await startCli([
    'serve',
    '--port',
    '0',
    '--json',
    '--clock',
    'virtual',
    '--seed',
    String(plan.seed),
  ]);
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${cli.origin}/__mock${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} /__mock${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  let proxy: Awaited<ReturnType<typeof startFaultProxy>> | undefined;
  try {
    // The plan is the only source of 429s: the service's own limits would blur its counts.
    await control('PUT', '/rate-limits', { disabled: true });
    proxy = await startFaultProxy(cli.origin, plan, TIMING.timeout);
  } catch (error) {
    await cli.stop();
    throw error;
  }
  // Moves the server's clock; gives up at once when the caller aborts (the advance still lands).
  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => reject(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      control('POST', '/clock/advance', { ms: Math.ceil(ms) })
        .then(() => resolve(), reject)
        .finally(() => signal?.removeEventListener('abort', onAbort));
    });
  const options = { apiKey: cli.info.live_key, sleep, now: Date.now };
  const open = proxy;
  const timeline = new CallTimeline();
  return {
    mode: 'over HTTP',
    plan,
    client: new MessagingClient({
      ...options,
      baseUrl: `${open.origin}/c/v1`,
      timeout: TIMING.timeout,
      totalTimeout: TIMING.totalTimeout,
      maxRetries: TIMING.maxRetries,
      ...timeline.hooks(),
    }),
    timeline,
    clean: new MessagingClient({ ...options, baseUrl: `${cli.origin}/c/v1` }),
    remitterId: cli.info.sender_id.id,
    liveKey: cli.info.live_key,
    drain: () => open.drain(),
    settle: async () => {
      await control('POST', '/clock/run-until-idle');
    },
    snapshot: async () => {
      const { id } = await control('POST', '/snapshots', { name: 'fault suite' });
      return (await control('GET', `/snapshots/${id}`)) as unknown as WorldSnapshot;
    },
    ledgerOk: async () => (await control('GET', '/ledger/check')).ok === true,
    close: async () => {
      await open.close();
      await cli.stop();
    },
  };
}

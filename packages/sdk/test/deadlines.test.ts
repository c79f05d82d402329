/**
 * The shared deadline timer (internal/deadlines.ts): concurrent attempts each end at their own
 * limit, a finished call leaves nothing that keeps the process alive, and a pending one keeps it
 * alive (a stalled custom fetch holds nothing else open).
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { MessagingClient, TimeoutError } from '@msgsvc/sdk';
import { describe, expect, it } from 'vitest';
import { timedAgainstLoop } from './support/loop-delay';

const BASE_URL = 'http://127.0.0.1:4780/c/v1';
const KEY = 'svc_test_abcdefghijklmnop0123';

describe('attempt deadlines', () => {
  it('concurrent attempts each time out at their own limit, in any order of starting', async () => {
    const client = new MessagingClient({
      apiKey: KEY,
      baseUrl: BASE_URL,
      maxRetries: 0,
      fetch: () => new Promise<Response>(() => {}),
    });
    const started = performance.now();
    const limits = [120, 40, 80, 40, 160];
    const { value: ended = [], heldMs } = await timedAgainstLoop(
      Promise.all(
        limits.map((timeout) =>
          client.messages.retrieve('m1', { timeout }).then(
            () => Number.NaN,
            (error: unknown) => {
              expect(error).toBeInstanceOf(TimeoutError);
              return performance.now() - started;
            },
          ),
        ),
      ),
    );
    // Each ends at its own limit: never before it, and in the order of the limits (Node fires
    // timers in order of expiry), so a shared or swapped deadline fails. The upper bound grows
    // with the measured event-loop delay: a starved machine delays every timer by that much.
    ended.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(limits[i]! - 5);
      expect(ms).toBeLessThan(limits[i]! + 150 + heldMs);
      limits.forEach((other, j) => {
        // Timers due in the same turn of a blocked loop settle within a fraction of a ms, in any order.
        if (limits[i]! < other)
          expect(ms, `${limits[i]} ms before ${other} ms`).toBeLessThan(ended[j]! + 5);
      });
    });
  });

  it('a finished call does not keep the process alive for its attempt timeout', () => {
    // A ten-minute attempt timeout: a process kept alive by it outlives the parent's patience
    // (a minute, for a starved machine to start tsx) by far, and is killed instead of exiting 0.
    const script = `
      import { MessagingClient } from './packages/sdk/src/index.ts';
      const client = new MessagingClient({
        apiKey: '${KEY}',
        baseUrl: '${BASE_URL}',
        timeout: 600_000,
        fetch: async () => new Response('{"id":"m1"}', { headers: { 'content-type': 'application/json' } }),
      });
      await client.messages.retrieve('m1');
      console.log('done');
    `;
    const run = runScript(script, 60_000);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('done');
    expect(run.signal).toBe(null);
    expect(run.status).toBe(0);
  }, 90_000);
});

describe('a retry’s wait counts against totalTimeout', () => {
  // 503 until the end: every attempt asks for a retry after the backoff.
  const unavailable = async () =>
    new Response('{"error":{"code":"SERVICE_UNAVAILABLE","message":"busy"}}', {
      status: 503,
      headers: { 'content-type': 'application/json' },
    });

  it('a sleep that never ends ends the call at its deadline, with the attempts made', async () => {
    const signals: AbortSignal[] = [];
    const errors: unknown[] = [];
    const client = new MessagingClient({
      apiKey: KEY,
      baseUrl: BASE_URL,
      totalTimeout: 2_000,
      maxRetries: 3,
      fetch: unavailable,
      // A virtual clock advanced over HTTP on a starved machine: the wait outlives its delay.
      sleep: (_ms, signal) => {
        if (signal !== undefined) signals.push(signal);
        return new Promise<void>(() => {});
      },
      onError: (event) => errors.push(event.error),
    });
    const { ms, heldMs, error } = await timedAgainstLoop(
      client.messages.send({ to: '+244923000001', body: 'x' }, { idempotencyKey: 'k-sleep' }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ option: 'totalTimeout', attempts: 1, idempotencyKey: 'k-sleep' });
    expect(errors).toEqual([error]);
    // Ends at the deadline, not before it and not with the sleep (which never ends).
    expect(ms).toBeGreaterThanOrEqual(1_990);
    expect(ms).toBeLessThan(2_000 + 1_000 + heldMs);
    // The sleep was told to stop, so a sleep that honours its signal clears its own timer.
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(true);
  });

  it('counts the time before the first attempt: reading the body to send is part of the call', async () => {
    let clock = 1_000_000;
    let fetched = 0;
    const client = new MessagingClient({
      apiKey: KEY,
      baseUrl: BASE_URL,
      totalTimeout: 2_000,
      now: () => clock,
      fetch: async (input, init) => {
        fetched++;
        return fetchOk(input, init);
      },
    });
    const pending = client.messages.send(
      { to: '+244923000001', body: 'x' },
      { idempotencyKey: 'k-0' },
    );
    // The client's clock moves past the deadline while the transport reads the body (a starved
    // event loop does this to the wall clock).
    clock += 5_000;
    const error = await pending.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ option: 'totalTimeout', attempts: 0, idempotencyKey: 'k-0' });
    expect(fetched).toBe(0);
  });

  it('a sleep that ends in time is waited for, and the retry goes ahead', async () => {
    let calls = 0;
    const client = new MessagingClient({
      apiKey: KEY,
      baseUrl: BASE_URL,
      totalTimeout: 5_000,
      maxRetries: 1,
      fetch: async (input, init) => {
        calls++;
        return calls === 1 ? unavailable() : fetchOk(input, init);
      },
      sleep: async () => {},
    });
    await expect(client.messages.retrieve('m1')).resolves.toMatchObject({ id: 'm1' });
    expect(calls).toBe(2);
  });

  it('the caller’s abort still ends a wait that never ends, as an abort', async () => {
    const controller = new AbortController();
    const client = new MessagingClient({
      apiKey: KEY,
      baseUrl: BASE_URL,
      totalTimeout: 10_000,
      maxRetries: 3,
      fetch: unavailable,
      sleep: () => {
        setTimeout(() => controller.abort(), 20);
        return new Promise<void>(() => {});
      },
    });
    const error = await client.messages
      .retrieve('m1', { signal: controller.signal })
      .catch((failure: unknown) => failure);
    expect(error).toMatchObject({ name: 'AbortError', attempts: 1 });
  });
});

describe('a pending call keeps the process alive', () => {
  it('a send on a stalled custom fetch rejects with its TimeoutError and the catch runs', () => {
    const run = runScript(
      `
      import { MessagingClient } from './packages/sdk/src/index.ts';
      const client = new MessagingClient({
        apiKey: '${KEY}',
        baseUrl: '${BASE_URL}',
        timeout: 300,
        maxRetries: 0,
        fetch: () => new Promise(() => {}),
      });
      try {
        await client.messages.send({ to: '+244923000001', body: 'x' }, { idempotencyKey: 'k-1' });
        console.log('resolved');
      } catch (error) {
        console.log('caught', error.name, error.option, error.idempotencyKey);
        process.exitCode = 3;
      }
      `,
      60_000,
    );
    // Before: Node found nothing keeping it alive and exited 0 with no output at all.
    expect(run.stdout.trim()).toBe('caught TimeoutError timeout k-1');
    expect(run.status).toBe(3);
  }, 90_000);

  it('a call waiting in a sleep that never ends rejects at its totalTimeout and the catch runs', () => {
    const run = runScript(
      `
      import { MessagingClient } from './packages/sdk/src/index.ts';
      const client = new MessagingClient({
        apiKey: '${KEY}',
        baseUrl: '${BASE_URL}',
        totalTimeout: 1_000,
        fetch: async () => new Response('{}', { status: 503 }),
        sleep: () => new Promise(() => {}),
      });
      try {
        await client.messages.send({ to: '+244923000001', body: 'x' }, { idempotencyKey: 'k-2' });
        console.log('resolved');
      } catch (error) {
        console.log('caught', error.name, error.option, error.attempts);
        process.exitCode = 3;
      }
      `,
      60_000,
    );
    // Before: nothing kept Node alive during the wait, and it exited 0 with no output at all.
    expect(run.stdout.trim()).toBe('caught TimeoutError totalTimeout 1');
    expect(run.status).toBe(3);
  }, 90_000);

  it('an untimed attempt on a stalled fetch keeps the process alive instead of exiting 0', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `
      import { MessagingClient } from './packages/sdk/src/index.ts';
      const client = new MessagingClient({
        apiKey: '${KEY}',
        baseUrl: '${BASE_URL}',
        timeout: Infinity,
        fetch: () => new Promise(() => {}),
      });
      console.log('started');
      await client.messages.retrieve('m1');
      console.log('settled');
      `,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = once(child, 'exit');
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    expect(line).toBe('started');
    // Before: Node found nothing keeping it alive and exited 0 at once. Two seconds after the call
    // began it still runs (starvation can delay an exit, never cause one: it cannot fail this).
    const outcome = await Promise.race([exited.then(() => 'exited'), sleep(2_000, 'running')]);
    child.kill('SIGTERM');
    const [, signal] = await exited;
    expect(outcome).toBe('running');
    expect(signal).toBe('SIGTERM');
  }, 90_000);
});

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

// Runs an ES module script from the repository root with tsx and waits for it to end (killed
// after `timeout` ms: patience for a starved machine, never a bound on speed).
function runScript(script: string, timeout: number) {
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout,
  });
}

// A 200 with the message `m1`, for whatever was asked.
async function fetchOk(_input: RequestInfo | URL, _init?: RequestInit): Promise<Response> {
  return new Response('{"id":"m1"}', { headers: { 'content-type': 'application/json' } });
}

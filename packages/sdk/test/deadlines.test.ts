/**
 * The shared deadline timer (internal/deadlines.ts): concurrent attempts each end at their own
 * limit, a finished call leaves nothing that keeps the process alive, and a pending one keeps it
 * alive (a stalled custom fetch holds nothing else open).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MessagingClient, TimeoutError } from '@msgsvc/sdk';
import { describe, expect, it } from 'vitest';

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
    const ended = await Promise.all(
      limits.map((timeout) =>
        client.messages.retrieve('m1', { timeout }).then(
          () => Number.NaN,
          (error: unknown) => {
            expect(error).toBeInstanceOf(TimeoutError);
            return performance.now() - started;
          },
        ),
      ),
    );
    // Each ends at its own limit: never before it, and in the order of the limits (Node fires
    // timers in order of expiry), so a shared or swapped deadline fails. The upper bound is loose:
    // a loaded machine (the gate runs steps side by side) can delay any timer by a few hundred ms.
    ended.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(limits[i]! - 5);
      expect(ms).toBeLessThan(limits[i]! + 1_000);
      limits.forEach((other, j) => {
        // Timers due in the same turn of a blocked loop settle within a fraction of a ms, in any order.
        if (limits[i]! < other)
          expect(ms, `${limits[i]} ms before ${other} ms`).toBeLessThan(ended[j]! + 5);
      });
    });
  });

  it('a finished call does not keep the process alive for its 30 s timeout', () => {
    const script = `
      import { MessagingClient } from './packages/sdk/src/index.ts';
      const client = new MessagingClient({
        apiKey: '${KEY}',
        baseUrl: '${BASE_URL}',
        fetch: async () => new Response('{"id":"m1"}', { headers: { 'content-type': 'application/json' } }),
      });
      await client.messages.retrieve('m1');
      console.log('done');
    `;
    const started = Date.now();
    const run = runScript(script, 20_000);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('done');
    expect(run.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
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
      20_000,
    );
    // Before: Node found nothing keeping it alive and exited 0 with no output at all.
    expect(run.stdout.trim()).toBe('caught TimeoutError timeout k-1');
    expect(run.status).toBe(3);
  }, 30_000);

  it('an untimed attempt on a stalled fetch keeps the process alive instead of exiting 0', () => {
    const run = runScript(
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
      8_000,
    );
    expect(run.stdout.trim()).toBe('started');
    // Still running when the parent gave up on it: killed, not exited.
    expect(run.signal).toBe('SIGTERM');
  }, 30_000);
});

// Runs an ES module script from the repository root with tsx, as a user's process would run.
function runScript(script: string, timeout: number) {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    timeout,
  });
}

/**
 * The shared deadline timer (internal/deadlines.ts): concurrent attempts each end at their own
 * limit, and a finished call leaves nothing that keeps the process alive.
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
    ended.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(limits[i]! - 5);
      expect(ms).toBeLessThan(limits[i]! + 100);
    });
  });

  it('a finished call does not keep the process alive for its 30 s timeout', () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
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
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('done');
    expect(run.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

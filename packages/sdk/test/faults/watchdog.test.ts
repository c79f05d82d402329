/**
 * The fault suite's watchdog: a call that never settles is reported hung, while a call whose
 * timers a held-up event loop made late (a starved machine) is given that much longer.
 */
import { describe, expect, it } from 'vitest';
import { watch } from './watchdog';

describe('the watchdog', () => {
  it('reports a call that never settles as hung, past its limit', async () => {
    const outcome = await watch(() => new Promise<never>(() => {}), 50);
    expect(outcome.status).toBe('hung');
    expect(outcome.ms).toBeGreaterThanOrEqual(50);
  });

  it('gives a call the time the event loop was held up: late in wall time, not hung', async () => {
    const outcome = await watch(
      () =>
        new Promise<string>((resolve) => {
          // Due well within the limit; its answer takes one more turn of the loop.
          setTimeout(() => setImmediate(() => resolve('settled')), 20);
          // The loop is held up past the limit (a starved machine does this to every timer).
          const until = performance.now() + 300;
          while (performance.now() < until) {}
        }),
      50,
    );
    expect(outcome).toMatchObject({ status: 'fulfilled', value: 'settled' });
    expect(outcome.ms).toBeGreaterThanOrEqual(300);
  });
});

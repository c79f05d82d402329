import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The run's time for waiting on the deployment's progress (`--time-budget`), which verify can only
 * poll for. It is the run's, not each wait's: a campaign stuck in `PROCESSING` costs the run its
 * budget once, however many checks wait on it, and the run still reports.
 */
export class WaitBudget {
  #spent = 0;

  /** @param ms The whole budget, in milliseconds. */
  constructor(readonly ms: number) {}

  /**
   * Reads `read` until `done(value)` or the budget is spent (the time between reads, reads
   * included, is charged to it; a first read that is already done costs nothing): the last value
   * read, and whether it was what was waited for.
   */
  async until<T>(
    read: () => Promise<T>,
    done: (value: T) => boolean,
    firstDelay = 100,
  ): Promise<{ value: T; done: boolean }> {
    let value = await read();
    let delay = firstDelay;
    while (!done(value)) {
      const left = this.ms - this.#spent;
      if (left <= 0) return { value, done: false };
      const mark = Date.now();
      await sleep(Math.min(delay, left));
      value = await read();
      this.#spent += Date.now() - mark;
      delay = Math.min(1_000, delay * 1.5);
    }
    return { value, done: true };
  }

  /** The budget in words, for a failure message. */
  describe(): string {
    return `the run's time budget (--time-budget ${Math.round(this.ms / 100) / 10} s of waiting, shared by every check)`;
  }
}

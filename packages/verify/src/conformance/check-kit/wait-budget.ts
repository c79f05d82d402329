/**
 * The run's time for waiting on the deployment's progress (`--time-budget`): one budget for the
 * whole run, drawn on by every poll of every check (see `poll.ts`).
 */

/** The run's time for waiting on the deployment (`--time-budget`), shared by all its polls. */
export class WaitBudget {
  #spent = 0;

  /** @param ms The whole budget, in milliseconds. */
  constructor(readonly ms: number) {}

  /** Milliseconds left to wait. */
  get left(): number {
    return Math.max(0, this.ms - this.#spent);
  }

  /** Counts `ms` spent waiting. */
  spend(ms: number): void {
    this.#spent += Math.max(0, ms);
  }

  /** The budget in words, for a failure message. */
  describe(): string {
    return `the run's time budget (--time-budget ${Math.round(this.ms / 100) / 10} s of waiting, shared by every check)`;
  }
}

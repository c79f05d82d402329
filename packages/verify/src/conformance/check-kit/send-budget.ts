/**
 * The send budget of a verify run: every request that could create messages reserves, before it
 * is made, the number of messages it would create if the service accepted it. A reservation that
 * does not fit is refused, so the run never exceeds `--max-sends` even against a service that
 * accepts what it should refuse.
 */

/** Thrown (and reported as a skip) when a check needs more sends than the budget has left. */
export class BudgetExhausted extends Error {
  override name = 'BudgetExhausted';
}

/** Counts messages a run may have created. */
export class SendBudget {
  #used = 0;

  /** @param max The most messages the run may create (`--max-sends`). */
  constructor(readonly max: number) {}

  /** Messages reserved so far (requests refused with 4xx give theirs back). */
  get used(): number {
    return this.#used;
  }

  /**
   * Reserves `count` messages.
   *
   * @throws {BudgetExhausted} when they do not fit; nothing is reserved then.
   */
  reserve(count: number): void {
    if (this.#used + count > this.max) {
      throw new BudgetExhausted(
        `needs ${count} send(s), ${this.max - this.#used} left of --max-sends ${this.max}`,
      );
    }
    this.#used += count;
  }

  /** Gives back a reservation whose request created nothing (a 4xx answer). */
  release(count: number): void {
    this.#used = Math.max(0, this.#used - count);
  }
}

/**
 * When the proxy reads its copies: once no byte has moved through it for a moment, so
 * that parsing and checking never sit between a busy client's requests, or at once when too much
 * waits (bounded memory), or when asked (closing, a connection that ended).
 */

/** Options of {@link QuietQueue}. */
export interface QuietOptions {
  /** How long traffic must be still before the work runs. */
  readonly quietMs: number;
  /** Run at once when this many requests wait… */
  readonly maxRequests: number;
  /** …or this many bytes. */
  readonly maxBytes: number;
  /** The work: parse and check everything that waits. */
  readonly run: () => void;
}

/** Runs the proxy's deferred work when the traffic is quiet. */
export class QuietQueue {
  readonly #options: QuietOptions;
  #timer: NodeJS.Timeout | undefined;
  /** Something moved since the timer was last armed. */
  #moved = false;
  #requests = 0;
  #bytes = 0;

  constructor(options: QuietOptions) {
    this.#options = options;
  }

  /**
   * Notes traffic: `bytes` kept for later, `requests` heads among them. A flag, not a timer
   * reset: the hot path pays one assignment, and the timer checks the flag when it fires.
   */
  moved(bytes: number, requests: number): void {
    this.#moved = true;
    this.#bytes += bytes;
    this.#requests += requests;
    if (this.#bytes >= this.#options.maxBytes || this.#requests >= this.#options.maxRequests) {
      this.runNow();
    } else if (this.#timer === undefined) {
      this.#timer = setTimeout(this.#tick, this.#options.quietMs);
    }
  }

  /** Makes sure the work runs soon, without counting as traffic. */
  soon(): void {
    this.#timer ??= setTimeout(this.#tick, this.#options.quietMs);
  }

  readonly #tick = () => {
    if (this.#moved) {
      this.#moved = false;
      this.#timer = setTimeout(this.#tick, this.#options.quietMs);
      return;
    }
    this.#timer = undefined;
    this.runNow();
  };

  /** Runs the work now (and forgets the timer). */
  runNow(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#moved = false;
    this.#bytes = 0;
    this.#requests = 0;
    this.#options.run();
  }

  /** Stops the timer (the owner runs the work itself when closing). */
  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

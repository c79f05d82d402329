/**
 * When the proxy reads its copies: once no byte has moved through it for a moment, so
 * that parsing and checking never sit between a busy client's requests, or at once when too much
 * waits (bounded memory), or when asked (closing, a connection that ended).
 */

/** The work runs once no byte moved for this long… */
const QUIET_MS = 2;
/** …or at once when this many requests wait, */
const MAX_REQUESTS = 256;
/** …or this many of their bytes (so the copy's memory is bounded). */
const MAX_BYTES = 16 * 1024 * 1024;

/** Runs the proxy's deferred work when the traffic is quiet. */
export class QuietQueue {
  #timer: NodeJS.Timeout | undefined;
  /** Something moved since the timer was last armed. */
  #moved = false;
  #requests = 0;
  #bytes = 0;

  /** `run`: the work, parsing and checking everything that waits. */
  constructor(readonly run: () => void) {}

  /**
   * Notes traffic: `bytes` kept for later, `requests` heads among them. A flag, not a timer
   * reset: the hot path pays one assignment, and the timer checks the flag when it fires.
   */
  moved(bytes: number, requests: number): void {
    this.#moved = true;
    this.#bytes += bytes;
    this.#requests += requests;
    if (this.#bytes >= MAX_BYTES || this.#requests >= MAX_REQUESTS) {
      this.runNow();
    } else this.soon();
  }

  /** Makes sure the work runs soon, without counting as traffic. */
  soon(): void {
    this.#timer ??= setTimeout(this.#tick, QUIET_MS);
  }

  readonly #tick = () => {
    if (this.#moved) {
      this.#moved = false;
      this.#timer = setTimeout(this.#tick, QUIET_MS);
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
    this.run();
  }
}

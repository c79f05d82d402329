/**
 * A world's source of time: virtual in tests (it moves only when told to, so a test never waits),
 * real in the server (the wall clock, optionally faster).
 */
export interface Clock {
  /** Milliseconds since the Unix epoch, as the world sees it. */
  now(): number;
  /** `virtual` clocks move only through `advance`; `real` ones follow the wall clock. */
  readonly kind: 'virtual' | 'real';
}

/** The default start of a virtual clock: a fixed instant, so timestamps are reproducible. */
export const DEFAULT_START_TIME = Date.UTC(2026, 0, 1, 9, 0, 0);

/** A clock that moves only when the world advances it. */
export class VirtualClock implements Clock {
  readonly kind = 'virtual';

  /** @param current - the first instant, in epoch milliseconds. */
  constructor(private current: number = DEFAULT_START_TIME) {}

  now(): number {
    return this.current;
  }

  /** Moves the clock to `time`; a clock never goes back. */
  set(time: number): void {
    if (time > this.current) this.current = time;
  }
}

/**
 * A clock that follows the wall clock from `start`, `speed` times faster (2 = twice as fast), so a
 * demo can show 48-hour expiries in minutes.
 */
export class RealClock implements Clock {
  readonly kind = 'real';
  private readonly origin: number;
  private readonly wallOrigin: number;

  /**
   * @param speed - how many world milliseconds pass per wall-clock millisecond.
   * @param wallNow - the wall clock (injectable for tests).
   */
  constructor(
    private readonly speed = 1,
    private readonly wallNow: () => number = Date.now,
    start?: number,
  ) {
    this.wallOrigin = wallNow();
    this.origin = start ?? this.wallOrigin;
  }

  now(): number {
    return Math.floor(this.origin + (this.wallNow() - this.wallOrigin) * this.speed);
  }

  /** The same clock (speed, wall clock) restarted at `time`: a restored world resumes from there. */
  restartAt(time: number): RealClock {
    return new RealClock(this.speed, this.wallNow, time);
  }
}

/**
 * The fault suite's seeded random source (mulberry32): the same seed always gives the same plan and
 * workload, so a failing run is replayed with `FAULT_SEED`. Its own, not the mock's: the SDK's tests
 * use the mock only through its public entries.
 */
export class Random {
  #state: number;

  /** @param seed - Any 32-bit integer; equal seeds give equal sequences. */
  constructor(seed: number) {
    this.#state = seed >>> 0;
    // A few rounds spread a small seed, so seeds 1 and 2 diverge at once.
    for (let i = 0; i < 4; i++) this.next();
  }

  /** A number in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
}

/**
 * Tiny benchmark helpers: time a function over many iterations in alternating rounds and report
 * medians, so two candidates measured in the same run see the same machine noise.
 */

/** Nanoseconds per call of `fn`, median over `rounds` rounds of `iterations` calls. */
export async function timePerCall(
  fn: () => unknown | Promise<unknown>,
  iterations: number,
  rounds = 5,
): Promise<number> {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) samples.push(await oneRound(fn, iterations));
  return median(samples);
}

async function oneRound(fn: () => unknown | Promise<unknown>, iterations: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await fn();
  return Number(process.hrtime.bigint() - start) / iterations;
}

/** Calls per block: both sides alternate every this many calls within a round. */
const BLOCK = 200;

/**
 * Measures two functions in interleaved rounds and returns their medians (ns per call). Within a
 * round the two alternate in blocks of {@link BLOCK} calls, so that both see the same moments of a
 * noisy machine: alternating whole rounds let a burst of noise land on one side only (E27).
 */
export async function compare(
  a: () => unknown | Promise<unknown>,
  b: () => unknown | Promise<unknown>,
  iterations: number,
  rounds = 7,
): Promise<{ a: number; b: number; ratio: number }> {
  await warmUp(a, b, Math.min(iterations, 2000));
  const as: number[] = [];
  const bs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let timeA = 0;
    let timeB = 0;
    let calls = 0;
    while (calls < iterations) {
      const block = Math.min(BLOCK, iterations - calls);
      timeA += await oneRound(a, block);
      timeB += await oneRound(b, block);
      calls += block;
    }
    as.push(timeA / Math.ceil(iterations / BLOCK));
    bs.push(timeB / Math.ceil(iterations / BLOCK));
  }
  const ma = median(as);
  const mb = median(bs);
  return { a: ma, b: mb, ratio: ma / mb };
}

/**
 * Measures two functions in `blocks` pairs of blocks of {@link BLOCK} calls, `a` then `b`, and
 * returns the median of the pairs' ratios (with each side's median, ns per call). A ratio taken
 * within a pair sees one moment of the machine, and the median of hundreds of them moves by
 * about 0.01 from run to run where the ratio of seven rounds' medians moved by 0.1 (E77): for a
 * target close to the floor, such as the SDK's 1.1×.
 */
export async function comparePaired(
  a: () => unknown | Promise<unknown>,
  b: () => unknown | Promise<unknown>,
  blocks = 300,
): Promise<{ a: number; b: number; ratio: number }> {
  await warmUp(a, b, 2000);
  const as: number[] = [];
  const bs: number[] = [];
  const ratios: number[] = [];
  for (let k = 0; k < blocks; k++) {
    const timeA = await oneRound(a, BLOCK);
    const timeB = await oneRound(b, BLOCK);
    as.push(timeA);
    bs.push(timeB);
    ratios.push(timeA / timeB);
  }
  return { a: median(as), b: median(bs), ratio: median(ratios) };
}

// Calls both sides `calls` times, alternately, so that both are compiled before anything is timed.
async function warmUp(
  a: () => unknown | Promise<unknown>,
  b: () => unknown | Promise<unknown>,
  calls: number,
): Promise<void> {
  for (let i = 0; i < calls; i++) {
    await a();
    await b();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A percentile (0–100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Formats nanoseconds for people. */
export function fmt(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(1)} µs`;
  return `${ns.toFixed(0)} ns`;
}

/** One line of the report. */
export function report(name: string, value: string, target?: string, ok?: boolean): void {
  const verdict = ok === undefined ? '' : ok ? '  ✓' : '  ✗ (over target)';
  console.log(
    `${name.padEnd(58)} ${value.padEnd(28)}${target ? ` target ${target}` : ''}${verdict}`,
  );
}

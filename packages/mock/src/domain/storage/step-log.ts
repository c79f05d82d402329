/**
 * An append-only log of status steps (a status, the world time it was reached, the error code it
 * carries), for records numbered densely from 0 ("subjects": a message's row in its tenant, a
 * campaign's place in its world). Steps live in typed-array columns, outside the JS heap, and each
 * step points back to the previous step of its subject, so appending costs a few writes and
 * reading one subject's history costs its own steps only, however many others there are (E50).
 */

/** One step of a status history. */
export interface StatusStep<S extends string = string> {
  /** The status reached. */
  readonly status: S;
  /** When, in world time (epoch milliseconds). */
  readonly at: number;
  /** The error code the record carried from this step on, or `null`. */
  readonly errorCode: string | null;
}

/**
 * Error codes as small numbers, shared by every log of a world: a handful of codes covers nearly
 * every step, so a step stores 4 bytes instead of a reference.
 */
export class CodeTable {
  private readonly numbers = new Map<string, number>();
  private readonly codes: string[] = [];

  /** The number of `code` (0 for `null`), added on first sight. */
  numberOf(code: string | null): number {
    if (code === null) return 0;
    let number = this.numbers.get(code);
    if (number === undefined) {
      number = this.codes.push(code);
      this.numbers.set(code, number);
    }
    return number;
  }

  /** The code a number stands for. */
  codeOf(number: number): string | null {
    return number === 0 ? null : this.codes[number - 1]!;
  }
}

/** Steps a new log has room for before it first grows. */
const INITIAL = 16;

/** See the module comment. */
export class StepLog<S extends string> {
  private length = 0;
  private at = new Float64Array(INITIAL);
  private status = new Uint8Array(INITIAL);
  private code = new Uint32Array(INITIAL);
  /** The previous step of the same subject, or -1. */
  private previous = new Int32Array(INITIAL);
  /** Subject → its latest step, or -1. */
  private heads = new Int32Array(INITIAL).fill(-1);

  /**
   * @param statuses - every status a step can name (at most 256), in a fixed order.
   * @param codes - the world's error-code table.
   */
  constructor(
    private readonly statuses: readonly S[],
    private readonly codes: CodeTable,
  ) {}

  /** How many steps the log holds. */
  get size(): number {
    return this.length;
  }

  /** Appends a step to `subject`'s history. */
  append(subject: number, status: S, at: number, errorCode: string | null): void {
    const index = this.statuses.indexOf(status);
    if (index < 0) throw new RangeError(`Unknown status ${status}.`);
    if (subject >= this.heads.length) this.growHeads(subject + 1);
    const step = this.length;
    if (step === this.at.length) this.growSteps();
    this.at[step] = at;
    this.status[step] = index;
    this.code[step] = this.codes.numberOf(errorCode);
    this.previous[step] = this.heads[subject]!;
    this.heads[subject] = step;
    this.length = step + 1;
  }

  /** `subject`'s steps, oldest first (empty when it has none). */
  steps(subject: number): StatusStep<S>[] {
    const steps: StatusStep<S>[] = [];
    if (subject < 0 || subject >= this.heads.length) return steps;
    for (let step = this.heads[subject]!; step >= 0; step = this.previous[step]!) {
      steps.push({
        status: this.statuses[this.status[step]!]!,
        at: this.at[step]!,
        errorCode: this.codes.codeOf(this.code[step]!),
      });
    }
    return steps.reverse();
  }

  /** Bytes the log's columns take (what it costs outside the JS heap). */
  get bytes(): number {
    return (
      this.at.byteLength +
      this.status.byteLength +
      this.code.byteLength +
      this.previous.byteLength +
      this.heads.byteLength
    );
  }

  // Half as much again, not double: a log of a million messages is tens of megabytes, and the
  // copy on growth is paid once per step at most three times over.
  private growSteps(): void {
    const capacity = Math.ceil(this.at.length * 1.5);
    this.at = grown(this.at, new Float64Array(capacity));
    this.status = grown(this.status, new Uint8Array(capacity));
    this.code = grown(this.code, new Uint32Array(capacity));
    this.previous = grown(this.previous, new Int32Array(capacity));
  }

  private growHeads(needed: number): void {
    const heads = new Int32Array(Math.max(needed, Math.ceil(this.heads.length * 1.5))).fill(-1);
    this.heads = grown(this.heads, heads);
  }
}

function grown<T extends Float64Array | Uint8Array | Uint32Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

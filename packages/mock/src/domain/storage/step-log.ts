/**
 * An append-only log of status steps for records numbered densely from 0 ("subjects"). Steps live
 * in typed-array columns, outside the JS heap, each pointing back to its subject's previous step:
 * appending costs a few writes, and reading a history costs its own steps only.
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

  /**
   * Takes `names` as the codes numbered 1, 2, … (a snapshot's table, whose numbers its shared
   * columns use): the table must be empty or already agree.
   */
  adopt(names: readonly string[]): void {
    names.forEach((code, i) => {
      if (this.numberOf(code) !== i + 1)
        throw new Error(`Error code ${code} is numbered differently in this world.`);
    });
  }

  /** Every code, numbered from 1 in this order. */
  names(): string[] {
    return [...this.codes];
  }
}

/**
 * Steps as a snapshot keeps them: JSON-safe columns, one entry per step in recorded order. Statuses
 * and codes index the name lists the columns carry, so a later version may number them otherwise.
 */
export interface SavedColumns<S extends string> {
  /** The statuses `statuses` counts from 0. */
  readonly statusNames: S[];
  /** The error codes `errorCodes` counts from 1 (0: none). */
  readonly codeNames: string[];
  /** Each step's record, by its index in the snapshot's list of those records. */
  readonly subjects: number[];
  /** Each step's status, an index into `statusNames`. */
  readonly statuses: number[];
  /** Each step's world time, epoch milliseconds. */
  readonly at: number[];
  /** Each step's error code: 0 for none, else its place in `codeNames` counted from 1. */
  readonly errorCodes: number[];
}

/** The step columns of {@link SavedColumns}, without the name lists. */
export type StepColumns = Omit<SavedColumns<string>, 'statusNames' | 'codeNames'>;

/** One log's steps as a snapshot holds them in memory (see {@link StepLog.share}). */
export type SharedColumns = ReturnType<StepLog<string>['share']>;

/**
 * Appends shared columns' steps, in recorded order, to `out`'s columns, naming each step's subject
 * `offset + subject`: one pass over the columns, no object per step. Plain arrays filled by push
 * stay packed (one made with 100,000 holes or more is a slow dictionary in V8).
 */
export function exportColumns(shared: SharedColumns, out: StepColumns, offset: number): void {
  const { length, heads, previous } = shared;
  const subjectOf = new Int32Array(length);
  for (let subject = 0; subject < heads.length; subject++) {
    for (let step = heads[subject]!; step >= 0; step = previous[step]!) subjectOf[step] = subject;
  }
  for (let step = 0; step < length; step++) {
    out.subjects.push(subjectOf[step]! + offset);
    out.statuses.push(shared.status[step]!);
    out.at.push(shared.at[step]!);
    out.errorCodes.push(shared.code[step]!);
  }
}

/** Steps a new log has room for before it first grows. */
const INITIAL = 16;

/** See the module comment. */
export class StepLog<S extends string> {
  // Row `heap per stored message` (≤ 400 bytes): 398 with these columns; a plain object per step
  // (three a message) adds 272 bytes a message on the heap.
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

  /** Whether `subject` has a step. */
  has(subject: number): boolean {
    return subject >= 0 && subject < this.heads.length && this.heads[subject]! >= 0;
  }

  /**
   * The log as it stands, for a snapshot to keep without copying a step: views of the columns'
   * first `size` entries and a copy of the heads. The log only writes past its length, so later
   * appends never touch what the views show.
   */
  share() {
    const length = this.length;
    return {
      length,
      at: this.at.subarray(0, length),
      status: this.status.subarray(0, length),
      code: this.code.subarray(0, length),
      previous: this.previous.subarray(0, length),
      heads: this.heads.slice(),
    };
  }

  /**
   * Points this (empty) log at shared columns (see {@link StepLog.share}); their code numbers must
   * be this world's. Copy on write: the views have no room past their length, so the first append
   * grows the columns into new arrays, and the shared ones stay as every snapshot holding them
   * saw them. The heads, written by every append, are copied now.
   */
  adopt(shared: SharedColumns): void {
    if (this.length !== 0) throw new Error('Only an empty log adopts shared columns.');
    this.length = shared.length;
    this.at = shared.at.subarray(0, shared.length);
    this.status = shared.status.subarray(0, shared.length);
    this.code = shared.code.subarray(0, shared.length);
    this.previous = shared.previous.subarray(0, shared.length);
    this.heads = shared.heads.slice();
  }

  /**
   * Appends saved steps `from` to `to` (exclusive), whose subjects are `offset` + a subject below
   * `subjects`, numbering their statuses and codes as this log does: one loop over the columns,
   * sized once, as a restore of a large world needs.
   */
  importRun(
    saved: SavedColumns<S>,
    from: number,
    to: number,
    offset: number,
    subjects: number,
  ): void {
    const statuses = Int32Array.from(saved.statusNames, (name) => {
      const index = this.statuses.indexOf(name);
      if (index < 0) throw new RangeError(`Unknown status ${name}.`);
      return index;
    });
    const codes = new Int32Array(saved.codeNames.length + 1);
    saved.codeNames.forEach((name, i) => {
      codes[i + 1] = this.codes.numberOf(name);
    });
    if (subjects > this.heads.length) this.growHeads(subjects);
    // Room for every step at once, so a restore copies the columns once.
    const needed = this.length + to - from;
    if (needed > this.at.length) this.growSteps(needed);
    const { at, status, code, previous, heads } = this;
    let step = this.length;
    for (let i = from; i < to; i++, step++) {
      const subject = saved.subjects[i]! - offset;
      at[step] = saved.at[i]!;
      status[step] = statuses[saved.statuses[i]!]!;
      code[step] = codes[saved.errorCodes[i]!]!;
      previous[step] = heads[subject]!;
      heads[subject] = step;
    }
    this.length = step;
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

  // Half as much again, not double: a log of a million messages is tens of megabytes, and the
  // copy on growth is paid once per step at most three times over.
  private growSteps(needed = 0): void {
    const capacity = Math.max(needed, INITIAL, Math.ceil(this.at.length * 1.5));
    this.at = grown(this.at, new Float64Array(capacity));
    this.status = grown(this.status, new Uint8Array(capacity));
    this.code = grown(this.code, new Uint32Array(capacity));
    this.previous = grown(this.previous, new Int32Array(capacity));
  }

  private growHeads(needed: number): void {
    const heads = new Int32Array(
      Math.max(needed, INITIAL, Math.ceil(this.heads.length * 1.5)),
    ).fill(-1);
    this.heads = grown(this.heads, heads);
  }
}

function grown<T extends Float64Array | Uint8Array | Uint32Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

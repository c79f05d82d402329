/** One unit of background work, as data, never a closure: pending work survives a snapshot. */
export interface ScheduledTask<T> {
  /** When the task is due, in epoch milliseconds. */
  readonly at: number;
  /** Tie-breaker: tasks due at the same instant run in the order they were scheduled. */
  readonly seq: number;
  readonly task: T;
}

/**
 * A binary min-heap of tasks keyed by `(at, seq)`, which also counts how many of its tasks are work
 * (the rest are housekeeping), so that "is any work left?" costs nothing.
 */
export class Scheduler<T> {
  private heap: ScheduledTask<T>[] = [];
  private nextSeq = 0;
  private workCount = 0;

  /** @param isWork - which tasks are work. */
  constructor(private readonly isWork: (task: T) => boolean) {}

  /** Replaces every pending task with those of {@link Scheduler.toJSON}'s `data`. */
  load(data: { tasks: readonly ScheduledTask<T>[]; nextSeq: number }): void {
    this.heap = [...data.tasks];
    // Bottom-up heapify: linear, and correct whatever order the tasks come in.
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
    this.nextSeq = data.nextSeq;
    this.workCount = this.heap.filter((entry) => this.isWork(entry.task)).length;
  }

  /** Schedules `task` at `at`. */
  schedule(at: number, task: T): void {
    if (this.isWork(task)) this.workCount++;
    const entry = { at, seq: this.nextSeq++, task };
    // Sift up: the new entry rises past every parent due after it.
    this.heap.push(entry);
    let i = this.heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (compare(this.heap[parent]!, entry) <= 0) break;
      this.heap[i] = this.heap[parent]!;
      i = parent;
    }
    this.heap[i] = entry;
  }

  /** The due time of the earliest task, or `undefined` when idle. */
  peekTime(): number | undefined {
    return this.heap[0]?.at;
  }

  /** Removes and returns the earliest task if it is due at or before `time`. */
  popDue(time: number): ScheduledTask<T> | undefined {
    const top = this.heap[0];
    if (top === undefined || top.at > time) return undefined;
    const last = this.heap.pop()!;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      this.siftDown(0);
    }
    if (this.isWork(top.task)) this.workCount--;
    return top;
  }

  /** How many tasks are pending. */
  get size(): number {
    return this.heap.length;
  }

  /** How many pending tasks are work (not housekeeping). */
  get work(): number {
    return this.workCount;
  }

  /** JSON-safe state. Tasks are immutable, so the copy shares them. */
  toJSON(): { tasks: ScheduledTask<T>[]; nextSeq: number } {
    return { tasks: [...this.heap], nextSeq: this.nextSeq };
  }

  private siftDown(start: number): void {
    const heap = this.heap;
    const entry = heap[start]!;
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && compare(heap[right]!, heap[left]!) < 0 ? right : left;
      if (compare(heap[child]!, entry) >= 0) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = entry;
  }
}

function compare(a: ScheduledTask<unknown>, b: ScheduledTask<unknown>): number {
  return a.at - b.at || a.seq - b.seq;
}

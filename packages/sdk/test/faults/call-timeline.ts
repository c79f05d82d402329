/**
 * What happened to each faulty call, by its Idempotency-Key, in wall-clock milliseconds from the
 * call's start: each attempt sent, answered or failed, each retry's wait, and when the call
 * settled (after its watchdog, for one that hung). A call that hangs is reported with its
 * timeline, so a failure on a loaded CI machine says where the time went (E74).
 */
import type { ClientOptions } from '@msgsvc/sdk';

type Hooks = Pick<ClientOptions, 'onRequest' | 'onResponse' | 'onRetry' | 'onError'>;

/** The timelines of one run's faulty calls. */
export class CallTimeline {
  readonly #started = new Map<string, number>();
  readonly #steps = new Map<string, string[]>();

  /** Marks the start of the call with `key`. */
  start(key: string): void {
    this.#started.set(key, performance.now());
    this.#steps.set(key, []);
  }

  /** Records a step of the call with `key`, at the current time. */
  mark(key: string | undefined, step: string): void {
    if (key === undefined) return;
    const started = this.#started.get(key);
    if (started === undefined) return;
    this.#steps.get(key)?.push(`${step} @${Math.round(performance.now() - started)}`);
  }

  /** The client hooks that feed the timelines. */
  hooks(): Hooks {
    return {
      onRequest: (event) => this.mark(event.idempotencyKey, `attempt ${event.attempt}`),
      onResponse: (event) => this.mark(event.idempotencyKey, `${event.status}`),
      onRetry: (event) =>
        this.mark(
          event.idempotencyKey,
          `${event.error?.code ?? event.status} → wait ${Math.round(event.delayMs)}`,
        ),
      onError: (event) => this.mark(event.idempotencyKey, `failed ${event.error.code}`),
    };
  }

  /** The timeline of the call with `key`, as one line. */
  describe(key: string): string {
    const steps = this.#steps.get(key);
    return steps === undefined || steps.length === 0 ? 'nothing recorded' : steps.join(', ');
  }
}

/**
 * What a fault-injection mode provides (in-process or over HTTP), and the timing both use.
 *
 * Clocks: the client's `sleep` advances the service's virtual clock (backoff and `Retry-After`
 * waits cost no wall time), while `now` is the wall clock, so `timeout` and `totalTimeout` are
 * real milliseconds and a held attempt or a stalled body ends in real time. The SDK compares the
 * (virtual) delay it is about to sleep with the (wall-clock) time left before `totalTimeout`, so
 * `totalTimeout` must exceed the backoff a call may sleep (0.5 + 1 + 2 s for three retries) or the
 * last retries are given up before they are tried.
 */

import type { WorldSnapshot } from '@msgsvc/mock';
import type { MessagingClient } from '@msgsvc/sdk';
import type { CallTimeline } from './call-timeline';
import type { FaultPlan } from './fault-plan';

/** Client settings and the slack every deadline is checked with. */
export const TIMING = {
  /** Per attempt, headers and body (wall clock). */
  timeout: 400,
  /** Per call (wall clock); the watchdog's limit is this plus `slack`. */
  totalTimeout: 3_000,
  maxRetries: 3,
  /** How late a call may settle after its deadline (its `totalTimeout` or its abort). */
  slack: 250,
  /**
   * The watchdog of the repairs (calls without faults and without `totalTimeout`): they are not
   * what is timed, but must not hang the suite either.
   */
  repairLimit: 15_000,
} as const;

/** A service behind faults, a client through them and one straight to the service. */
export interface FaultHarness {
  /** `in-process` or `over HTTP`. */
  readonly mode: string;
  readonly plan: FaultPlan;
  /** The client whose every attempt meets the plan's fault. */
  readonly client: MessagingClient;
  /** What happened to each of `client`'s calls, fed by its hooks. */
  readonly timeline: CallTimeline;
  /** A client that reaches the service without faults (for re-sends and resumes). */
  readonly clean: MessagingClient;
  /** The demo sender ID. */
  readonly remitterId: string;
  /** The demo live key (idempotency records are kept per key). */
  readonly liveKey: string;
  /** Waits until no request is still on its way to the service. */
  drain(): Promise<void>;
  /** Runs the service's background work until idle (campaigns become messages). */
  settle(): Promise<void>;
  /** The whole world, as the mock's snapshot. */
  snapshot(): Promise<WorldSnapshot>;
  /** The mock's own ledger check over every account. */
  ledgerOk(): Promise<boolean>;
  /** Stops everything started: servers, sockets, processes. */
  close(): Promise<void>;
}

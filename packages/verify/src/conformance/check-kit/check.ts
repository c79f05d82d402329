/**
 * The shape of a verify check and of what it runs with: a check is data plus one async function
 * that throws a `Drift` when the service differs from the description or a decision.
 */
import type { Api } from './api';
import type { WaitBudget } from './wait-budget';

/** Numbers verify sends to: each must force its outcome on the deployment. */
export interface VerifyNumbers {
  /** Delivered a moment after sending (mock: magic number). */
  readonly delivered: string;
  /** Undelivered with `ABSENT_SUBSCRIBER` (mock: magic number). */
  readonly undelivered: string;
  /** Matches the recipient pattern but is not a valid number (mock: magic number). */
  readonly invalid: string;
}

/** What every check runs with. */
export interface VerifyContext {
  /** The main key's client. */
  readonly api: Api;
  /** A key of an organization whose balance is below any send (for 402). */
  readonly poor?: Api | undefined;
  /** A key without scopes (for 403). */
  readonly restricted?: Api | undefined;
  /** A key of another organization (for isolation). */
  readonly other?: Api | undefined;
  /** Whether the main key is a live key (charges and refunds apply). */
  readonly live: boolean;
  readonly numbers: VerifyNumbers;
  /** The run's time for waiting on the deployment's progress, shared by every poll. */
  readonly waiting: WaitBudget;
  /** A short text unique to this run, for names and idempotency keys. */
  readonly runId: string;
  /**
   * Records a warning on the running check: something clients must tolerate, such as a field the
   * contract does not name. It never fails the check.
   */
  warn(message: string): void;
  /** The records made once per run and shared by the checks that need them, keyed by their maker. */
  readonly fixtures: Map<object, Promise<unknown>>;
}

/** The result of one check. */
export interface CheckResult {
  /** The check's stable id, `group.name` (e.g. `lists.size-bounds`). */
  readonly id: string;
  /** What it checks, in a sentence. */
  readonly title: string;
  /** Where the behaviour is promised: a spec section or decisions (`spec Limits; D25`). */
  readonly cites: string;
  /** Whether it passed, failed or was skipped. */
  readonly outcome: 'pass' | 'fail' | 'skip';
  /** For a failure: what the description or decision expected. */
  readonly expected?: string;
  /** For a failure: what came back. */
  readonly got?: string;
  /** For a skip: why. */
  readonly reason?: string;
  /** What the check noticed without failing (a field the contract does not name). */
  readonly warnings?: readonly string[];
  /** How long it took, in milliseconds. */
  readonly ms: number;
}

/** One behavioural check: what its result names it by, and how it runs. */
export interface Check extends Pick<CheckResult, 'id' | 'title' | 'cites'> {
  /** The extra credentials without which the check is skipped. */
  readonly needs?: readonly ('poor' | 'restricted' | 'other')[];
  run(context: VerifyContext): Promise<void>;
}

/**
 * A group's checks, in order, from specs keyed by their ids: an object literal cannot hold one
 * key twice, so no two checks of a group share an id.
 */
export function checks(specs: Readonly<Record<string, Omit<Check, 'id'>>>): readonly Check[] {
  return Object.entries(specs).map(([id, spec]) => ({ id, ...spec }));
}

// A misspelt name must fail loudly: a fault armed for `sendMesage` would never fire, and the test
// relying on it would pass without testing anything.
import type { WebhookEvent } from '@msgsvc/sdk';

/** Live and test keys see separate data. */
export type Environment = 'live' | 'test';
/** Every environment. */
export const ENVIRONMENTS = namesOf<Environment>({ live: true, test: true });

/** Approval states of a sender ID. */
export type SenderIdStatus = 'APPROVED' | 'PENDING' | 'REJECTED';
/** Every approval state of a sender ID. */
export const SENDER_ID_STATUSES = namesOf<SenderIdStatus>({
  APPROVED: true,
  PENDING: true,
  REJECTED: true,
});

/** Webhook event types: the contract's (`WebhookEvent['type']`). */
export type WebhookEventType = WebhookEvent['type'];
/** Every event type, checked against the contract by the compiler. */
export const WEBHOOK_EVENT_TYPES = namesOf<WebhookEventType>({
  'message.status_updated': true,
  'message.received': true,
  'campaign.completed': true,
});

/** Where a webhook delivery stands. */
export type DeliveryState = 'waiting' | 'scheduled' | 'in_flight' | 'delivered' | 'failed';
/** Every delivery state. */
export const DELIVERY_STATES = namesOf<DeliveryState>({
  waiting: true,
  scheduled: true,
  in_flight: true,
  delivered: true,
  failed: true,
});

/**
 * The keys of a table that names every member of `T` once, in the table's order: the compiler
 * checks the table against the type both ways, so a list derived from a contract type (or the
 * states of a transition table) cannot drift from it.
 */
export function namesOf<T extends string>(table: Readonly<Record<T, unknown>>): readonly T[] {
  return Object.keys(table) as T[];
}

/**
 * A name outside its vocabulary. A `TypeError` (a programming mistake, not a request the service
 * refuses); the control API over HTTP answers it as a 422 `VALIDATION_ERROR` on `field`.
 */
export class UnknownValueError extends TypeError {
  /** The input that holds the name, e.g. `operationId` or `limits.sendMesage`. */
  readonly field: string;
  /** The names that would have been accepted. */
  readonly allowed: readonly string[];

  constructor(field: string, value: unknown, allowed: readonly string[]) {
    const guess = typeof value === 'string' ? closest(value, allowed) : undefined;
    super(
      `${field}: ${JSON.stringify(value)} is not one of ${allowed.join(', ')}.${guess === undefined ? '' : ` Did you mean ${guess}?`}`,
    );
    this.name = 'UnknownValueError';
    this.field = field;
    this.allowed = allowed;
  }

  /** The message for the `fields` of a validation error. */
  get fieldMessage(): string {
    return `Must be one of ${this.allowed.join(', ')}.`;
  }
}

/**
 * An option a control call does not take, e.g. `failNextRequests({ operationId })` for
 * `operation_id`. A `TypeError` like {@link UnknownValueError}, whose vocabulary here is the
 * call's option names; over HTTP the same name is a 422 `VALIDATION_ERROR` with
 * `fields.<name>: "Unknown field."`.
 */
export class UnknownOptionError extends UnknownValueError {
  /** The call that was given the option, e.g. `failNextRequests`. */
  readonly operation: string;

  constructor(operation: string, option: string, accepted: readonly string[]) {
    super(option, option, accepted);
    const guess = closest(option, accepted);
    this.message = `Unknown option ${JSON.stringify(option)} for ${operation}; ${guess === undefined ? '' : `did you mean ${JSON.stringify(guess)}? `}It takes ${accepted.join(', ')}.`;
    this.name = 'UnknownOptionError';
    this.operation = operation;
  }

  /** The message for the `fields` of a validation error: the HTTP control API's own words. */
  override get fieldMessage(): string {
    return 'Unknown field.';
  }
}

/** Returns `value` as a member of `allowed`, or throws an {@link UnknownValueError}. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value))
    return value as T;
  throw new UnknownValueError(field, value, allowed);
}

/** The allowed name nearest to `value` (at most 3 edits away, case ignored), if any. */
function closest(value: string, allowed: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 4;
  for (const candidate of allowed) {
    const distance = editDistance(value.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** A field's wire name: its camelCase name in snake_case (`messageId` → `message_id`). */
export function wireName(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

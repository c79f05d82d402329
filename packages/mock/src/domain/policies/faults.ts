/**
 * Fault injection: deterministic, scoped, and part of the world's state (so it survives a
 * snapshot). Nothing here is random: a fault fires exactly where and as often as it was told to.
 */
import { validationError } from '../core/errors';
import { OPERATION_IDS, type OperationId } from '../core/operation-ids';
import type { SavedState } from '../core/state-schemas';
import { oneOf } from '../core/vocabulary';
import type { World } from '../core/world';
import { carriersOf } from '../phone/carriers';

declare module '../core/world' {
  interface World {
    /** Injected faults. */
    readonly faults: FaultState;
  }
}

/** What every fault has: its id, for `clearFaults`. */
type Fault = { id: string };

/** Injected faults of a world. */
export interface FaultState extends SavedState<'faults'> {}

/** A world without faults. */
export function noFaults(): FaultState {
  return { requestFailures: [], latencies: [], dispatchFailures: [], outages: [] };
}

function positive(value: number, field: string): number {
  if (!Number.isSafeInteger(value) || value < 1)
    throw validationError({ [field]: 'Must be a positive integer.' });
  return value;
}

/** The next `count` requests to `operationId` (any operation when omitted) answer `status`. */
export function injectRequestFailure(
  world: World,
  params: { operationId?: OperationId; status?: 500 | 503; count?: number },
): string {
  const operationId = anyOrOne(params.operationId);
  const status = params.status ?? 500;
  if (status !== 500 && status !== 503) throw validationError({ status: 'Must be 500 or 503.' });
  const remaining = positive(params.count ?? 1, 'count');
  return arm(world, world.faults.requestFailures, { operationId, status, remaining });
}

/** Consumes a request failure for `operationId`, if one is armed. */
export function takeRequestFailure(world: World, operationId: string): 500 | 503 | undefined {
  return take(world.faults.requestFailures, 'operationId', operationId)?.status;
}

/**
 * The next `count` requests to `operationId` (any when omitted) take `ms` more wall-clock time,
 * while their idempotency key is held (so a concurrent repeat sees 409).
 */
export function injectLatency(
  world: World,
  params: { operationId?: OperationId; ms: number; count?: number },
): string {
  const operationId = anyOrOne(params.operationId);
  if (!Number.isFinite(params.ms) || params.ms < 0)
    throw validationError({ ms: 'Must be a non-negative number.' });
  const remaining = positive(params.count ?? 1, 'count');
  return arm(world, world.faults.latencies, { operationId, ms: params.ms, remaining });
}

/** Consumes a latency fault for `operationId`: the delay in milliseconds, or 0. */
export function takeLatency(world: World, operationId: string): number {
  return take(world.faults.latencies, 'operationId', operationId)?.ms ?? 0;
}

/** The next `count` campaigns processed (or the one named) fail to dispatch. */
export function injectDispatchFailure(
  world: World,
  params: { campaignId?: string; count?: number } = {},
): string {
  const remaining = positive(params.count ?? 1, 'count');
  return arm(world, world.faults.dispatchFailures, {
    campaignId: params.campaignId ?? null,
    remaining,
  });
}

/** Consumes a dispatch failure for a campaign being processed. */
export function takeDispatchFault(world: World, campaignId: string): boolean {
  return take(world.faults.dispatchFailures, 'campaignId', campaignId) !== undefined;
}

/** Messages to `destination` are undelivered between `from` and `to` (epoch ms, inclusive). */
export function injectCarrierOutage(
  world: World,
  params: { destination: string; from: number; to: number },
): string {
  // A carrier the world never routes to would make an outage that never fires.
  const destination = oneOf(
    params.destination,
    carriersOf(world.config.prefixTable),
    'destination',
  );
  if (!(params.to >= params.from)) throw validationError({ to: 'Must not be before from.' });
  return arm(world, world.faults.outages, { ...params, destination });
}

/** Whether `destination` is in an outage at `time`. */
export function inOutage(world: World, destination: string, time: number): boolean {
  return world.faults.outages.some(
    (o) => o.destination === destination && time >= o.from && time <= o.to,
  );
}

/** Removes every fault (or the one with `id`). */
export function clearFaults(world: World, id?: string): void {
  if (id === undefined) {
    Object.assign(world.faults, noFaults());
    return;
  }
  for (const list of Object.values(world.faults) as Fault[][]) {
    const index = list.findIndex((fault) => fault.id === id);
    if (index >= 0) list.splice(index, 1);
  }
}

/** `null` (any operation) when omitted; else a known operation id, or an `UnknownValueError`. */
function anyOrOne(operationId: string | undefined): OperationId | null {
  // A fault armed for an operation that does not exist would never fire.
  return operationId === undefined ? null : oneOf(operationId, OPERATION_IDS, 'operation_id');
}

/** Adds a fault, with a new id (drawn only once its parameters are checked), to `list`. */
function arm<T extends Fault>(world: World, list: T[], fault: Omit<T, 'id'>): string {
  const id = world.newId();
  list.push({ id, ...fault } as T);
  return id;
}

/** Consumes one firing of the first fault of `list` for `value` of `field` (or for any). */
function take<K extends string, T extends { remaining: number } & Record<K, string | null>>(
  list: T[],
  field: K,
  value: string,
): T | undefined {
  const index = list.findIndex((fault) => fault[field] === null || fault[field] === value);
  if (index === -1) return undefined;
  const fault = list[index]!;
  fault.remaining--;
  if (fault.remaining === 0) list.splice(index, 1);
  return fault;
}

/**
 * The filters of the two message list endpoints, compiled once per query into a single predicate
 * and a candidate list chosen from the store's indexes (a campaign's or a contact's messages
 * instead of the whole tenant when the filter names exactly one).
 */
import { isUuid } from './caller';
import { type ListMessageStatus, MESSAGE_STATUS_TRAITS } from './message-machine';
import type { ChannelType, MessageRecord, TriggerSource } from './model';
import type { MessageStore } from './world';

/** Filters shared by `GET /messages` and `GET /campaigns/{id}/messages`; every list is OR-ed. */
export interface MessageFilter {
  /** A message UUID (exact) or part of a number (decision D24). */
  readonly q?: string;
  readonly statuses?: readonly ListMessageStatus[];
  readonly channels?: readonly ChannelType[];
  readonly contactIds?: readonly string[];
  readonly campaignIds?: readonly string[];
  readonly remitterIds?: readonly string[];
  readonly errorCodes?: readonly string[];
  readonly triggers?: readonly TriggerSource[];
  readonly destinations?: readonly string[];
}

/** The records to scan and the predicate to keep. */
export interface CompiledFilter {
  readonly candidates: readonly MessageRecord[];
  readonly matches: ((message: MessageRecord) => boolean) | null;
}

/** Compiles a filter for one tenant. */
export function compileMessageFilter(
  store: MessageStore,
  organizationId: string,
  environment: string,
  filter: MessageFilter,
): CompiledFilter {
  const checks: ((message: MessageRecord) => boolean)[] = [];
  const oneOf = <T>(values: readonly T[] | undefined, field: (message: MessageRecord) => T) => {
    if (values === undefined || values.length === 0) return;
    if (values.length === 1) {
      const only = values[0];
      checks.push((message) => field(message) === only);
    } else {
      const set = new Set(values);
      checks.push((message) => set.has(field(message)));
    }
  };
  oneOf(filter.statuses, (m) => MESSAGE_STATUS_TRAITS[m.status].listStatus);
  oneOf(filter.channels, (m) => m.channel);
  oneOf(filter.contactIds, (m) => m.contactId);
  oneOf(filter.campaignIds, (m) => m.campaignId);
  oneOf(filter.remitterIds, (m) => m.remitterId);
  oneOf(filter.errorCodes, (m) => m.errorCode);
  oneOf(filter.triggers, (m) => m.trigger);
  oneOf(filter.destinations, (m) => m.destination);

  let candidates: readonly MessageRecord[] = store.tenant(organizationId, environment);
  const q = filter.q;
  if (q !== undefined && isUuid(q)) {
    const message = store.getOwned(q.toLowerCase(), organizationId, environment);
    candidates = message === undefined ? [] : [message];
  } else if (filter.campaignIds?.length === 1) {
    candidates = store.indexed('campaign', organizationId, environment, filter.campaignIds[0]!);
  } else if (filter.contactIds?.length === 1) {
    candidates = store.indexed('contact', organizationId, environment, filter.contactIds[0]!);
  }
  if (q !== undefined && !isUuid(q)) {
    const digits = q.replace(/[\s\-.]/g, '');
    checks.push((message) => message.e164.includes(digits));
  }

  return { candidates, matches: combine(checks) };
}

function combine<T>(checks: ((value: T) => boolean)[]): ((value: T) => boolean) | null {
  if (checks.length === 0) return null;
  if (checks.length === 1) return checks[0]!;
  return (value) => {
    for (const check of checks) if (!check(value)) return false;
    return true;
  };
}

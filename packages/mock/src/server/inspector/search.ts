/**
 * The inspector's one search box (D101): a query finds messages, phones, campaigns, organizations,
 * logged requests and webhook deliveries by id (message, campaign, inbound, delivery or trace id,
 * exactly), by phone number (any run of its digits) or by text (message content, campaign and
 * organization names, case-insensitive). It reads the world directly; the scans are linear in the
 * number of messages and kept behind {@link messagesMatching}, so an index can replace them
 * without touching the rest.
 */
import type { CampaignRecord, InboundMessage, MessageRecord } from '../../domain/kernel/model';
import type { World } from '../../domain/kernel/world';
import { messagesOldestFirst, type PhoneSummary, phonesByActivity } from './catalog';
import type { RequestLog, StoredRequest } from './request-log';

/** What a query is looking for. */
export type SearchQuery =
  | { readonly kind: 'empty' }
  | { readonly kind: 'number'; readonly digits: string; readonly text: string }
  | { readonly kind: 'text'; readonly text: string };

/** Results of one kind: how many matched, and the first few, newest first. */
export interface Hits<T> {
  readonly total: number;
  readonly entries: readonly T[];
}

/** Reads a query the way a person types it: `+244 923-000`, `Natal`, an id. */
export function readQuery(raw: string): SearchQuery {
  const text = raw.trim().toLowerCase();
  if (text === '') return { kind: 'empty' };
  // A number is digits with the separators people type; two digits at least, so `1` is text.
  if (/^\+?[\d\s().-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits.length >= 2) return { kind: 'number', digits, text };
  }
  return { kind: 'text', text };
}

/**
 * Messages matching `query` (by number, by content, or by id), newest first: the total and the
 * `offset`..`offset + limit` slice. The one place a scan happens (an index may replace it).
 */
export function messagesMatching(
  world: World,
  query: SearchQuery,
  offset: number,
  limit: number,
): Hits<MessageRecord> {
  const all = messagesOldestFirst(world);
  if (query.kind === 'empty') {
    const end = Math.max(0, all.length - offset);
    const start = Math.max(0, end - limit);
    return { total: all.length, entries: all.slice(start, end).reverse() };
  }
  const byId = world.messages.get(query.text);
  if (byId !== undefined)
    return offset === 0 ? { total: 1, entries: [byId] } : { total: 1, entries: [] };
  const match =
    query.kind === 'number'
      ? (message: MessageRecord) => message.e164.includes(query.digits)
      : (message: MessageRecord) =>
          message.content.toLowerCase().includes(query.text) || message.campaignId === query.text;
  const entries: MessageRecord[] = [];
  let total = 0;
  for (let i = all.length - 1; i >= 0; i--) {
    const message = all[i]!;
    if (!match(message)) continue;
    if (total >= offset && entries.length < limit) entries.push(message);
    total++;
  }
  return { total, entries };
}

/** Replies (inbound messages) by id, sender number digits or text, newest first. */
export function inboundMatching(
  world: World,
  query: SearchQuery,
  offset: number,
  limit: number,
): Hits<InboundMessage> {
  const matched: InboundMessage[] = [];
  for (let i = world.inbound.length - 1; i >= 0; i--) {
    const inbound = world.inbound[i]!;
    const hit =
      query.kind === 'empty' ||
      inbound.id === query.text ||
      (query.kind === 'number'
        ? inbound.from.includes(query.digits)
        : inbound.body.toLowerCase().includes(query.text));
    if (hit) matched.push(inbound);
  }
  return { total: matched.length, entries: matched.slice(offset, offset + limit) };
}

/** Phone numbers containing the query's digits, most recently active first. */
export function phonesMatching(
  world: World,
  query: SearchQuery,
  offset: number,
  limit: number,
): Hits<PhoneSummary> {
  const phones = phonesByActivity(world);
  const matched =
    query.kind === 'empty'
      ? phones
      : query.kind === 'number'
        ? phones.filter((phone) => phone.number.includes(query.digits))
        : phones.filter((phone) => phone.number.toLowerCase() === query.text);
  return { total: matched.length, entries: matched.slice(offset, offset + limit) };
}

/** Campaigns whose id is the query or whose name contains it, newest first. */
export function campaignsMatching(
  world: World,
  query: SearchQuery,
  offset: number,
  limit: number,
): Hits<CampaignRecord> {
  const all = [...world.campaigns.all()].sort(
    (a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1),
  );
  const matched =
    query.kind === 'empty'
      ? all
      : all.filter(
          (campaign) =>
            campaign.id === query.text || campaign.name.toLowerCase().includes(query.text),
        );
  return { total: matched.length, entries: matched.slice(offset, offset + limit) };
}

/** Logged requests whose trace id, path or query contains the query, newest first. */
export function requestsMatching(
  log: RequestLog,
  query: SearchQuery,
  offset: number,
  limit: number,
): Hits<StoredRequest> {
  const matched: StoredRequest[] = [];
  for (const stored of log.newestFirst()) {
    if (query.kind === 'empty' || requestMatches(stored, query.text)) matched.push(stored);
  }
  return { total: matched.length, entries: matched.slice(offset, offset + limit) };
}

function requestMatches(stored: StoredRequest, text: string): boolean {
  return (
    stored.trace_id === text ||
    stored.path.toLowerCase().includes(text) ||
    stored.query.toLowerCase().includes(text)
  );
}

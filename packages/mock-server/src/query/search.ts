/**
 * The inspector's one search box: a query finds messages, phones, campaigns, organizations,
 * logged requests and webhook deliveries by id (message, campaign, inbound, delivery or trace id,
 * exactly), by phone number (any run of its digits) or by text (message content, campaign and
 * organization names, case-insensitive). It reads the world directly, record by record, behind
 * {@link messagesMatching}, so an index in the domain can replace it without touching the rest.
 *
 * The search of a world's records lives here, below both route sets, because the control API's
 * filtered lists read the same pages (`filtered-lists.ts`); logged requests are the journal's
 * to search (`inspector/journal.ts`).
 */
import type {
  CampaignRecord,
  InboundMessage,
  MessageRecord,
  ReadonlyWorld,
} from '@msgsvc/mock/port';
import { messagesOldestFirst, type PhoneSummary, phonesByActivity } from './catalog';
import { filterTest, type QueryFilter } from './query-language';
import { campaignsNamed } from './query-vocabulary';

/**
 * Text as searches compare it: lower-cased, accents and other combining marks taken off (NFD, then
 * marks dropped), so `credito` finds `Crédito`. Pure ASCII, most texts, skips the NFD.
 */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  if (!/[\u0080-\uffff]/.test(lower)) return lower;
  return lower.normalize('NFD').replace(/\p{M}+/gu, '');
}

/** What a query is looking for. */
export type SearchQuery =
  | { readonly kind: 'empty' }
  | { readonly kind: 'number'; readonly digits: string; readonly text: string }
  | { readonly kind: 'text'; readonly text: string };

/** Results of one kind: how many matched, and the first few, newest first. */
export interface Hits<T> {
  readonly total: number;
  readonly entries: readonly T[];
  /** Where the page starts, when it was moved to the last page. */
  readonly offset?: number;
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
 * Messages matching `query` (by number, by content, or by id) and `filter`'s keys, newest
 * first: the total and the `offset`..`offset + limit` slice, an offset past the end moved to the
 * last page. The one place a scan happens: every candidate is tested once (the total needs
 * them all), and only the page's are kept.
 */
export function messagesMatching(
  world: ReadonlyWorld,
  query: SearchQuery,
  offset: number,
  limit: number,
  filter?: QueryFilter,
): Hits<MessageRecord> {
  const all = messagesOldestFirst(world);
  const test = filter === undefined ? undefined : filterTest<MessageRecord>(world, filter);
  const byId = query.kind === 'empty' ? undefined : world.messages.get(query.text);
  if (byId !== undefined) {
    const found = test === undefined || test(byId) ? [byId] : [];
    return { total: found.length, offset: 0, entries: found };
  }
  // A campaign's messages are read from the domain's campaign index, not found in the world.
  const campaigns = filter?.keys.get('campaign') as readonly string[] | undefined;
  const candidates = campaigns === undefined ? all : campaignsMessages(world, campaigns);
  const text = textTest(query);
  const both =
    text === undefined || test === undefined
      ? (text ?? test)
      : (message: MessageRecord) => text(message) && test(message);
  return newestPage(candidates.length, (i) => candidates[i]!, both, offset, limit);
}

/** The test of a message against a number (any run of its digits) or a text (its content, accents and case aside, or its campaign's id). */
function textTest(query: SearchQuery): ((message: MessageRecord) => boolean) | undefined {
  if (query.kind === 'empty') return undefined;
  if (query.kind === 'number') return (message) => message.e164.includes(query.digits);
  const needle = foldText(query.text);
  return (message) =>
    message.campaignId === query.text || foldText(message.content).includes(needle);
}

/**
 * Every message of the campaigns `campaign:` names, oldest first, from the domain's index by
 * campaign. Serves bench row `inspector filtered list (campaign and status), 100k messages`
 * (≤ 100 ms): a scan of the world took 20 ms of the server's time for 1,000 messages.
 */
function campaignsMessages(
  world: ReadonlyWorld,
  names: readonly string[],
): readonly MessageRecord[] {
  const lists = campaignsNamed(world, names).map((campaign) =>
    world.messages.indexed('campaign', campaign.organizationId, campaign.environment, campaign.id),
  );
  if (lists.length <= 1) return lists[0] ?? [];
  return lists.flat().sort((a, b) => a.createdAt - b.createdAt || a.row - b.row);
}

/**
 * The page of the candidates `test` lets through, newest first; `at(i)` is the i-th oldest
 * candidate. One pass counts and keeps the page asked for; a second, only when the offset was past
 * the end, keeps the last page. Serves bench row `inspector filtered list (status),
 * 100k messages` (≤ 100 ms), with no index: a scan measured fast enough.
 */
function newestPage<T>(
  count: number,
  at: (i: number) => T,
  test: ((record: T) => boolean) | undefined,
  offset: number,
  limit: number,
): Hits<T> {
  if (test === undefined) {
    const start = lastPageAt(offset, count, limit);
    const entries: T[] = [];
    for (let i = count - 1 - start; i >= Math.max(0, count - start - limit); i--) {
      entries.push(at(i));
    }
    return { total: count, offset: start, entries };
  }
  const keep = (from: number): { total: number; entries: T[] } => {
    const entries: T[] = [];
    let total = 0;
    for (let i = count - 1; i >= 0; i--) {
      const record = at(i);
      if (!test(record)) continue;
      if (total >= from && total < from + limit) entries.push(record);
      total++;
    }
    return { total, entries };
  };
  const first = keep(offset);
  if (first.total === 0) return { total: 0, offset: 0, entries: [] };
  if (offset < first.total) return { ...first, offset };
  const start = lastPageAt(offset, first.total, limit);
  return { total: first.total, offset: start, entries: keep(start).entries };
}

/**
 * Where a page starts: `offset`, or the start of the last page when it is past the end,
 * so `?offset=100500` of 100,434 shows the oldest messages instead of "100501–100434 of 100434".
 */
export function lastPageAt(offset: number, total: number, limit: number): number {
  if (offset < total || total === 0) return offset < total ? offset : 0;
  return Math.floor((total - 1) / limit) * limit;
}

/** Replies (inbound messages) by id, sender number digits or text, newest first. */
export function inboundMatching(
  world: ReadonlyWorld,
  query: SearchQuery,
  offset: number,
  limit: number,
): Hits<InboundMessage> {
  const matched: InboundMessage[] = [];
  const folded = query.kind === 'empty' ? '' : foldText(query.text);
  for (let i = world.inbound.length - 1; i >= 0; i--) {
    const inbound = world.inbound[i]!;
    const hit =
      query.kind === 'empty' ||
      inbound.id === query.text ||
      (query.kind === 'number'
        ? inbound.from.includes(query.digits)
        : foldText(inbound.body).includes(folded));
    if (hit) matched.push(inbound);
  }
  return { total: matched.length, entries: matched.slice(offset, offset + limit) };
}

/** Phone numbers containing the query's digits, most recently active first. */
export function phonesMatching(
  world: ReadonlyWorld,
  query: SearchQuery,
  offset: number,
  limit: number,
): Hits<PhoneSummary> {
  const phones = phonesByActivity(world);
  const matched =
    query.kind === 'empty'
      ? phones
      : phones.filter((phone) =>
          query.kind === 'number'
            ? phone.number.includes(query.digits)
            : phone.number.toLowerCase() === query.text,
        );
  const at = lastPageAt(offset, matched.length, limit);
  return { total: matched.length, offset: at, entries: matched.slice(at, at + limit) };
}

/**
 * Campaigns whose id is the query or whose name contains it (accents and case ignored), and
 * that `filter`'s keys let through, newest first.
 */
export function campaignsMatching(
  world: ReadonlyWorld,
  query: SearchQuery,
  offset: number,
  limit: number,
  filter?: QueryFilter,
): Hits<CampaignRecord> {
  const all = [...world.campaigns.all()].sort(
    (a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1),
  );
  const test = filter === undefined ? undefined : filterTest<CampaignRecord>(world, filter);
  const text = query.kind === 'empty' ? '' : foldText(query.text);
  const matched = all.filter(
    (campaign) =>
      (test === undefined || test(campaign)) &&
      (query.kind === 'empty' ||
        campaign.id === query.text ||
        foldText(campaign.name).includes(text)),
  );
  const at = lastPageAt(offset, matched.length, limit);
  return { total: matched.length, offset: at, entries: matched.slice(at, at + limit) };
}

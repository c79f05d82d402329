/**
 * The inspector's one search box (D102): a query finds messages, phones, campaigns, organizations,
 * logged requests and webhook deliveries by id (message, campaign, inbound, delivery or trace id,
 * exactly), by phone number (any run of its digits) or by text (message content, campaign and
 * organization names, case-insensitive). It reads the world directly: message numbers and contents
 * are searched as one joined string each (`haystack.ts`), rebuilt when messages arrive, all behind
 * {@link messagesMatching}, so an index in the domain can replace it without touching the rest.
 */
import type { World } from '@msgsvc/mock';
import type { CampaignRecord, InboundMessage, MessageRecord } from '@msgsvc/mock/port';
import { messagesOldestFirst, type PhoneSummary, phonesByActivity } from './catalog';
import { Haystack } from './haystack';
import { journalMatches } from './journal-search';
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
  if (byId !== undefined) {
    return offset === 0 ? { total: 1, entries: [byId] } : { total: 1, entries: [] };
  }
  const stacks = messageStacks(world, all);
  const found =
    query.kind === 'number'
      ? stacks.numbers.findAll(query.digits)
      : union(stacks.contents.findAll(query.text), campaignMessages(all, query.text));
  // `found` is oldest first: the page is counted from its end.
  const end = Math.max(0, found.length - offset);
  const entries: MessageRecord[] = [];
  for (let i = end - 1; i >= Math.max(0, end - limit); i--) entries.push(all[found[i]!]!);
  return { total: found.length, entries };
}

/**
 * Brings the joined strings up to date now (the server calls it just after answering a page, so
 * the work is done before anyone has typed a search, not while they wait for one).
 */
export function prepareSearch(world: World): void {
  messageStacks(world, messagesOldestFirst(world));
  phoneStack(phonesByActivity(world));
}

interface MessageStacks {
  readonly numbers: Haystack;
  readonly contents: Haystack;
}

// Serves bench row `inspector search by text, 100k messages` (< 200 ms); see E25 and D102.
const stacks = new WeakMap<World, MessageStacks>();

/** The numbers and lower-cased contents of every message, joined; new messages are appended. */
function messageStacks(world: World, all: readonly MessageRecord[]): MessageStacks {
  let current = stacks.get(world);
  if (current === undefined) {
    current = { numbers: new Haystack(), contents: new Haystack() };
    stacks.set(world, current);
  }
  if (current.numbers.size < all.length) {
    const fresh = all.slice(current.numbers.size);
    current.numbers.append(fresh.map((message) => message.e164));
    current.contents.append(fresh.map((message) => message.content.toLowerCase()));
  }
  return current;
}

/** The messages of the campaign whose id is `text` (a campaign id finds its messages). */
function campaignMessages(all: readonly MessageRecord[], text: string): number[] {
  if (!/^[0-9a-f-]{36}$/.test(text)) return [];
  const found: number[] = [];
  for (let i = 0; i < all.length; i++) if (all[i]!.campaignId === text) found.push(i);
  return found;
}

function union(a: number[], b: number[]): number[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
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
  if (query.kind === 'empty') {
    return { total: phones.length, entries: phones.slice(offset, offset + limit) };
  }
  const matched =
    query.kind === 'number'
      ? phoneStack(phones)
          .findAll(query.digits)
          .map((i) => phones[i]!)
      : phones.filter((phone) => phone.number.toLowerCase() === query.text);
  return { total: matched.length, entries: matched.slice(offset, offset + limit) };
}

// Serves bench row `inspector search by number, 100k messages` (< 200 ms); see E25 and D102.
const phoneStacks = new WeakMap<readonly PhoneSummary[], Haystack>();

function phoneStack(phones: readonly PhoneSummary[]): Haystack {
  let stack = phoneStacks.get(phones);
  if (stack === undefined) {
    stack = new Haystack(phones.map((phone) => phone.number));
    phoneStacks.set(phones, stack);
  }
  return stack;
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

/** Logged requests containing the query (see `journal-search.ts`), newest first. */
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

// What a request is found by is the journal's (D169): its line, body text and created record.
const requestMatches = journalMatches;

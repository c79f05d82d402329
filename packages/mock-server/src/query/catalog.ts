/**
 * The inspector's lists, read from the world itself (no lossy cache of recent activity):
 * every message newest first, every phone number with its message count and last activity. A
 * world only ever grows (reset and restore replace it), so each derived list is kept per world and
 * brought up to date with only what was added since it was last read.
 */
import type { InboundMessage, MessageRecord, ReadonlyWorld } from '@msgsvc/mock/port';

/** A phone number as the inspector lists it. */
export interface PhoneSummary {
  /** E.164 (as written when it is not a valid number). */
  readonly number: string;
  outbound: number;
  inbound: number;
  /** World time of the latest message to or from it, epoch ms. */
  lastAt: number;
}

class Catalog {
  /** Every message catalogued so far, oldest first by creation time. */
  readonly messages: MessageRecord[] = [];
  /** How many of each tenant's rows are catalogued. */
  readonly tenantSeen = new Map<string, number>();
  /** Least recently active first (a phone is moved to the end when touched). */
  readonly phones = new Map<string, PhoneSummary>();
  inboundSeen = 0;
  /** The phones newest first, built when first read after a change. */
  phonesNewestFirst: PhoneSummary[] | undefined;
}

// Row `inspector filtered list (status), 100k messages` (≤ 100 ms): 46 ms with this catalogue,
// 125 ms rebuilding it per read (search by text: 75 ms with, 277 ms without, target < 200 ms).
const catalogs = new WeakMap<ReadonlyWorld, Catalog>();

/** The world's catalog, brought up to date. */
function catalog(world: ReadonlyWorld): Catalog {
  let current = catalogs.get(world);
  if (current === undefined) {
    current = new Catalog();
    catalogs.set(world, current);
  }
  if (
    current.messages.length !== world.messages.size ||
    current.inboundSeen !== world.inbound.length
  ) {
    catchUp(world, current);
  }
  return current;
}

// Records are never removed and the clock never goes back, so what was added since the last read
// is each tenant's rows past the ones already seen, all created no earlier than what is catalogued:
// sorting just those and appending keeps the whole list in creation order.
function catchUp(world: ReadonlyWorld, current: Catalog): void {
  const fresh = freshMessages(world, current);
  const firstFresh = current.messages.length;
  for (const message of fresh) current.messages.push(message);
  // Phones are touched in time order, outbound and inbound merged (both lists are already in time
  // order), so the map's order (least recently active first) needs no sort when read.
  const inbound = world.inbound;
  let i = firstFresh;
  let j = current.inboundSeen;
  const messages = current.messages;
  while (i < messages.length || j < inbound.length) {
    const message = messages[i];
    const reply = inbound[j];
    if (reply === undefined || (message !== undefined && message.createdAt <= reply.receivedAt)) {
      touch(current.phones, message!.e164, message!.createdAt).outbound++;
      i++;
    } else {
      touch(current.phones, reply.from, reply.receivedAt).inbound++;
      j++;
    }
  }
  current.inboundSeen = inbound.length;
  current.phonesNewestFirst = undefined;
}

/**
 * The messages added since the last read, in creation order. Each tenant's rows are already in
 * that order, so one tenant's are taken as they are; several tenants' are merged by a stable sort
 * on the creation time alone.
 */
function freshMessages(world: ReadonlyWorld, current: Catalog): readonly MessageRecord[] {
  const parts: (readonly MessageRecord[])[] = [];
  for (const organization of world.organizations.values()) {
    for (const environment of ['live', 'test'] as const) {
      const key = `${organization.id}|${environment}`;
      const rows = world.messages.tenant(organization.id, environment);
      const seen = current.tenantSeen.get(key) ?? 0;
      if (rows.length === seen) continue;
      parts.push(rows.slice(seen));
      current.tenantSeen.set(key, rows.length);
    }
  }
  if (parts.length <= 1) return parts[0] ?? [];
  return parts.flat().sort((a, b) => a.createdAt - b.createdAt);
}

function touch(phones: Map<string, PhoneSummary>, number: string, at: number): PhoneSummary {
  let phone = phones.get(number);
  if (phone === undefined) {
    phone = { number, outbound: 0, inbound: 0, lastAt: at };
  } else {
    phones.delete(number);
    phone.lastAt = at;
  }
  phones.set(number, phone);
  return phone;
}

/** Every message, oldest first (the live array: do not mutate). Read it from the end for newest. */
export function messagesOldestFirst(world: ReadonlyWorld): readonly MessageRecord[] {
  return catalog(world).messages;
}

/** Every phone number that sent or received a message, most recently active first. */
export function phonesByActivity(world: ReadonlyWorld): readonly PhoneSummary[] {
  const current = catalog(world);
  current.phonesNewestFirst ??= [...current.phones.values()].reverse();
  return current.phonesNewestFirst;
}

/** How many phone numbers sent or received a message. */
export function phoneCount(world: ReadonlyWorld): number {
  return catalog(world).phones.size;
}

/** One phone's thread: messages to it and replies from it, oldest first. */
export function phoneThread(
  world: ReadonlyWorld,
  number: string,
): ({ kind: 'outbound'; message: MessageRecord } | { kind: 'inbound'; message: InboundMessage })[] {
  const outbound = messagesOldestFirst(world)
    .filter((message) => message.e164 === number)
    .map((message) => ({ kind: 'outbound' as const, message, at: message.createdAt }));
  const inbound = world.inbound
    .filter((message) => message.from === number)
    .map((message) => ({ kind: 'inbound' as const, message, at: message.receivedAt }));
  return [...outbound, ...inbound].sort((a, b) => a.at - b.at).map(({ at: _, ...item }) => item);
}

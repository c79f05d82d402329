/**
 * The inspector's lists, read from the world itself (no lossy cache of recent activity, D100):
 * every message newest first, every phone number with its message count and last activity. A
 * world only ever grows (reset and restore replace it), so each derived list is kept per world and
 * brought up to date with only what was added since it was last read.
 */
import type { InboundMessage, MessageRecord } from '../../domain/kernel/model';
import type { World } from '../../domain/kernel/world';

/** A phone number as the inspector lists it. */
export interface PhoneSummary {
  /** E.164 (as written when it is not a valid number). */
  readonly number: string;
  outbound: number;
  inbound: number;
  /** World time of the latest message to or from it, epoch ms. */
  lastAt: number;
}

interface Catalog {
  /** Every message catalogued so far, oldest first by creation time. */
  readonly messages: MessageRecord[];
  /** How many of each tenant's rows are catalogued. */
  readonly tenantSeen: Map<string, number>;
  readonly phones: Map<string, PhoneSummary>;
  inboundSeen: number;
}

const catalogs = new WeakMap<World, Catalog>();

/** The world's catalog, brought up to date. */
function catalog(world: World): Catalog {
  let current = catalogs.get(world);
  if (current === undefined) {
    current = { messages: [], tenantSeen: new Map(), phones: new Map(), inboundSeen: 0 };
    catalogs.set(world, current);
  }
  if (current.messages.length !== world.messages.size) catchUpMessages(world, current);
  if (current.inboundSeen !== world.inbound.length) catchUpInbound(world, current);
  return current;
}

// Records are never removed and the clock never goes back, so what was added since the last read
// is each tenant's rows past the ones already seen, all created no earlier than what is catalogued:
// sorting just those and appending keeps the whole list in creation order.
function catchUpMessages(world: World, current: Catalog): void {
  const fresh: MessageRecord[] = [];
  for (const organization of world.organizations.values()) {
    for (const environment of ['live', 'test'] as const) {
      const key = `${organization.id}|${environment}`;
      const rows = world.messages.tenant(organization.id, environment);
      const seen = current.tenantSeen.get(key) ?? 0;
      for (let i = seen; i < rows.length; i++) fresh.push(rows[i]!);
      if (rows.length !== seen) current.tenantSeen.set(key, rows.length);
    }
  }
  fresh.sort(byCreation);
  for (const message of fresh) {
    current.messages.push(message);
    touch(current.phones, message.e164, message.createdAt).outbound++;
  }
}

function catchUpInbound(world: World, current: Catalog): void {
  for (let i = current.inboundSeen; i < world.inbound.length; i++) {
    const inbound = world.inbound[i]!;
    touch(current.phones, inbound.from, inbound.receivedAt).inbound++;
  }
  current.inboundSeen = world.inbound.length;
}

function touch(phones: Map<string, PhoneSummary>, number: string, at: number): PhoneSummary {
  let phone = phones.get(number);
  if (phone === undefined) {
    phone = { number, outbound: 0, inbound: 0, lastAt: at };
    phones.set(number, phone);
  }
  if (at > phone.lastAt) phone.lastAt = at;
  return phone;
}

function byCreation(a: MessageRecord, b: MessageRecord): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Every message, oldest first (the live array: do not mutate). Read it from the end for newest. */
export function messagesOldestFirst(world: World): readonly MessageRecord[] {
  return catalog(world).messages;
}

/** Every phone number that sent or received a message, most recently active first. */
export function phonesByActivity(world: World): PhoneSummary[] {
  return [...catalog(world).phones.values()].sort(
    (a, b) => b.lastAt - a.lastAt || (a.number < b.number ? -1 : 1),
  );
}

/** One phone's thread: messages to it and replies from it, oldest first. */
export function phoneThread(
  world: World,
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

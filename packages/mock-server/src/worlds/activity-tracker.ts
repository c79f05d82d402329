/**
 * What the inspector remembers beyond the world's own state: which phone numbers were active most
 * recently (with their threads) and which campaigns are newest. It listens to the world's events,
 * so nothing is scanned per poll, and every map is bounded so a long-running server does not grow
 * without limit. Status histories are the world's own (`messageHistory` and `campaignHistory` of
 * `@msgsvc/mock/port`): complete, and carried by snapshots and state files.
 *
 * The world is replaced by `reset` (and restore): {@link ActivityTracker.sync} notices, as the
 * port's `readonlyWorld(mock)` is then another object, and rebuilds from the new world's records.
 */
import type { ReadonlyWorld, WorldEvent } from '@msgsvc/mock/port';

/** An item of a phone's thread. */
export type ThreadItem = { readonly kind: 'outbound' | 'inbound'; readonly id: string };

/** Bounds of what is remembered. */
export interface TrackerLimits {
  readonly phones: number;
  readonly threadLength: number;
  readonly campaigns: number;
}

/** How many existing records a rebuild (after a reset or restore) puts back into threads. */
const REBUILD = 5_000;

const DEFAULT_LIMITS: TrackerLimits = {
  phones: 500,
  threadLength: 100,
  campaigns: 100,
};

/** Follows one world at a time; see the module comment. */
export class ActivityTracker {
  /** E.164 → thread, least recently active first (a `Map` keeps insertion order). */
  readonly phones = new Map<string, ThreadItem[]>();
  /** Campaign ids, oldest first. */
  readonly campaigns: string[] = [];
  /** Increases with every event and every world replacement: a cheap "something changed" marker. */
  version = 0;
  private world: ReadonlyWorld | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly currentWorld: () => ReadonlyWorld,
    private readonly limits: TrackerLimits = DEFAULT_LIMITS,
  ) {
    this.sync();
  }

  /** Follows the current world, rebuilding if it was replaced. Cheap when it was not. */
  sync(): ReadonlyWorld {
    const world = this.currentWorld();
    if (world !== this.world) this.attach(world);
    return world;
  }

  /** Stops listening. */
  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** The most recently active phone numbers, newest first. */
  recentPhones(limit: number): [string, readonly ThreadItem[]][] {
    return [...this.phones].slice(-limit).reverse();
  }

  /** The newest campaign ids, newest first. */
  recentCampaigns(limit: number): string[] {
    return this.campaigns.slice(-limit).reverse();
  }

  private attach(world: ReadonlyWorld): void {
    this.close();
    this.version++;
    this.world = world;
    this.phones.clear();
    this.campaigns.length = 0;
    // Records that exist before we listen (a restored world): threads in time order.
    // Only the newest ones matter, and each tenant's messages are already in creation order.
    const known: { e164: string; item: ThreadItem; at: number }[] = [];
    for (const organization of world.organizations.values()) {
      for (const environment of ['live', 'test'] as const) {
        for (const message of world.messages.tenant(organization.id, environment).slice(-REBUILD)) {
          known.push({
            e164: message.e164,
            item: { kind: 'outbound', id: message.id },
            at: message.createdAt,
          });
        }
      }
    }
    for (const inbound of world.inbound.slice(-REBUILD)) {
      known.push({
        e164: inbound.from,
        item: { kind: 'inbound', id: inbound.id },
        at: inbound.receivedAt,
      });
    }
    known.sort((a, b) => a.at - b.at);
    for (const { e164, item } of known.slice(-REBUILD)) this.addToThread(e164, item);
    const campaigns = [...world.campaigns.all()].sort((a, b) => a.createdAt - b.createdAt);
    for (const campaign of campaigns.slice(-this.limits.campaigns))
      this.campaigns.push(campaign.id);
    this.unsubscribe = world.subscribe((event) => this.onEvent(world, event));
  }

  private onEvent(world: ReadonlyWorld, event: WorldEvent): void {
    this.version++;
    switch (event.type) {
      case 'message.created': {
        const message = world.messages.get(event.messageId);
        if (message === undefined) return;
        this.addToThread(message.e164, { kind: 'outbound', id: message.id });
        return;
      }
      case 'message.received': {
        const inbound = findInbound(world, event.inboundId);
        if (inbound !== undefined)
          this.addToThread(inbound.from, { kind: 'inbound', id: inbound.id });
        return;
      }
      case 'campaign.created': {
        this.campaigns.push(event.campaignId);
        if (this.campaigns.length > this.limits.campaigns) this.campaigns.shift();
        return;
      }
      default:
        // Status changes are the world's own history; other events change no thread.
        return;
    }
  }

  private addToThread(e164: string, item: ThreadItem): void {
    const thread = this.phones.get(e164) ?? [];
    // Delete and re-insert: the phone moves to the most recently active end.
    this.phones.delete(e164);
    this.phones.set(e164, thread);
    thread.push(item);
    if (thread.length > this.limits.threadLength) thread.shift();
    if (this.phones.size > this.limits.phones) {
      this.phones.delete(this.phones.keys().next().value!);
    }
  }
}

function findInbound(world: ReadonlyWorld, id: string) {
  // The newest inbound message is almost always the one just announced: search from the end.
  for (let i = world.inbound.length - 1; i >= 0; i--) {
    if (world.inbound[i]!.id === id) return world.inbound[i];
  }
  return undefined;
}

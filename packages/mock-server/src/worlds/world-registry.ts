/**
 * The worlds of one server: the starting world, which every unprefixed control path and every key
 * it knows reach, and the worlds created through `POST /__mock/worlds`, each a service of its own
 * whose keys carry its namespace right after `svc_live_` or `svc_test_`.
 */
import { randomBytes } from 'node:crypto';
import { DomainError } from '@msgsvc/mock';
import { readonlyWorld } from '@msgsvc/mock/port';
import { ControlError } from '../errors/control-errors';
import { type BuiltWorld, buildWorld, type WorldSettings } from './build-world';
import { fingerprint, LiveFeed } from './live';
import type { KeyOwner } from './request-log';
import { SnapshotStore } from './snapshot-store';

/** Length of a created world's key namespace: 62^8 values, drawn at random. */
const NAMESPACE_LENGTH = 8;
/** Length of `svc_live_` and `svc_test_`. */
const KEY_PREFIX_LENGTH = 9;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** One world of the server and what the server keeps beside it (see {@link WorldRegistry.add}). */
export type WorldEntry = ReturnType<WorldRegistry['add']>;

/** Options of {@link WorldRegistry}. */
export interface WorldRegistryOptions {
  /** Idle time after which a created world is freed, in ms; 0 never. Default 30 minutes. */
  readonly ttlMs?: number | undefined;
  /** The most worlds at once, the default one included. Default 1000. */
  readonly maxWorlds?: number | undefined;
  /** The wall clock (epoch ms) the time-to-live is measured on. Default `Date.now`. */
  readonly now?: (() => number) | undefined;
}

/** The worlds of a server; see the module comment. */
export class WorldRegistry {
  /** The starting world. */
  readonly default: WorldEntry;
  /** Idle time-to-live of created worlds, in ms (0: never freed). */
  readonly ttlMs: number;
  private readonly byId = new Map<string, WorldEntry>();
  private readonly byNamespace = new Map<string, WorldEntry>();
  /** Ends each world's {@link WorldEntry.ended}, by id. */
  private readonly enders = new Map<string, () => void>();
  private readonly maxWorlds: number;
  private readonly now: () => number;

  constructor(starting: BuiltWorld, options: WorldRegistryOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30 * 60_000;
    this.maxWorlds = options.maxWorlds ?? 1000;
    this.now = options.now ?? Date.now;
    this.default = this.add('default', null, undefined, starting);
  }

  /** How many worlds the server holds, the default one included. */
  get size(): number {
    return this.byId.size;
  }

  /**
   * The world a public request with this `X-API-KEY` belongs to: the created world whose
   * namespace the key carries, else the default world (which answers 401 to a key it does not
   * know, a deleted world's included). One `Map` lookup, and none while only the default exists.
   */
  forKey(key: string | undefined): WorldEntry {
    if (key === undefined || this.byNamespace.size === 0) return this.default;
    const start = key.charCodeAt(0) <= 32 ? key.trimStart() : key;
    if (!start.startsWith('svc_live_') && !start.startsWith('svc_test_')) return this.default;
    const namespace = start.slice(KEY_PREFIX_LENGTH, KEY_PREFIX_LENGTH + NAMESPACE_LENGTH);
    const found = this.byNamespace.get(namespace);
    if (found === undefined) return this.default;
    found.lastUsed = this.now();
    return found;
  }

  /** The world with this id, marked as used; a 404 `RESOURCE_NOT_FOUND` otherwise. */
  get(id: string): WorldEntry {
    const entry = this.byId.get(id);
    if (entry === undefined) {
      throw new DomainError({ code: 'RESOURCE_NOT_FOUND', message: `World ${id} not found.` });
    }
    entry.lastUsed = this.now();
    return entry;
  }

  /** Every world, the default first, then by creation. */
  list(): WorldEntry[] {
    return [...this.byId.values()];
  }

  /**
   * Creates a world from settings (its own keys, clock, faults, rate limits, outbox, log), or a
   * fork of `from`: its current state (records, money, clock and pending work) with its keys'
   * secrets its own.
   *
   * @throws {ControlError} `WORLD_LIMIT_REACHED` when the server holds its maximum of worlds.
   */
  create(settings: WorldSettings, name: string | null = null, from?: WorldEntry): WorldEntry {
    if (this.byId.size >= this.maxWorlds) {
      throw new ControlError(
        'WORLD_LIMIT_REACHED',
        `This server holds its maximum of ${this.maxWorlds} worlds: delete some (DELETE /__mock/worlds/{id}), or start it with a higher --max-worlds.`,
      );
    }
    let namespace: string;
    do {
      const bytes = Array.from(randomBytes(NAMESPACE_LENGTH));
      namespace = bytes.map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
    } while (this.byNamespace.has(namespace));
    let id: string;
    do id = `w${randomBytes(8).toString('hex')}`;
    while (this.byId.has(id));
    const built = buildWorld(settings, namespace, id);
    if (from !== undefined) {
      built.mock.restore(from.mock.snapshot());
      built.requestLog.clear();
    }
    return this.add(id, name, namespace, built);
  }

  /** A new world starting from another one's current state (see {@link create}). */
  fork(id: string, name: string | null = null): WorldEntry {
    const source = this.get(id);
    return this.create(source.settings, name, source);
  }

  /**
   * Frees a created world: its keys answer 401 from now on. The default world stays.
   *
   * @throws {ControlError} `WORLD_PERMANENT` for the default world; a 404 for an unknown id.
   */
  delete(id: string): void {
    const entry = this.get(id);
    if (entry === this.default) {
      throw new ControlError(
        'WORLD_PERMANENT',
        'The default world cannot be deleted; POST /__mock/reset starts it again.',
      );
    }
    this.remove(entry);
  }

  /** Frees every created world idle for the time-to-live; returns their ids. */
  sweep(): string[] {
    const now = this.now();
    const expired = this.list().filter(
      (entry) => (this.expiresAt(entry) ?? Number.POSITIVE_INFINITY) <= now,
    );
    for (const entry of expired) this.remove(entry);
    return expired.map((entry) => entry.id);
  }

  /** When a world is freed unless used again (epoch ms), or `null` (the default world; no TTL). */
  expiresAt(entry: WorldEntry): number | null {
    return entry === this.default || this.ttlMs <= 0 ? null : entry.lastUsed + this.ttlMs;
  }

  /**
   * Who holds a key a request to world `worldId` sent: that world, else the created world whose
   * namespace the key carries (as {@link forKey} routes it), else the default world; `world` is
   * the one holding it when it is not the request's own (null when it is).
   */
  keyOwner(worldId: string, sent: string): KeyOwner | null {
    const key = sent.trim();
    const namespace = key.slice(KEY_PREFIX_LENGTH, KEY_PREFIX_LENGTH + NAMESPACE_LENGTH);
    const worlds = [this.byId.get(worldId), this.byNamespace.get(namespace), this.default];
    for (const entry of worlds) {
      const found = entry === undefined ? undefined : readonlyWorld(entry.mock).apiKeys.get(key);
      if (entry === undefined || found === undefined) continue;
      return {
        world: entry.id === worldId ? null : { id: entry.id, name: entry.name },
        organization_id: found.organizationId,
        environment: found.environment,
      };
    }
    return null;
  }

  /** Runs every world's due background work (the server's real-clock tick). */
  runDue(): void {
    for (const entry of this.byId.values()) entry.mock.clock.runDue();
  }

  /** Stops following every world (the server is closing). */
  close(): void {
    for (const entry of this.byId.values()) entry.live.close();
  }

  /** Wraps a built world into the server's entry for it, and holds it. */
  private add(id: string, name: string | null, namespace: string | undefined, built: BuiltWorld) {
    const { mock, requestLog } = built;
    // The log's times agree with the rest of the inspector: world time.
    requestLog.worldNow = () => readonlyWorld(mock).now();
    requestLog.keyOwner = (key) => this.keyOwner(id, key);
    const now = this.now();
    const entry = {
      ...built,
      /** `default` for the starting world; `w` and 16 hex digits for a created one. */
      id,
      /** A label its creator gave, for people (the inspector's world selector). */
      name,
      /** What every key of the world carries after its environment prefix; none for the default. */
      namespace,
      /** Snapshots taken of this world (restored only into it). */
      snapshots: new SnapshotStore(),
      /** The inspector's live change events for this world. */
      live: new LiveFeed(() => fingerprint(built)),
      /** Wall-clock epoch ms of its creation. */
      createdAt: now,
      /** Wall-clock epoch ms of the last request that reached it. */
      lastUsed: now,
      /** Set once the world is deleted or expired: requests still in flight must not answer 2xx. */
      gone: false,
      /** Settles when the world is deleted or expired, for the requests it holds. */
      ended: new Promise<void>((resolve) => this.enders.set(id, resolve)),
    };
    this.byId.set(id, entry);
    if (namespace !== undefined) this.byNamespace.set(namespace, entry);
    return entry;
  }

  private remove(entry: WorldEntry): void {
    this.byId.delete(entry.id);
    entry.gone = true;
    this.enders.get(entry.id)?.();
    this.enders.delete(entry.id);
    if (entry.namespace !== undefined) this.byNamespace.delete(entry.namespace);
    entry.live.close();
  }
}

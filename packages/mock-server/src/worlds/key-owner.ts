/**
 * Whose API key a refused request sent: the organization and environment of the key in
 * the request's own world, or the other world that holds it. The request log asks when an entry
 * is first read, while it still has the full key, and keeps only this answer: the near-miss hints
 * can then say "this message is another organization's" without the key ever being kept or shown.
 */
import type { MockService } from '@msgsvc/mock';
import { readonlyWorld } from '@msgsvc/mock/port';

/**
 * The worlds a lookup searches: what it reads of the server's world registry, named here so that
 * this file does not import the registry that imports it (the registry passes itself).
 */
export interface KeyHoldingWorlds {
  /** Every live world, the request's own among them. */
  list(): readonly {
    readonly id: string;
    readonly name: string | null;
    readonly mock: MockService;
  }[];
}

/** Who holds a key. */
export interface KeyOwner {
  /** The world holding the key when it is not the request's own; null when it is. */
  readonly world: { readonly id: string; readonly name: string | null } | null;
  readonly organization_id: string;
  readonly environment: string;
  readonly revoked: boolean;
}

/** Finds who holds a key (the full key, as sent); null when no world knows it. */
export type KeyOwnerLookup = (key: string) => KeyOwner | null;

/**
 * The lookup for the log of world `worldId`: its own keys first, then every other live world's
 * (one `Map` lookup per world, so bounded by the cap on worlds).
 */
export function keyOwnerLookup(registry: KeyHoldingWorlds, worldId: string): KeyOwnerLookup {
  return (sent) => {
    const key = sent.trim();
    const worlds = registry.list();
    const own = worlds.find((entry) => entry.id === worldId);
    const ordered = own === undefined ? worlds : [own, ...worlds.filter((w) => w !== own)];
    for (const entry of ordered) {
      const found = readonlyWorld(entry.mock).apiKeys.get(key);
      if (found === undefined) continue;
      return {
        world: entry.id === worldId ? null : { id: entry.id, name: entry.name },
        organization_id: found.organizationId,
        environment: found.environment,
        revoked: found.revoked,
      };
    }
    return null;
  };
}

/**
 * Snapshots kept by the server, so that a test suite in any language can save the world before a
 * test and bring it back after without shipping the whole world over HTTP. Snapshots share the
 * world's immutable records, so each one costs a shallow copy of the mutable ones; the store keeps
 * the most recent {@link SNAPSHOT_LIMIT}.
 */
import { randomUUID } from 'node:crypto';
import { DomainError, type WorldSnapshot } from '@msgsvc/mock';

/** How many snapshots the server keeps (the oldest is dropped first). */
const SNAPSHOT_LIMIT = 50;

/** A stored snapshot (`createdAt`: the wall-clock time it was taken). */
export type StoredSnapshot = ReturnType<SnapshotStore['add']>;

/** The server's snapshots, oldest first. */
export class SnapshotStore {
  private readonly entries = new Map<string, StoredSnapshot>();

  /** Stores a snapshot and returns its record. */
  add(snapshot: WorldSnapshot, name: string | null) {
    const stored = { id: randomUUID(), name, createdAt: new Date(), snapshot };
    this.entries.set(stored.id, stored);
    if (this.entries.size > SNAPSHOT_LIMIT) this.entries.delete(this.entries.keys().next().value!);
    return stored;
  }

  /** The snapshot with `id`, or a 404. */
  get(id: string): StoredSnapshot {
    const stored = this.entries.get(id);
    if (stored === undefined) {
      throw new DomainError({ code: 'RESOURCE_NOT_FOUND', message: 'Snapshot not found.' });
    }
    return stored;
  }

  /** Forgets a snapshot (404 if unknown). */
  delete(id: string): void {
    this.get(id);
    this.entries.delete(id);
  }

  /** Every stored snapshot, oldest first. */
  list(): StoredSnapshot[] {
    return [...this.entries.values()];
  }
}

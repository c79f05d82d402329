/**
 * The id half of the near-miss hints: what is wrong with an id's shape, and what an id names in a
 * world (each lookup is one `Map` read).
 */
import type { ReadonlyWorld } from '@msgsvc/mock/port';

/** A kind of record an id can name. */
type RecordKind = 'message' | 'campaign' | 'sender ID' | 'organization' | 'contact';

/** What an id names in a world (`environment`: `live` or `test` for records that have one). */
export type FoundRecord = NonNullable<ReturnType<typeof findRecord>>;

/** Where each kind of record is looked up, in the order an id is tried. */
const LOOKUPS: readonly (readonly [
  RecordKind,
  (world: ReadonlyWorld, id: string) => { readonly organizationId: string } | undefined,
])[] = [
  ['message', (world, id) => world.messages.get(id)],
  ['campaign', (world, id) => world.campaigns.get(id)],
  ['sender ID', (world, id) => world.senders.get(id)],
  [
    'organization',
    (world, id) => (world.organizations.has(id) ? { organizationId: id } : undefined),
  ],
  ['contact', (world, id) => world.contacts.get(id)],
];

/** Finds the record an id names in a world, of whatever kind. */
export function findRecord(world: ReadonlyWorld, id: string) {
  for (const [kind, lookup] of LOOKUPS) {
    const record = lookup(world, id);
    if (record === undefined) continue;
    // Only messages and campaigns belong to one environment.
    const environment = 'environment' in record ? String(record.environment) : null;
    return { kind, id, organizationId: record.organizationId, environment };
  }
  return undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Why `value` does not fit `pattern` (a path parameter's, from the contract): the `problem` in
 * words (`it has the prefix "msg_"`) and the id `meant`, once the problem is taken away, when that
 * fits the pattern. Undefined when it fits.
 */
export function shapeProblem(value: string, pattern: string | null) {
  const regex = pattern === null ? undefined : new RegExp(pattern, 'u');
  const fitsPattern = (id: string) => regex?.test(id) ?? true;
  if (fitsPattern(value)) return undefined;
  const fix = (problem: string, meant: string) => ({
    problem,
    meant: fitsPattern(meant) ? meant : null,
  });
  const bare = value.trim().replace(/^["'{<[(]+|["'}>\])]+$/g, '');
  if (bare !== value && bare !== '') {
    return fix('it has spaces, quotes or brackets around it', dashed(bare));
  }
  const prefixed = /^([A-Za-z]{2,8}_)(.+)$/.exec(value);
  if (prefixed !== null) {
    return fix(
      `it has the prefix "${prefixed[1]}" (ids in paths are bare UUIDs)`,
      dashed(prefixed[2]!),
    );
  }
  if (/^[0-9a-f]{32}$/i.test(value)) {
    return fix('it is a UUID written without its dashes', dashed(value));
  }
  const version = UUID.exec(value)?.[1];
  if (version !== undefined) {
    return {
      problem: `it is a UUID of version ${version}, not the one this path takes`,
      meant: null,
    };
  }
  return { problem: 'it is not a UUID', meant: null };
}

/** A 32-digit hex string with the dashes of a UUID put back; anything else as it is. */
function dashed(text: string): string {
  return text.replace(
    /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/i,
    '$1-$2-$3-$4-$5',
  );
}

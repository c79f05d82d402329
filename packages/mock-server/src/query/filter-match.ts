/**
 * What a parsed filter (`query-language.ts`) lets through: one predicate per query, with its names
 * resolved once (an organization or campaign named by id or by name becomes a set of ids), so the
 * scan over a world's messages compares fields and nothing else.
 */
import {
  type CampaignRecord,
  isOptedOut,
  listStatusOf,
  type MessageRecord,
  type ReadonlyWorld,
} from '@msgsvc/mock/port';
import type { CampaignFilter, MessageFilter } from './query-language';

/** A test of one record. */
export type Predicate<T> = (record: T) => boolean;

/** The ids of the organizations `org:` names (by id or by name, case ignored). */
function organizationIds(world: ReadonlyWorld, names: readonly string[]): Set<string> {
  const ids = new Set<string>();
  for (const organization of world.organizations.values()) {
    const id = organization.id.toLowerCase();
    const name = organization.name.toLowerCase();
    if (names.some((wanted) => wanted === id || wanted === name)) ids.add(organization.id);
  }
  return ids;
}

/** The campaigns `campaign:` names (by id or by name, case ignored). */
export function campaignsNamed(world: ReadonlyWorld, names: readonly string[]): CampaignRecord[] {
  const found = new Map<string, CampaignRecord>();
  for (const wanted of names) {
    const byId = world.campaigns.get(wanted);
    if (byId !== undefined) found.set(byId.id, byId);
  }
  // A name is looked for only when some value is no campaign's id (ids are the usual case).
  if (found.size < names.length) {
    for (const campaign of world.campaigns.all()) {
      if (names.includes(campaign.name.toLowerCase())) found.set(campaign.id, campaign);
    }
  }
  return [...found.values()];
}

function campaignIds(world: ReadonlyWorld, names: readonly string[]): Set<string> {
  return new Set(campaignsNamed(world, names).map((campaign) => campaign.id));
}

/** Keys shared by both lists: the parts of a record they test. */
interface Common {
  readonly organizationId: string;
  readonly channel: string;
  readonly environment: string;
  readonly status: string;
  readonly createdAt: number;
}

/** The tests of the keys both lists share; `campaignOf` reads the campaign a record belongs to. */
function commonTests<T extends Common>(
  world: ReadonlyWorld,
  filter: MessageFilter | CampaignFilter,
  campaignOf: (record: T) => string | null,
): Predicate<T>[] {
  const tests: Predicate<T>[] = [];
  if (filter.campaigns.length > 0) {
    const ids = campaignIds(world, filter.campaigns);
    tests.push((record) => {
      const id = campaignOf(record);
      return id !== null && ids.has(id);
    });
  }
  if (filter.orgs.length > 0) {
    const ids = organizationIds(world, filter.orgs);
    tests.push((record) => ids.has(record.organizationId));
  }
  if (filter.channels.length > 0) {
    const channels = new Set<string>(filter.channels);
    tests.push((record) => channels.has(record.channel));
  }
  if (filter.environments.length > 0) {
    const environments = new Set<string>(filter.environments);
    tests.push((record) => environments.has(record.environment));
  }
  if (filter.before.length > 0) {
    const latest = Math.max(...filter.before);
    tests.push((record) => record.createdAt < latest);
  }
  if (filter.after.length > 0) {
    const earliest = Math.min(...filter.after);
    tests.push((record) => record.createdAt >= earliest);
  }
  return tests;
}

function all<T>(tests: readonly Predicate<T>[]): Predicate<T> | undefined {
  if (tests.length === 0) return undefined;
  if (tests.length === 1) return tests[0];
  return (record) => {
    for (const test of tests) if (!test(record)) return false;
    return true;
  };
}

/** The test of a message filter's keys (its free text aside); `undefined` lets everything through. */
export function messagePredicate(
  world: ReadonlyWorld,
  filter: MessageFilter,
): Predicate<MessageRecord> | undefined {
  const tests = commonTests<MessageRecord>(world, filter, (message) => message.campaignId);
  if (filter.statuses.length > 0) {
    // As the public lists' `status=`: a status they report (`failed`) holds for every exact
    // status they report as it (`FAILED`, `REJECTED`, `CANCELLED`); one they never report
    // (`rejected`) holds for that exact status alone.
    const statuses = new Set<string>(filter.statuses);
    tests.push(
      (message) => statuses.has(listStatusOf(message.status)) || statuses.has(message.status),
    );
  }
  if (filter.errors.length > 0) {
    const codes = new Set(filter.errors);
    tests.push((message) => message.errorCode !== null && codes.has(message.errorCode));
  }
  if (filter.to.length > 0) {
    const runs = filter.to;
    tests.push((message) => runs.some((digits) => message.e164.includes(digits)));
  }
  // `is:` flags must all hold: `is:refunded is:opted-out` is both, not either.
  for (const flag of new Set(filter.flags)) {
    tests.push(
      flag === 'refunded'
        ? (message) => message.refunded
        : (message) => isOptedOut(world, message.organizationId, message.environment, message.e164),
    );
  }
  return all(tests);
}

/** The test of a campaign filter's keys (its free text aside); `undefined` lets everything through. */
export function campaignPredicate(
  world: ReadonlyWorld,
  filter: CampaignFilter,
): Predicate<CampaignRecord> | undefined {
  // A campaign is its own `campaign:`.
  const tests = commonTests<CampaignRecord>(world, filter, (campaign) => campaign.id);
  if (filter.statuses.length > 0) {
    const statuses = new Set<string>(filter.statuses);
    tests.push((record) => statuses.has(record.status));
  }
  return all(tests);
}

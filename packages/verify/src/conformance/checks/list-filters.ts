/**
 * Every filter and alias of the three lists, each with data that makes it discriminate: on this
 * run's settled campaign (three messages with three statuses, two error codes, one sender ID) and
 * this run's campaigns, every filter is asked for each value the records hold (a strict subset),
 * for a value none holds (none), and repeated (any of the values, never all at once), and must
 * answer exactly the records whose fields match. A filter that was ignored answers too many; one
 * AND-ed when repeated answers too few. `GET /messages` is asked with one `campaign_id` and with
 * two, since a service may answer those two ways (spec GET /messages, GET /campaigns, GET
 * /campaigns/{campaign_id}/messages).
 */
import type { Api } from '../check-kit/api';
import { checks } from '../check-kit/check';
import { expectThat } from '../check-kit/drift';
import { settledCampaign, settledRunCampaigns } from '../check-kit/fixtures';
import { ABSENT_ID, type Entry, idsOf, listPage, type Query } from '../check-kit/lists';
import { enumOf } from './contract';

/** A second UUID v7 no service has issued, for a filter repeated with values none holds. */
const ABSENT_ID_2 = '01890000-0000-7000-8000-00000000a5e8';

/** One filter asked: the query and which of the known records must answer it. */
interface FilterCase {
  readonly query: Query;
  readonly keep: (entry: Entry) => boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const valuesOf = (entries: readonly Entry[], field: string) =>
  [...new Set(entries.map((e) => e[field]).filter((v) => typeof v === 'string'))] as string[];

/** `param` asked with each list of values, keeping entries whose `field` is one of them. */
function cases(param: string, field: string, lists: readonly (readonly string[])[]): FilterCase[] {
  return lists.map((values) => ({
    query: { [param]: values },
    keep: (entry) => values.includes(text(entry[field])),
  }));
}

/**
 * `param` (a field of the same name) asked with each value of the contract's enumeration `name`
 * alone, and with all of them repeated, last first.
 */
function eachOf(param: string, name: string): FilterCase[] {
  const values = enumOf(name);
  return cases(param, param, [...values.map((v) => [v]), [...values].reverse()]);
}

/** Each value held alone, a value none holds, and every held value repeated with it. */
function eachValue(entries: readonly Entry[], param: string, field: string, absent: string) {
  const held = valuesOf(entries, field);
  return cases(param, field, [...held.map((v) => [v]), [absent], [absent, ...held]]);
}

/**
 * The sender ID filter under both its names at once, the first with a value none holds and the
 * second with the records' sender ID: a record matches any value of either.
 */
function bothNames(entries: readonly Entry[], [none, held]: readonly string[]): FilterCase[] {
  return valuesOf(entries, 'sms_remitter_id').map((sender) => ({
    query: { [none!]: [ABSENT_ID], [held!]: [sender] },
    keep: (e) => e.sms_remitter_id === sender,
  }));
}

/** Timestamps one microsecond apart (microsecond precision). */
function shiftMicros(timestamp: string, delta: number): string {
  const match = /^(.*T\d{2}:\d{2}:\d{2})\.(\d{6})(.*)$/.exec(timestamp);
  if (match === null) return timestamp;
  const micros = Date.parse(`${match[1]}${match[3]}`) * 1000 + Number(match[2]) + delta;
  const seconds = Math.floor(micros / 1_000_000);
  const fraction = String(micros - seconds * 1_000_000).padStart(6, '0');
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}.${fraction}+00:00`;
}

/** The inclusive date-time bounds at, just inside and just outside the records' own times. */
export function createdAtCases(entries: readonly Entry[]): FilterCase[] {
  const times = entries.map((e) => text(e.created_at)).sort();
  const first = times[0]!;
  const last = times[times.length - 1]!;
  const at = (ge?: string, le?: string): FilterCase => ({
    query: { created_at__ge: ge, created_at__le: le },
    keep: (e) =>
      (ge === undefined || text(e.created_at) >= ge) &&
      (le === undefined || text(e.created_at) <= le),
  });
  return [
    at(first),
    at(undefined, last),
    at(first, last),
    at(last),
    at(undefined, first),
    at(shiftMicros(last, 1)),
    at(undefined, shiftMicros(first, -1)),
  ];
}

/** The message filters shared by both message lists. */
function messageCases(entries: readonly Entry[], senderParams: readonly string[]): FilterCase[] {
  const all: FilterCase[] = [
    ...eachOf('status', 'MessageListStatus'),
    ...cases('status', 'status', [
      ['FAILED', 'UNDELIVERED'],
      ['DELIVERED', 'UNDELIVERED'],
    ]),
    ...eachOf('channel_type', 'ChannelType'),
    ...eachValue(entries, 'error_code', 'error_code', 'VERIFY_NO_SUCH_CODE'),
    ...eachOf('trigger_source', 'TriggerSource'),
    ...eachValue(entries, 'channel_destination', 'channel_destination', 'VERIFY_NOWHERE'),
    ...eachValue(entries, 'contact_id', 'contact_id', ABSENT_ID),
    ...cases('contact_id', 'contact_id', [[ABSENT_ID, ABSENT_ID_2]]),
    ...senderParams.flatMap((param) => eachValue(entries, param, 'sms_remitter_id', ABSENT_ID)),
    ...createdAtCases(entries),
  ];
  if (senderParams.length === 2) all.push(...bothNames(entries, senderParams));
  const number = entries.find((e) => e.status === 'DELIVERED') ?? entries[0];
  if (number !== undefined) {
    const digits = text(number.e164_format).replace(/\D/g, '').slice(-7);
    all.push({ query: { q: digits }, keep: (e) => text(e.e164_format).includes(digits) });
    all.push({ query: { q: '999999999999' }, keep: () => false });
  }
  return all;
}

/** Fails unless each case answers exactly the known records it keeps (ids and total). */
export async function expectCases(
  api: Api,
  path: string,
  base: Query,
  known: readonly Entry[],
  all: readonly FilterCase[],
): Promise<void> {
  for (const { query, keep } of all) {
    const page = await listPage(api, path, { ...base, ...query, size: 200 });
    const want = idsOf(known.filter(keep)).sort();
    const got = idsOf(page.entries).sort();
    expectThat(
      page.total === want.length && got.join() === want.join(),
      `${page.where}: exactly ${want.length} record(s) ${want.join(', ')}`,
      () => `total ${page.total}: ${got.join(', ')}`,
    );
  }
}

/** The checks of this group. */
export const LIST_FILTER_CHECKS = checks({
  'filters.messages-each': {
    title: 'GET /messages with one campaign_id: every filter and alias keeps exactly its records',
    cites: 'spec GET /messages; D18; D22; D23; D24',
    async run(context) {
      const { id, entries } = await settledCampaign(context);
      const all = messageCases(entries, ['sms_remitter_id', 'remitter_id']);
      await expectCases(context.api, '/messages', { campaign_id: id }, entries, all);
    },
  },
  'filters.messages-each-repeated-campaign': {
    title:
      'GET /messages with campaign_id repeated: every filter and alias keeps exactly its records',
    cites: 'spec GET /messages (repeatable); D18; D22; D23; D24',
    async run(context) {
      const { id, entries } = await settledCampaign(context);
      const all = messageCases(entries, ['sms_remitter_id', 'remitter_id']);
      // A second campaign_id no record has: the same records, asked as a repeated filter.
      await expectCases(context.api, '/messages', { campaign_id: [ABSENT_ID, id] }, entries, all);
    },
  },
  'filters.campaign-messages-each': {
    title: 'GET /campaigns/{id}/messages: every filter keeps exactly its records',
    cites: 'spec GET /campaigns/{campaign_id}/messages; D18; D22; D23; D24',
    async run(context) {
      const { id, entries } = await settledCampaign(context);
      const all = [
        ...messageCases(entries, ['sms_remitter_id']),
        ...cases('campaign_id', 'campaign_id', [[id], [ABSENT_ID], [ABSENT_ID, id]]),
      ];
      await expectCases(context.api, `/campaigns/${id}/messages`, {}, entries, all);
    },
  },
  'filters.campaigns-each': {
    title: 'GET /campaigns: every filter and alias keeps exactly its records',
    cites: 'spec GET /campaigns; D11; D17; D22; D23; D24',
    async run(context) {
      const entries = await settledRunCampaigns(context);
      const all: FilterCase[] = [
        ...eachOf('status', 'CampaignStatus'),
        ...eachValue(entries, 'status', 'status', 'PENDING'),
        ...eachOf('channel_type', 'ChannelType'),
        ...cases('tag_id', 'tag_id', [[ABSENT_ID]]),
        ...eachValue(entries, 'remitter_id', 'sms_remitter_id', ABSENT_ID),
        ...eachValue(entries, 'sms_remitter_id', 'sms_remitter_id', ABSENT_ID),
        ...eachValue(entries, 'error_code', 'error_code', 'VERIFY_NO_SUCH_CODE'),
        ...eachOf('trigger_source', 'TriggerSource'),
        ...createdAtCases(entries),
        ...bothNames(entries, ['remitter_id', 'sms_remitter_id']),
        {
          query: { q: `invalid ${context.runId}` },
          keep: (e) => text(e.name).includes(`invalid ${context.runId}`),
        },
      ];
      await expectCases(context.api, '/campaigns', { q: context.runId }, entries, all);
    },
  },
});

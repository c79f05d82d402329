/**
 * Formats on every record and the field names of each endpoint: every timestamp of every record
 * (and of the records embedded in them) is `YYYY-MM-DDTHH:MM:SS.ffffff+00:00`, every amount has six
 * fraction digits, every id the service creates is a UUID v7; and each message shape uses its
 * own endpoint's names and none of its siblings' (spec "each endpoint uses exactly the names listed
 * for it").
 */

import { expectAnswer } from '../check-kit/api';
import type { Check, VerifyContext } from '../check-kit/check';
import { brief, expectThat } from '../check-kit/drift';
import {
  campaign,
  sentMessage,
  settledCampaignMessages,
  settledRunCampaigns,
} from '../check-kit/fixtures';
import { listPage } from '../check-kit/lists';
import { TIMESTAMP } from './envelope';

type Entry = Record<string, unknown>;

/** A money amount: a decimal string with six fraction digits. */
export const MONEY = /^-?\d+\.\d{6}$/;
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The records the format checks read, one of each shape, all created by this run. */
async function records(context: VerifyContext) {
  const { api } = context;
  const sent = await sentMessage(context);
  const message = sent as unknown as Entry;
  const campaignEntries = await settledCampaignMessages(context);
  const { id } = await campaign(context);
  const campaigns = await settledRunCampaigns(context);
  const detail = expectAnswer(await api.request('GET', `/messages/${sent.id}`), 200);
  const listed = (await listPage(api, '/messages', { campaign_id: id, size: 200 })).entries;
  const single = (await listPage(api, '/messages', { q: sent.id })).entries;
  const campaignDetail = expectAnswer(await api.request('GET', `/campaigns/${id}`), 200);
  const allCampaigns = [campaignDetail, ...campaigns];
  return { message, detail, listed: [...listed, ...single], campaignEntries, allCampaigns };
}

/** One record read: where it was read, the record, and the names checked on it. */
type Site = readonly [where: string, record: Entry, fields: readonly string[]];

/** Fails unless each named field of each record that is not (allowed to be) null matches `pattern`. */
function expectFormats(
  sites: readonly Site[],
  pattern: RegExp,
  what: string,
  nullable: readonly string[] = [],
): void {
  for (const [where, record, fields] of sites) {
    for (const field of fields) {
      const value = record[field];
      if (value === null && nullable.includes(field)) continue;
      expectThat(
        typeof value === 'string' && pattern.test(value),
        `${where}: ${field} ${what}`,
        () => `${field} = ${JSON.stringify(value)}`,
      );
    }
  }
}

/** Fails unless each record has every name of its `has` and none of its `lacks`. */
function expectNames(sites: readonly (readonly [...Site, lacks: readonly string[]])[]): void {
  for (const [where, record, has, lacks] of sites) {
    const missing = has.filter((name) => !Object.hasOwn(record, name));
    const foreign = lacks.filter((name) => Object.hasOwn(record, name));
    expectThat(
      missing.length === 0 && foreign.length === 0,
      `${where}: ${has.join(', ')}; none of ${lacks.join(', ')}`,
      () =>
        `${missing.length > 0 ? `missing ${missing.join(', ')}` : ''}${foreign.length > 0 ? ` with ${foreign.join(', ')}` : ''} in ${brief(record)}`,
    );
  }
}

const TS = 'in YYYY-MM-DDTHH:MM:SS.ffffff+00:00 (D32)';
const STAMPS = ['created_at', 'updated_at'];
const SENT = 'POST /messages 201';
const DETAIL = 'GET /messages/{id}';
const LISTED = 'GET /messages entry';
const ENTRY = 'GET /campaigns/{id}/messages entry';

/** The checks of this group. */
export const FORMAT_CHECKS: readonly Check[] = [
  {
    id: 'formats.timestamps',
    title: 'Every timestamp of every record, embedded ones too, has microseconds and +00:00',
    cites: 'spec Resources (general conventions); spec Versioning; D15; D32',
    async run(context) {
      const r = await records(context);
      const embedded = (e: Entry, name: string): Site[] =>
        e[name] !== null && typeof e[name] === 'object'
          ? [[`${ENTRY}, ${name}`, e[name] as Entry, STAMPS]]
          : [];
      const campaignTimes = [...STAMPS, 'scheduled_at', 'processed_at', 'completed_at'];
      const sites: Site[] = [
        [SENT, r.message, ['created_at']],
        [DETAIL, r.detail, STAMPS],
        ...r.listed.map((e): Site => [LISTED, e, STAMPS]),
        ...r.campaignEntries.flatMap((e): Site[] => [
          [ENTRY, e, STAMPS],
          [`${ENTRY}, campaign`, (e.campaign ?? {}) as Entry, STAMPS],
          ...embedded(e, 'contact'),
        ]),
        ...r.allCampaigns.map((c): Site => ['campaign', c, campaignTimes]),
      ];
      expectFormats(sites, TIMESTAMP, TS, ['processed_at', 'completed_at']);
    },
  },
  {
    id: 'formats.money',
    title: 'Every cost, on the send, the message and the campaign entries, has six fraction digits',
    cites: 'spec Message (cost); D32; D43',
    async run(context) {
      const r = await records(context);
      const sites: Site[] = [
        [SENT, r.message, ['cost']],
        [DETAIL, r.detail, ['cost']],
        ...r.campaignEntries.map((e): Site => [ENTRY, e, ['cost']]),
      ];
      expectFormats(sites, MONEY, 'a decimal string with six fraction digits (D32)');
    },
  },
  {
    id: 'formats.ids',
    title: 'Every id the service created is a UUID v7',
    cites: 'spec Resources (UUID v7); D32',
    async run(context) {
      const r = await records(context);
      const sites: Site[] = [
        [SENT, r.message, ['id', 'remitter_id']],
        [DETAIL, r.detail, ['id', 'sms_remitter_id', 'organization_id', 'billing_account_id']],
        ...r.listed.map((e): Site => [LISTED, e, ['id', 'remitter_id']]),
        ...r.campaignEntries.map((e): Site => [ENTRY, e, ['id', 'campaign_id', 'sms_remitter_id']]),
        ...r.allCampaigns.map((c): Site => ['campaign', c, ['id', 'sms_remitter_id']]),
      ];
      expectFormats(sites, UUID_V7, 'a UUID v7 (D32)');
    },
  },
  {
    id: 'shapes.field-names',
    title:
      'Each message shape uses its endpoint’s names (target_e164/e164_format, remitter_id/sms_remitter_id, provider_name/provider_id) and none of the others',
    cites: 'spec Resources (each endpoint uses exactly the names listed for it); D20; D138',
    async run(context) {
      const r = await records(context);
      const listed = ['target_e164', 'remitter_id', 'campaign_id', 'contact_id'];
      const detail = ['e164_format', 'sms_remitter_id', 'provider_name', 'trigger_source'];
      const entry = ['e164_format', 'sms_remitter_id', 'provider_id', 'contact', 'campaign'];
      const listedLacks = ['e164_format', 'sms_remitter_id', 'provider_name', 'provider_id'];
      const campaignHas = ['sms_remitter_id', 'sms_remitter', 'total_estimated_recipients', 'data'];
      expectNames([
        ...r.listed.map(
          (e) => [LISTED, e, [...listed, 'channel_destination'], listedLacks] as const,
        ),
        [
          DETAIL,
          r.detail,
          [...detail, 'cost', 'is_refunded'],
          ['target_e164', 'remitter_id', 'provider_id', 'to', 'body'],
        ],
        ...r.campaignEntries.map(
          (e) =>
            [
              ENTRY,
              e,
              [...entry, 'cost', 'is_refunded'],
              ['target_e164', 'remitter_id', 'provider_name'],
            ] as const,
        ),
        [
          SENT,
          r.message,
          ['to', 'body', 'remitter_id', 'segments', 'encoding', 'cost'],
          ['target_e164', 'e164_format', 'content', 'sms_remitter_id'],
        ],
        ...r.allCampaigns.map((c) => ['campaign', c, campaignHas, ['remitter_id']] as const),
      ]);
    },
  },
];

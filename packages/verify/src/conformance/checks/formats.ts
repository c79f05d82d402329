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
import { TIMESTAMP } from './envelope';
import { listPage } from './lists';

type Entry = Record<string, unknown>;

const MONEY = /^-?\d+\.\d{6}$/;
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The records the format checks read, one of each shape, all created by this run. */
async function records(context: VerifyContext) {
  const { api } = context;
  const message = await sentMessage(context);
  const campaignEntries = await settledCampaignMessages(context);
  const { id } = await campaign(context);
  const campaigns = await settledRunCampaigns(context);
  const detail = expectAnswer(await api.request('GET', `/messages/${message.id}`), 200);
  const listed = (await listPage(api, '/messages', { campaign_id: id, size: 200 })).entries;
  const single = (await listPage(api, '/messages', { q: message.id })).entries;
  const campaignDetail = expectAnswer(await api.request('GET', `/campaigns/${id}`), 200);
  return {
    message,
    detail,
    listed: [...listed, ...single],
    campaignEntries,
    campaigns,
    campaignDetail,
  };
}

/** Fails unless each named field of `record` that is not null matches `pattern`. */
function expectFormat(
  record: Entry,
  fields: readonly string[],
  pattern: RegExp,
  what: string,
  where: string,
  nullable: readonly string[] = [],
): void {
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

/** Fails unless `record` has every name of `has` and none of `lacks`. */
function expectNames(
  record: Entry,
  has: readonly string[],
  lacks: readonly string[],
  where: string,
) {
  const missing = has.filter((name) => !Object.hasOwn(record, name));
  const foreign = lacks.filter((name) => Object.hasOwn(record, name));
  expectThat(
    missing.length === 0 && foreign.length === 0,
    `${where}: ${has.join(', ')}; none of ${lacks.join(', ')}`,
    () =>
      `${missing.length > 0 ? `missing ${missing.join(', ')}` : ''}${foreign.length > 0 ? ` with ${foreign.join(', ')}` : ''} in ${brief(record)}`,
  );
}

const TS = 'in YYYY-MM-DDTHH:MM:SS.ffffff+00:00 (D32)';

/** The checks of this group. */
export const FORMAT_CHECKS: readonly Check[] = [
  {
    id: 'formats.timestamps',
    title: 'Every timestamp of every record, embedded ones too, has microseconds and +00:00',
    cites: 'spec Resources (general conventions); spec Versioning; D15; D32',
    async run(context) {
      const r = await records(context);
      expectFormat(
        r.message as unknown as Entry,
        ['created_at'],
        TIMESTAMP,
        TS,
        'POST /messages 201',
      );
      expectFormat(r.detail, ['created_at', 'updated_at'], TIMESTAMP, TS, 'GET /messages/{id}');
      for (const e of r.listed)
        expectFormat(e, ['created_at', 'updated_at'], TIMESTAMP, TS, 'GET /messages entry');
      for (const e of r.campaignEntries) {
        const where = 'GET /campaigns/{id}/messages entry';
        expectFormat(e, ['created_at', 'updated_at'], TIMESTAMP, TS, where);
        expectFormat(
          (e.campaign ?? {}) as Entry,
          ['created_at', 'updated_at'],
          TIMESTAMP,
          TS,
          `${where}, campaign`,
        );
        if (e.contact !== null && typeof e.contact === 'object') {
          expectFormat(
            e.contact as Entry,
            ['created_at', 'updated_at'],
            TIMESTAMP,
            TS,
            `${where}, contact`,
          );
        }
      }
      const campaignTimes = [
        'created_at',
        'updated_at',
        'scheduled_at',
        'processed_at',
        'completed_at',
      ];
      for (const c of [r.campaignDetail, ...r.campaigns]) {
        expectFormat(c, campaignTimes, TIMESTAMP, TS, 'campaign', ['processed_at', 'completed_at']);
      }
    },
  },
  {
    id: 'formats.money',
    title: 'Every cost, on the send, the message and the campaign entries, has six fraction digits',
    cites: 'spec Message (cost); D32; D43',
    async run(context) {
      const r = await records(context);
      const what = 'a decimal string with six fraction digits (D32)';
      expectFormat(r.message as unknown as Entry, ['cost'], MONEY, what, 'POST /messages 201');
      expectFormat(r.detail, ['cost'], MONEY, what, 'GET /messages/{id}');
      for (const e of r.campaignEntries)
        expectFormat(e, ['cost'], MONEY, what, 'GET /campaigns/{id}/messages entry');
    },
  },
  {
    id: 'formats.ids',
    title: 'Every id the service created is a UUID v7',
    cites: 'spec Resources (UUID v7); D32',
    async run(context) {
      const r = await records(context);
      const what = 'a UUID v7 (D32)';
      expectFormat(
        r.message as unknown as Entry,
        ['id', 'remitter_id'],
        UUID_V7,
        what,
        'POST /messages 201',
      );
      expectFormat(
        r.detail,
        ['id', 'sms_remitter_id', 'organization_id', 'billing_account_id'],
        UUID_V7,
        what,
        'GET /messages/{id}',
      );
      for (const e of r.listed)
        expectFormat(e, ['id', 'remitter_id'], UUID_V7, what, 'GET /messages entry');
      for (const e of r.campaignEntries)
        expectFormat(
          e,
          ['id', 'campaign_id', 'sms_remitter_id'],
          UUID_V7,
          what,
          'GET /campaigns/{id}/messages entry',
        );
      for (const c of [r.campaignDetail, ...r.campaigns])
        expectFormat(c, ['id', 'sms_remitter_id'], UUID_V7, what, 'campaign');
    },
  },
  {
    id: 'shapes.field-names',
    title:
      'Each message shape uses its endpoint’s names (target_e164/e164_format, remitter_id/sms_remitter_id, provider_name/provider_id) and none of the others',
    cites: 'spec Resources (each endpoint uses exactly the names listed for it); D20; D138',
    async run(context) {
      const r = await records(context);
      const LIST = ['target_e164', 'remitter_id'];
      const DETAIL = [
        'e164_format',
        'sms_remitter_id',
        'provider_name',
        'trigger_source',
        'cost',
        'is_refunded',
      ];
      const CAMPAIGN_ENTRY = [
        'e164_format',
        'sms_remitter_id',
        'provider_id',
        'contact',
        'campaign',
        'cost',
        'is_refunded',
      ];
      for (const e of r.listed) {
        expectNames(
          e,
          [...LIST, 'campaign_id', 'contact_id', 'channel_destination'],
          ['e164_format', 'sms_remitter_id', 'provider_name', 'provider_id'],
          'GET /messages entry',
        );
      }
      expectNames(
        r.detail,
        DETAIL,
        ['target_e164', 'remitter_id', 'provider_id', 'to', 'body'],
        'GET /messages/{id}',
      );
      for (const e of r.campaignEntries) {
        expectNames(
          e,
          CAMPAIGN_ENTRY,
          ['target_e164', 'remitter_id', 'provider_name'],
          'GET /campaigns/{id}/messages entry',
        );
      }
      expectNames(
        r.message as unknown as Entry,
        ['to', 'body', 'remitter_id', 'segments', 'encoding', 'cost'],
        ['target_e164', 'e164_format', 'content', 'sms_remitter_id'],
        'POST /messages 201',
      );
      for (const c of [r.campaignDetail, ...r.campaigns]) {
        expectNames(
          c,
          ['sms_remitter_id', 'sms_remitter', 'total_estimated_recipients', 'data'],
          ['remitter_id'],
          'campaign',
        );
      }
    },
  },
];

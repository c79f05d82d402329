/**
 * The answers' shapes against the contract (openapi.yaml), where which field has which format and
 * which names each shape has is written once: formats on every record this run created, embedded
 * records too, the field names of each message shape, and whole answers (a retrieved message, the
 * pages, a campaign and its messages, an error envelope). A field the contract promises that is
 * missing, mistyped or out of range is drift; a field it does not name is a warning, because a
 * deployment may add fields within v1 and clients tolerate them.
 */
import { checkExchange } from '../../proxy/check-exchange';
import { BASE_PATH } from '../../proxy/contract';
import { type Exchange, expectAnswer } from '../check-kit/api';
import { checks, type VerifyContext } from '../check-kit/check';
import { brief, expectThat, expectValues } from '../check-kit/drift';
import { sentMessage, settledCampaign, settledRunCampaigns } from '../check-kit/fixtures';
import { type Entry, listPage } from '../check-kit/lists';
import { namesOf, patternOf, refName, SCHEMAS, theContract } from './contract';

// Stricter than the contract's UuidV7 (lower case), as the service writes them.
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** One shape read: where, the contract's schema of it, the records, and the ids the service made. */
type Shape = readonly [where: string, schema: string, records: readonly Entry[], ids: string[]];

/** The records the format checks read, all created by this run, each with its shape. */
async function shapes(context: VerifyContext): Promise<Shape[]> {
  const { api } = context;
  const sent = await sentMessage(context);
  const { id, entries } = await settledCampaign(context);
  const campaigns = await settledRunCampaigns(context);
  const detail = expectAnswer(await api.request('GET', `/messages/${sent.id}`), 200);
  const listed = (await listPage(api, '/messages', { campaign_id: id, size: 200 })).entries;
  const single = (await listPage(api, '/messages', { q: sent.id })).entries;
  const campaignDetail = expectAnswer(await api.request('GET', `/campaigns/${id}`), 200);
  const messageIds = ['id', 'sms_remitter_id', 'organization_id', 'billing_account_id'];
  const entryIds = ['id', 'campaign_id', 'sms_remitter_id'];
  return [
    ['POST /messages 201', 'SentMessage', [sent], ['id', 'remitter_id']],
    ['GET /messages/{id}', 'Message', [detail], messageIds],
    ['GET /messages entry', 'MessageListEntry', [...listed, ...single], ['id', 'remitter_id']],
    ['GET /campaigns/{id}/messages entry', 'CampaignMessageEntry', entries, entryIds],
    ['campaign', 'Campaign', [campaignDetail, ...campaigns], ['id', 'sms_remitter_id']],
  ];
}

/**
 * Fails unless each field of `record` (and of the records embedded in it) that the contract's
 * `schema` gives the string format `format` matches it; a field the contract lets be null may be.
 */
function expectFormat(where: string, schema: string, record: Entry, format: string, what: string) {
  for (const [field, property] of Object.entries(SCHEMAS[schema]!.properties ?? {})) {
    const options = property.anyOf ?? [property];
    const type = refName(options.find((option) => option.$ref)) ?? '';
    const value = record[field];
    if (value === null && options.some((option) => option.type === 'null')) continue;
    if (type === format) {
      expectValues(`${where}, ${what}`, record, { [field]: patternOf(format) });
    } else if (SCHEMAS[type]?.type === 'object') {
      expectFormat(`${where}, ${field}`, type, (value ?? {}) as Entry, format, what);
    }
  }
}

/** Fails unless every record of every shape has each field of the contract's `format` in it. */
async function expectFormats(context: VerifyContext, format: string, what: string) {
  for (const [where, schema, records] of await shapes(context)) {
    for (const record of records) expectFormat(where, schema, record, format, what);
  }
}

/** The checks of this group. */
export const FORMAT_CHECKS = checks({
  'formats.timestamps': {
    title: 'Every timestamp of every record, embedded ones too, has microseconds and +00:00',
    cites: 'spec Resources (general conventions); spec Versioning; D15; D32',
    async run(context) {
      await expectFormats(context, 'Timestamp', 'in YYYY-MM-DDTHH:MM:SS.ffffff+00:00 (D32)');
    },
  },
  'formats.money': {
    title: 'Every cost, on the send, the message and the campaign entries, has six fraction digits',
    cites: 'spec Message (cost); D32; D43',
    async run(context) {
      await expectFormats(context, 'Money', 'a decimal string with six fraction digits (D32)');
    },
  },
  'formats.ids': {
    title: 'Every id the service created is a UUID v7',
    cites: 'spec Resources (UUID v7); D32',
    async run(context) {
      for (const [where, , records, ids] of await shapes(context)) {
        const want = Object.fromEntries(ids.map((field) => [field, UUID_V7]));
        for (const record of records) expectValues(`${where}, a UUID v7 (D32)`, record, want);
      }
    },
  },
  'shapes.field-names': {
    title:
      'Each message shape uses its endpoint’s names (target_e164/e164_format, remitter_id/sms_remitter_id, provider_name/provider_id) and none of the others',
    cites: 'spec Resources (each endpoint uses exactly the names listed for it); D20; D138',
    async run(context) {
      const read = await shapes(context);
      const names = new Set(read.flatMap(([, schema]) => namesOf(schema)));
      for (const [where, schema, records] of read) {
        const has = SCHEMAS[schema]!.required ?? [];
        const lacks = [...names].filter((name) => !namesOf(schema).includes(name));
        for (const record of records) {
          const missing = has.filter((name) => !Object.hasOwn(record, name));
          const foreign = lacks.filter((name) => Object.hasOwn(record, name));
          expectThat(
            missing.length === 0 && foreign.length === 0,
            `${where}: ${has.join(', ')}; none of ${lacks.join(', ')}`,
            () => `missing ${missing.join(', ')}; with ${foreign.join(', ')}; in ${brief(record)}`,
          );
        }
      }
    },
  },
});

/** Response-side findings of one exchange: errors returned, warnings handed to `context.warn`. */
function problems(context: VerifyContext, exchange: Exchange): string[] {
  const found = checkExchange(theContract(), {
    method: exchange.method,
    path: `${BASE_PATH}${exchange.path}`,
    query: '',
    requestHeaders: { 'x-api-key': context.api.key },
    request: { bytes: Buffer.alloc(0), truncated: false },
    status: exchange.status,
    responseHeaders: Object.fromEntries(exchange.headers),
    response: { bytes: Buffer.from(exchange.text), truncated: false },
  });
  const errors: string[] = [];
  for (const finding of found) {
    if (finding.side !== 'response') continue;
    const line = `${exchange.method} ${exchange.path} → ${exchange.status}: ${finding.message}`;
    if (finding.severity === 'warning') context.warn(line);
    else errors.push(`${finding.rule}: ${line}`);
  }
  return errors;
}

/** Whole answers against the contract: a group of its own, run before the sends. */
export const SHAPE_CHECKS = checks({
  'shapes.responses': {
    title: 'Answers carry every field the contract promises, typed; fields it does not name warn',
    cites: 'openapi.yaml; D100',
    async run(context) {
      const { api } = context;
      const message = await sentMessage(context);
      const exchanges = [
        await api.request('GET', `/messages/${message.id}`),
        await api.request('GET', '/messages', { query: { size: 2 } }),
        await api.request('GET', '/messages/not-a-uuid'),
      ];
      const campaigns = await api.request('GET', '/campaigns', { query: { size: 1 } });
      exchanges.push(campaigns);
      const first = (campaigns.json as { entries?: { id?: unknown }[] } | undefined)?.entries?.[0];
      if (typeof first?.id === 'string') {
        exchanges.push(await api.request('GET', `/campaigns/${first.id}`));
        exchanges.push(
          await api.request('GET', `/campaigns/${first.id}/messages`, { query: { size: 2 } }),
        );
      }
      const errors = exchanges.flatMap((exchange) => problems(context, exchange));
      expectThat(
        errors.length === 0,
        'every field the contract promises, with its type and values (D100)',
        () => errors.join('; '),
      );
    },
  },
});

// The response shapes use exactly the field names of the service description, endpoint by endpoint.
// They differ on purpose (`target_e164` vs `e164_format`, `remitter_id` vs `sms_remitter_id`,
// `provider_name` vs `provider_id`); drift between them is the bug these tests exist to catch.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

type Obj = Record<string, unknown>;

const doc = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8')) as Obj;

const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const schemas = (doc.components as { schemas: Record<string, Obj> }).schemas;

function resolve(node: unknown): Obj {
  let current = node;
  while (isObj(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    current = schemas[ref.replace('#/components/schemas/', '')];
    if (current === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  if (!isObj(current)) throw new Error('expected a schema object');
  return current;
}

function schema(name: string): Obj {
  const found = schemas[name];
  if (!found) throw new Error(`no schema ${name}`);
  return found;
}

const props = (s: Obj) => (s.properties ?? {}) as Record<string, Obj>;
const names = (s: Obj) => Object.keys(props(s)).sort();
const sorted = (list: readonly string[]) => [...list].sort();

/** True when the property accepts `null` (3.1 `type: [..., 'null']` or `anyOf`/`oneOf` with null). */
function nullable(property: Obj): boolean {
  if (Array.isArray(property.type)) return property.type.includes('null');
  for (const key of ['anyOf', 'oneOf'] as const) {
    const variants = property[key];
    if (Array.isArray(variants) && variants.some((v) => isObj(v) && v.type === 'null')) return true;
  }
  return false;
}

const nullableFields = (s: Obj) =>
  Object.entries(props(s))
    .filter(([, p]) => nullable(p))
    .map(([n]) => n)
    .sort();

/** The non-null variant of a property, resolved. */
function nonNull(property: Obj): Obj {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const variants = property[key];
    if (Array.isArray(variants)) {
      const other = variants.filter((v) => !(isObj(v) && v.type === 'null'));
      if (other.length === 1) return resolve(other[0]);
    }
  }
  return resolve(property);
}

function responseSchema(path: string, method: string, code: string): Obj {
  const op = ((doc.paths as Obj)[path] as Obj)[method] as Obj;
  const response = (op.responses as Obj)[code] as Obj;
  const media = ((response.content as Obj)['application/json'] as Obj).schema;
  return resolve(media);
}

// ---------------------------------------------------------------------------------------------
// The description's tables (and D20 / D27 / D29 where the description is silent)
// ---------------------------------------------------------------------------------------------

const MESSAGE_LIST_ENTRY = [
  'id',
  'remitter_id',
  'campaign_id',
  'contact_id',
  'channel_type',
  'channel_destination',
  'target_e164',
  'content',
  'status',
  'error_code',
  'created_at',
  'updated_at',
] as const;

const MESSAGE = [
  'id',
  'organization_id',
  'billing_account_id',
  'campaign_id',
  'contact_id',
  'sms_remitter_id',
  'sms_remitter',
  'external_id',
  'channel_type',
  'channel_destination',
  'provider_name',
  'e164_format',
  'content',
  'trigger_source',
  'cost',
  'is_refunded',
  'status',
  'error_code',
  'created_at',
  'updated_at',
] as const;

const CAMPAIGN_MESSAGE_ENTRY = [
  'id',
  'updated_at',
  'created_at',
  'organization_id',
  'campaign_id',
  'contact_id',
  'sms_remitter_id',
  'sms_remitter',
  'external_id',
  'cost',
  'billing_account_id',
  'channel_type',
  'channel_destination',
  'provider_id',
  'e164_format',
  'content',
  'trigger_source',
  'error_code',
  'is_refunded',
  'status',
  'contact',
  'campaign',
] as const;

const EMBEDDED_CONTACT = [
  'id',
  'updated_at',
  'created_at',
  'name',
  'email',
  'e164_format',
  'organization_id',
] as const;
const EMBEDDED_CAMPAIGN = ['id', 'updated_at', 'created_at', 'name', 'status'] as const;

const CAMPAIGN = [
  'id',
  'updated_at',
  'created_at',
  'name',
  'status',
  'organization_id',
  'billing_account_id',
  'trigger_source',
  'file_metadata_id',
  'channel_type',
  'sms_remitter_id',
  'sms_remitter',
  'content',
  'total_estimated_recipients',
  'scheduled_at',
  'processed_at',
  'completed_at',
  'error_code',
  'status_note',
  'data',
] as const;

const SENT_MESSAGE = [
  'id',
  'to',
  'body',
  'status',
  'channel_type',
  'channel_destination',
  'remitter_id',
  'external_id',
  'segments',
  'encoding',
  'cost',
  'created_at',
] as const;

const ENVELOPE = ['total', 'page', 'size', 'pages', 'entries'] as const;

/** Every response object: its properties, and which of them may be null. */
const RESPONSE_SHAPES: Record<string, { fields: readonly string[]; nullable: readonly string[] }> =
  {
    MessageListEntry: {
      fields: MESSAGE_LIST_ENTRY,
      nullable: ['campaign_id', 'contact_id', 'error_code'],
    },
    Message: {
      fields: MESSAGE,
      nullable: [
        'campaign_id',
        'contact_id',
        'sms_remitter_id',
        'sms_remitter',
        'external_id',
        'provider_name',
        'error_code',
      ],
    },
    CampaignMessageEntry: {
      fields: CAMPAIGN_MESSAGE_ENTRY,
      nullable: ['contact_id', 'external_id', 'provider_id', 'error_code', 'contact'],
    },
    CampaignMessageContact: { fields: EMBEDDED_CONTACT, nullable: ['email'] },
    CampaignMessageCampaign: { fields: EMBEDDED_CAMPAIGN, nullable: [] },
    SmsRemitter: { fields: ['id', 'name'], nullable: [] },
    Campaign: {
      fields: CAMPAIGN,
      nullable: ['processed_at', 'completed_at', 'error_code'],
    },
    CampaignData: { fields: ['reason_of_pause'], nullable: ['reason_of_pause'] },
    SentMessage: { fields: SENT_MESSAGE, nullable: ['external_id', 'encoding'] },
    BatchAccepted: { fields: ['message', 'campaign_id'], nullable: [] },
    MessageListPage: { fields: ENVELOPE, nullable: [] },
    CampaignPage: { fields: ENVELOPE, nullable: [] },
    CampaignMessagePage: { fields: ENVELOPE, nullable: [] },
    MessageStatusUpdatedEvent: { fields: ['type', 'timestamp', 'data'], nullable: [] },
    MessageStatusUpdatedData: {
      fields: [
        'id',
        'campaign_id',
        'external_id',
        'e164_format',
        'channel_type',
        'status',
        'previous_status',
        'error_code',
        'is_refunded',
        'updated_at',
      ],
      nullable: ['campaign_id', 'external_id', 'error_code'],
    },
    MessageReceivedEvent: { fields: ['type', 'timestamp', 'data'], nullable: [] },
    MessageReceivedData: {
      fields: ['id', 'from', 'to', 'body', 'channel_type', 'received_at', 'in_reply_to'],
      nullable: ['in_reply_to'],
    },
    CampaignCompletedEvent: { fields: ['type', 'timestamp', 'data'], nullable: [] },
    CampaignCompletedData: {
      fields: [
        'id',
        'name',
        'status',
        'error_code',
        'total_estimated_recipients',
        'completed_at',
        'counts',
      ],
      nullable: ['error_code'],
    },
    CampaignCompletionCounts: {
      fields: ['total', 'sent', 'delivered', 'failed', 'undelivered'],
      nullable: [],
    },
  };

// ---------------------------------------------------------------------------------------------

describe('response shapes', () => {
  describe.each(Object.entries(RESPONSE_SHAPES))('%s', (name, shape) => {
    const s = schema(name);

    it('has exactly the described fields', () => {
      expect(names(s)).toEqual(sorted(shape.fields));
    });

    it('requires every field and allows no other (additionalProperties: false)', () => {
      expect(s.type).toBe('object');
      expect(sorted((s.required as string[]) ?? [])).toEqual(sorted(shape.fields));
      expect(s.additionalProperties).toBe(false);
    });

    it('is nullable exactly where the description (or D15/D27) says so', () => {
      expect(nullableFields(s)).toEqual(sorted(shape.nullable));
    });
  });

  it('every object schema in components has additionalProperties: false', () => {
    const open: string[] = [];
    const visit = (node: unknown, at: string) => {
      if (Array.isArray(node)) for (const [i, n] of node.entries()) visit(n, `${at}/${i}`);
      if (!isObj(node)) return;
      // `if`/`then` of SendMessageRequest are conditions, not object definitions.
      const conditional = at.endsWith('/if') || at.endsWith('/then');
      const isObjectDefinition = node.type === 'object' && node.properties !== undefined;
      if (isObjectDefinition && !conditional && node.additionalProperties !== false) open.push(at);
      for (const [key, value] of Object.entries(node)) {
        if (key !== 'examples' && key !== 'example') visit(value, `${at}/${key}`);
      }
    };
    visit(schemas, '#/components/schemas');
    expect(open).toEqual([]);
  });
});

describe('each endpoint uses its own names', () => {
  const listEntry = schema('MessageListEntry');
  const message = schema('Message');
  const campaignEntry = schema('CampaignMessageEntry');

  it('List Messages entries: target_e164 and remitter_id, not e164_format or sms_remitter_id', () => {
    expect(names(listEntry)).toContain('target_e164');
    expect(names(listEntry)).toContain('remitter_id');
    for (const absent of [
      'e164_format',
      'sms_remitter_id',
      'sms_remitter',
      'provider_name',
      'provider_id',
    ]) {
      expect(names(listEntry)).not.toContain(absent);
    }
  });

  it('Retrieve Message: e164_format, sms_remitter_id and provider_name, not the list names', () => {
    for (const present of ['e164_format', 'sms_remitter_id', 'provider_name']) {
      expect(names(message)).toContain(present);
    }
    for (const absent of ['target_e164', 'remitter_id', 'provider_id']) {
      expect(names(message)).not.toContain(absent);
    }
  });

  it('List Campaign Messages entries: provider_id, not provider_name; embedded contact and campaign', () => {
    expect(names(campaignEntry)).toContain('provider_id');
    expect(names(campaignEntry)).not.toContain('provider_name');
    expect(names(campaignEntry)).not.toContain('target_e164');
    expect(names(campaignEntry)).not.toContain('remitter_id');
    expect(nonNull(props(campaignEntry).contact as Obj)).toBe(schema('CampaignMessageContact'));
    expect(resolve(props(campaignEntry).campaign)).toBe(schema('CampaignMessageCampaign'));
  });

  it('Campaign has data.reason_of_pause and an embedded sms_remitter', () => {
    const campaign = schema('Campaign');
    const data = resolve(props(campaign).data);
    expect(names(data)).toEqual(['reason_of_pause']);
    expect(resolve(props(campaign).sms_remitter)).toBe(schema('SmsRemitter'));
  });

  it('the envelopes carry total/page/size/pages/entries of their own entry type', () => {
    const pages: [string, string][] = [
      ['MessageListPage', 'MessageListEntry'],
      ['CampaignPage', 'Campaign'],
      ['CampaignMessagePage', 'CampaignMessageEntry'],
    ];
    for (const [page, entry] of pages) {
      const s = schema(page);
      expect(names(s)).toEqual(sorted(ENVELOPE));
      const entries = props(s).entries as Obj;
      expect(entries.type).toBe('array');
      expect(resolve(entries.items)).toBe(schema(entry));
      for (const field of ['total', 'page', 'size', 'pages']) {
        expect(props(s)[field]?.type, `${page}.${field}`).toBe('integer');
      }
      expect(props(s).page?.minimum).toBe(1);
      expect(props(s).pages?.minimum).toBe(0);
      expect(props(s).total?.minimum).toBe(0);
    }
  });

  it('each operation answers with its own shape', () => {
    expect(responseSchema('/messages', 'get', '200')).toBe(schema('MessageListPage'));
    expect(responseSchema('/messages/{message_id}', 'get', '200')).toBe(message);
    expect(responseSchema('/messages', 'post', '201')).toBe(schema('SentMessage'));
    expect(responseSchema('/campaigns/batch', 'post', '202')).toBe(schema('BatchAccepted'));
    expect(responseSchema('/campaigns', 'get', '200')).toBe(schema('CampaignPage'));
    expect(responseSchema('/campaigns/{campaign_id}', 'get', '200')).toBe(schema('Campaign'));
    expect(responseSchema('/campaigns/{campaign_id}/messages', 'get', '200')).toBe(
      schema('CampaignMessagePage'),
    );
  });
});

describe('statuses and formats', () => {
  const enumOf = (s: Obj, field: string) => nonNull(props(s)[field] as Obj).enum;
  const COARSE = ['PENDING', 'SENT', 'DELIVERED', 'FAILED', 'UNDELIVERED'];
  const EXACT = [...COARSE, 'EXPIRED', 'REJECTED', 'CANCELLED'];
  const CAMPAIGN_STATES = ['DRAFT', 'PENDING', 'PROCESSING', 'SENDING', 'COMPLETED', 'FAILED'];

  it('list entries report five coarse statuses, Retrieve Message eight (D18)', () => {
    expect(enumOf(schema('MessageListEntry'), 'status')).toEqual(COARSE);
    expect(enumOf(schema('CampaignMessageEntry'), 'status')).toEqual(COARSE);
    expect(enumOf(schema('Message'), 'status')).toEqual(EXACT);
    expect(enumOf(schema('MessageStatusUpdatedData'), 'status')).toEqual(EXACT);
    expect(enumOf(schema('MessageStatusUpdatedData'), 'previous_status')).toEqual(EXACT);
  });

  it('campaigns have six states; the completion event only the final two', () => {
    expect(enumOf(schema('Campaign'), 'status')).toEqual(CAMPAIGN_STATES);
    expect(enumOf(schema('CampaignMessageCampaign'), 'status')).toEqual(CAMPAIGN_STATES);
    expect(enumOf(schema('CampaignCompletedData'), 'status')).toEqual(['COMPLETED', 'FAILED']);
  });

  it('trigger_source and channel_type enums', () => {
    for (const name of ['Message', 'CampaignMessageEntry', 'Campaign']) {
      expect(enumOf(schema(name), 'trigger_source'), name).toEqual([
        'API_CLIENT',
        'CUSTOMER_PORTAL',
      ]);
    }
    for (const name of [
      'MessageListEntry',
      'Message',
      'CampaignMessageEntry',
      'Campaign',
      'SentMessage',
    ]) {
      expect(enumOf(schema(name), 'channel_type'), name).toEqual(['SMS', 'WHATSAPP']);
    }
  });

  it('timestamps are date-time with microseconds and +00:00 (D32)', () => {
    const timestamp = schema('Timestamp');
    expect(timestamp).toMatchObject({
      type: 'string',
      format: 'date-time',
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}\\+00:00$',
    });
    const fields: [string, string][] = [
      ['MessageListEntry', 'created_at'],
      ['MessageListEntry', 'updated_at'],
      ['Message', 'created_at'],
      ['Message', 'updated_at'],
      ['CampaignMessageEntry', 'created_at'],
      ['CampaignMessageContact', 'updated_at'],
      ['Campaign', 'scheduled_at'],
      ['Campaign', 'processed_at'],
      ['Campaign', 'completed_at'],
      ['SentMessage', 'created_at'],
      ['ErrorEnvelope', 'timestamp'],
    ];
    for (const [name, field] of fields) {
      expect(nonNull(props(schema(name))[field] as Obj), `${name}.${field}`).toBe(timestamp);
    }
  });

  it('money is a six-decimal string (D32)', () => {
    const money = schema('Money');
    expect(money).toMatchObject({ type: 'string', pattern: '^-?\\d+\\.\\d{6}$' });
    for (const name of ['Message', 'CampaignMessageEntry', 'SentMessage']) {
      expect(resolve(props(schema(name)).cost), name).toBe(money);
    }
  });

  it('message ids are UUID v7, other ids any UUID, all format uuid', () => {
    for (const name of ['MessageListEntry', 'Message', 'CampaignMessageEntry', 'SentMessage']) {
      expect(resolve(props(schema(name)).id), name).toBe(schema('UuidV7'));
    }
    for (const [name, field] of [
      ['Message', 'organization_id'],
      ['Campaign', 'id'],
      ['BatchAccepted', 'campaign_id'],
      ['MessageListEntry', 'remitter_id'],
    ] as const) {
      expect(nonNull(props(schema(name))[field] as Obj).format, `${name}.${field}`).toBe('uuid');
    }
  });

  it('the error envelope matches the description and D4', () => {
    const envelope = schema('ErrorEnvelope');
    expect(names(envelope)).toEqual(
      sorted(['code', 'message', 'status', 'trace_id', 'timestamp', 'service', 'fields']),
    );
    expect(sorted(envelope.required as string[])).toEqual(
      sorted(['code', 'message', 'status', 'trace_id', 'timestamp', 'service']),
    );
    expect(envelope.additionalProperties).toBe(false);
    expect(props(envelope).trace_id).toMatchObject({ type: 'string', pattern: '^[0-9a-f]{32}$' });
    expect(props(envelope).status?.type).toBe('integer');
    expect(props(envelope).fields).toMatchObject({
      type: 'object',
      additionalProperties: { type: 'string' },
    });
  });
});

/**
 * The shape of a `--state FILE`: a world snapshot with API keys kept as prefix and SHA-256. Every
 * field and every reference between records is checked on load, so a hand-edited or damaged file
 * is refused with the JSON path at fault instead of a 500 later.
 */

import { OPERATION_IDS } from '@msgsvc/mock';
import {
  CAMPAIGN_STATUSES,
  FIELDS,
  MAX_TIME,
  MESSAGE_STATUSES,
  type RecordKind,
  type RecordSchemas,
  recordSchemas,
  SNAPSHOT_VERSION,
  stateSchemas,
} from '@msgsvc/mock/port';
import { z } from 'zod';
import { storedKey } from './stored-keys';

const { time, id, micro, count } = FIELDS;
const messageStatus = z.enum(MESSAGE_STATUSES);
const campaignStatus = z.enum(CAMPAIGN_STATUSES);
const operationId = z.enum(OPERATION_IDS);
const randomState = z.strictObject({ a: z.int(), b: z.int(), c: z.int(), d: z.int() });
const latency = z.tuple([z.number().min(0), z.number().min(0)]);

/** The kinds of record a reference can name, as a problem calls them. */
const KINDS: Record<RecordKind, string> = {
  organizations: 'organization',
  accounts: 'billing account',
  senders: 'sender ID',
  tags: 'tag',
  contacts: 'contact',
  messages: 'message',
  campaigns: 'campaign',
  deliveries: 'webhook delivery',
};

/** A list in which no two entries have the same `keyOf`: the first one seen twice is the problem. */
function uniqueBy<T>(
  entry: z.ZodType<T>,
  keyOf: (entry: T) => string,
  problem: (entry: T, index: number) => { path: PropertyKey[]; message: string },
) {
  return z.array(entry).check((ctx) => {
    const seen = new Set<string>();
    const index = ctx.value.findIndex((e) => seen.size === seen.add(keyOf(e)).size);
    if (index >= 0) {
      ctx.issues.push({ code: 'custom', input: ctx.value, ...problem(ctx.value[index]!, index) });
    }
  });
}

/** A list of records whose ids are unique. */
function uniqueIds<T extends { id: string }>(record: z.ZodType<T>) {
  return uniqueBy(
    record,
    (r) => r.id,
    (r, index) => ({ path: [index, 'id'], message: `${JSON.stringify(r.id)} appears twice` }),
  );
}

/** The API keys, each held once: as this version writes them or as earlier ones did. */
function apiKeysSchema(plainApiKey: RecordSchemas['apiKey']) {
  /** An API key as this version writes it: prefix and SHA-256 of the key, never the key. */
  const hashedApiKey = plainApiKey.omit({ key: true }).extend({
    keyPrefix: z.string().regex(/^svc_(live|test)_/, 'must start with svc_live_ or svc_test_'),
    keySha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits'),
  });
  return uniqueBy(
    z.union([hashedApiKey, plainApiKey]),
    (key) => ('key' in key ? storedKey(key.key).keySha256 : key.keySha256),
    (_, index) => ({ path: [index], message: 'the same key appears twice' }),
  );
}

/**
 * One kind of record's status histories, in columns: step i belongs to the record at
 * index `subjects[i]` of the file's list of those records; its status and error code are numbers
 * into the name lists beside the columns.
 */
function savedSteps<S extends string>(
  status: z.ZodType<S>,
  name: 'messages' | 'campaigns',
  file: Record<string, unknown>,
) {
  const records = Array.isArray(file[name]) ? (file[name] as unknown[]).length : 0;
  return z
    .strictObject({
      statusNames: z.array(status),
      codeNames: z.array(z.string()),
      subjects: z.array(count),
      statuses: z.array(count),
      at: z.array(time),
      errorCodes: z.array(count),
    })
    .check((ctx) => {
      const saved = ctx.value;
      const problem = (path: PropertyKey[], message: string) =>
        void ctx.issues.push({ code: 'custom', input: saved, path, message });
      const steps = saved.subjects.length;
      const uneven = (['statuses', 'at', 'errorCodes'] as const).find(
        (column) => saved[column].length !== steps,
      );
      if (uneven !== undefined) {
        const entries = saved[uneven].length;
        return problem(
          [uneven],
          `has ${entries} entries for ${steps} steps; every column has one per step`,
        );
      }
      const limits = [
        ['subjects', records, `record of ${name}`],
        ['statuses', saved.statusNames.length, 'status'],
        ['errorCodes', saved.codeNames.length + 1, 'error code (0 is none)'],
      ] as const;
      for (const [column, limit, what] of limits) {
        const i = saved[column].findIndex((n) => n >= limit);
        if (i >= 0) return problem([column, i], `names ${what} ${saved[column][i]}, of ${limit}`);
      }
    });
}

/** The world's settings and clocks: configuration, random sources, ids and the scheduler. */
function settingsSchemas(task: RecordSchemas['task']) {
  return {
    config: z.strictObject({
      seed: z.number(),
      prices: z.strictObject({
        SMS: z.record(z.string(), micro.min(0)),
        WHATSAPP: z.record(z.string(), micro.min(0)),
      }),
      simulation: z.strictObject({
        processingDelay: latency,
        dispatchLatency: latency,
        receiptLatency: latency,
        validityPeriod: z.number().min(0),
        outcomes: z.strictObject({
          DELIVERED: z.number().min(0),
          UNDELIVERED: z.number().min(0),
          EXPIRED: z.number().min(0),
          NO_RECEIPT: z.number().min(0),
          REJECTED: z.number().min(0),
          FAILED: z.number().min(0),
        }),
        undeliveredCodes: z.array(z.string()),
      }),
      prefixTable: z
        .array(
          z.strictObject({
            prefix: z.string().regex(/^\+\d+$/, 'must be + and digits'),
            route: z.strictObject({ destination: z.string(), provider: z.string().nullable() }),
          }),
        )
        .optional(),
    }),
    random: z.strictObject({ ids: randomState, traces: randomState, simulation: randomState }),
    idState: z.strictObject({ msecs: z.int().min(-1).max(MAX_TIME), seq: count }),
    scheduler: z.strictObject({
      tasks: z.array(z.strictObject({ at: time, seq: count, task })),
      nextSeq: count,
    }),
  };
}

/**
 * The state file schema for one file: a world snapshot of {@link SNAPSHOT_VERSION} whose every
 * reference names a record of `raw`, the parsed JSON about to be checked.
 */
export function stateFileSchema(raw: unknown) {
  const file = (raw ?? {}) as Record<string, unknown>;
  const lists = {
    ...file,
    deliveries: (file.webhooks as { outbox?: unknown } | undefined)?.outbox,
  } as Record<RecordKind, unknown>;
  /** An id that names a record of `kind` in the file. */
  const ids = new Map<RecordKind, ReadonlySet<unknown>>();
  const ref = (kind: RecordKind) => {
    // The file is not checked yet: its list may be anything.
    const list = Array.isArray(lists[kind]) ? (lists[kind] as ({ id?: unknown } | null)[]) : [];
    const known = ids.get(kind) ?? new Set(list.map((record) => record?.id));
    ids.set(kind, known);
    return id.check((ctx) => {
      if (!known.has(ctx.value)) {
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: `names ${KINDS[kind]} ${JSON.stringify(ctx.value)}, which is not in the file`,
        });
      }
    });
  };
  const records = recordSchemas({ ref, messageStatus, campaignStatus });
  const state = stateSchemas({ ref });
  return z.strictObject({
    version: z.literal(SNAPSHOT_VERSION),
    time,
    ...settingsSchemas(records.task),
    organizations: uniqueIds(records.organization),
    // Before the other records: a world that lost its organizations is told by its keys first.
    apiKeys: apiKeysSchema(records.apiKey),
    accounts: uniqueIds(records.account),
    ledger: z.array(records.ledgerEntry),
    senders: z.array(records.sender),
    contacts: z.array(records.contact),
    tags: z.array(records.tag),
    messages: uniqueIds(records.message),
    campaigns: uniqueIds(records.campaign),
    rateLimits: z.strictObject({
      table: z.record(operationId, z.int().min(1).nullable()),
      windows: z.array(z.tuple([z.string(), state.rateLimitWindow])),
    }),
    idempotency: z.array(z.tuple([z.string(), state.idempotencyRecord])),
    faults: state.faults,
    inbound: z.array(records.inbound),
    optOuts: z.array(z.string()),
    webhooks: z.strictObject({
      endpoints: z.array(state.webhookEndpoint),
      outbox: z.array(state.webhookDelivery),
    }),
    // Absent from files written before histories were kept: those load, each record with the
    // history its timestamps prove.
    history: z
      .strictObject({
        messages: savedSteps(messageStatus, 'messages', file),
        campaigns: savedSteps(campaignStatus, 'campaigns', file),
      })
      .optional(),
  });
}

/** A parsed state file (API keys possibly hashed). */
export type StateFile = z.output<ReturnType<typeof stateFileSchema>>;

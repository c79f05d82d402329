/**
 * zod schemas of every request `openapi/openapi.yaml` describes, with its bounds, patterns and
 * defaults. Written with `zod/mini`, so the service's entry bundles a few dozen kilobytes of
 * validator instead of all of zod; every message is set here, none comes from zod's locale, so the
 * answers do not depend on a zod configuration the application may have changed.
 */
import type { components } from '@msgsvc/sdk';
import * as z from 'zod/mini';
import { CAMPAIGN_STATUSES } from '../domain/campaigns/campaign-machine';
import { UUID_PATTERN, UUID_V7_PATTERN } from '../domain/core/patterns';
import { parseTimestamp } from '../domain/core/time-format';
import { namesOf } from '../domain/core/vocabulary';

type Schema = components['schemas'];

const RECIPIENT = /^\+?[\d\s\-.]{7,30}$/;
const COUNTRY = /^[A-Z]{2}$/;
const CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

/** An unpaired surrogate: JSON can write one (`"\ud800"`), but it is not a character. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a text field cannot be sent, if it cannot: an unpaired surrogate has no UTF-8
 * form and shows as garbage on a handset, and NUL ends strings in carriers' SMPP gateways.
 */
export function textProblem(text: string): string | undefined {
  if (LONE_SURROGATE.test(text))
    return 'Must be valid Unicode text: it contains an unpaired surrogate (such as \\ud800).';
  if (text.includes('\u0000')) return 'Must not contain the NUL character (\\u0000).';
  return undefined;
}

/**
 * Counts characters as JSON Schema does (code points), so the mock and the contract agree; the
 * text must be sendable ({@link textProblem}).
 */
function chars(min: number, max: number) {
  return z.string({ error: expectedType('string') }).check((ctx) => {
    const message = textProblem(ctx.value) ?? lengthProblem(ctx.value, min, max);
    if (message !== undefined) ctx.issues.push({ code: 'custom', input: ctx.value, message });
  });
}

function lengthProblem(text: string, min: number, max: number): string | undefined {
  let length = 0;
  for (const _ of text) length++;
  if (length < min) return min === 1 ? 'Must not be empty.' : `Must be at least ${min} characters.`;
  if (length > max) return `Must be at most ${max} characters.`;
  return undefined;
}

/**
 * zod's own wording of a wrong type (`Invalid input: expected string, received number`), which
 * clients have always been shown for fields without a message of their own.
 */
function expectedType(expected: string) {
  return (issue: { code: string; input?: unknown }) =>
    issue.code === 'invalid_type'
      ? `Invalid input: expected ${expected}, received ${typeName(issue.input)}`
      : undefined;
}

function typeName(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : String(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** An object that names each key it does not take "Unknown field.". */
function strictObject<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown field.' : undefined),
  });
}

const lowerCase = z.transform((id: string) => id.toLowerCase());
const id = (pattern: RegExp, message: string) =>
  z.pipe(z.string(message).check(z.regex(pattern, message)), lowerCase);
const uuid = id(UUID_PATTERN, 'Must be a UUID.');
const uuidV7 = id(UUID_V7_PATTERN, 'Must be a UUID v7.');
const country = z
  .string('Must be a two-letter country code.')
  .check(z.regex(COUNTRY, 'Must be an ISO 3166-1 alpha-2 code in capitals, such as AO.'));

/** A zod enum of one of the contract's enums, its message naming the accepted values. */
function oneOfContract<T extends string>(values: readonly T[]) {
  return z.enum(values, `Accepted values: ${values.join(', ')}.`);
}

// The enums are the contract's (generated types): a value added to or removed from
// `openapi.yaml` fails the typecheck here until the list follows it.
const listStatus = oneOfContract(
  namesOf<Schema['MessageListStatus']>({
    PENDING: true,
    SENT: true,
    DELIVERED: true,
    FAILED: true,
    UNDELIVERED: true,
  }),
);
const campaignStatus = oneOfContract(CAMPAIGN_STATUSES);
const channel = oneOfContract(namesOf<Schema['ChannelType']>({ SMS: true, WHATSAPP: true }));
const trigger = oneOfContract(
  namesOf<Schema['TriggerSource']>({ API_CLIENT: true, CUSTOMER_PORTAL: true }),
);

/** `POST /campaigns/batch`. */
export const sendBatchBody = strictObject({
  remitter_id: uuidV7,
  content: chars(1, 10_000),
  channel_type: z.literal('SMS', 'Accepted value: SMS.'),
  recipients: z
    .array(
      z
        .string('Must be a phone number.')
        .check(
          z.regex(
            RECIPIENT,
            'Must be a phone number of 7 to 30 digits, spaces, dashes or dots, optionally starting with +.',
          ),
        ),
      'Must be an array of phone numbers.',
    )
    .check(z.minLength(2, 'At least 2 recipients.'), z.maxLength(1000, 'At most 1000 recipients.')),
  name: z.exactOptional(chars(1, 200)),
  country_alpha2: z.exactOptional(country),
});

/** `POST /messages`. */
export const sendMessageBody = strictObject({
  to: z.string('Must be an E.164 number.').check(z.regex(RECIPIENT, 'Must be an E.164 number.')),
  body: chars(1, 10_000),
  channel_type: z.exactOptional(channel),
  remitter_id: z.exactOptional(uuid),
  external_id: z.exactOptional(chars(1, 255)),
  country_alpha2: z.exactOptional(country),
});

/** Path parameters. */
export const messageIdParam = uuidV7;
/** Path parameters. */
export const campaignIdParam = uuid;

// Query parameters arrive as strings: a single value, or a list when the parameter repeats.
const int = (min: number, max: number) =>
  z.pipe(
    z.pipe(
      z.string({ error: expectedType('string') }).check(z.regex(/^\d+$/, 'Must be an integer.')),
      z.transform(Number),
    ),
    // Hundreds of digits read as Infinity, which is not a number to zod.
    z
      .number({ error: expectedType('number') })
      .check(z.minimum(min, `Must be at least ${min}.`), z.maximum(max, `Must be at most ${max}.`)),
  );
const dateTime = z.pipe(
  z.string({ error: expectedType('string') }),
  z.transform((text: string, ctx) => {
    // An unencoded `+00:00` in a query string arrives as ` 00:00` (form encoding reads `+` as a
    // space); put the sign back rather than refuse what curl users naturally type.
    const time = parseTimestamp(text.replace(/ (\d{2}:\d{2})$/, '+$1'));
    if (time === undefined) {
      ctx.issues.push({
        code: 'custom',
        input: text,
        message:
          'Must be an ISO 8601 date-time with an offset, e.g. 2026-11-21T23:04:26.123456+00:00.',
      });
      return z.NEVER;
    }
    return time;
  }),
);
// Repeated parameters always arrive as a non-empty list of strings.
const many = <T extends z.ZodMiniType>(item: T) =>
  z
    .array(item, { error: expectedType('array') })
    .check(z.minLength(1, 'Too small: expected array to have >=1 items'));
const code = z
  .string({ error: expectedType('string') })
  .check(z.regex(CODE, 'Must be an uppercase code such as INVALID_PHONE_NUMBER.'));

const common = {
  page: z._default(int(1, Number.MAX_SAFE_INTEGER), 1),
  size: z._default(int(1, 200), 30),
  order: z._default(z.enum(['asc', 'desc'], 'Accepted values: asc, desc.'), 'desc'),
  order_by: z._default(
    z.enum(['created_at', 'updated_at'], 'Accepted values: created_at, updated_at.'),
    'created_at',
  ),
  q: z.exactOptional(chars(1, 100)),
  created_at__ge: z.exactOptional(dateTime),
  created_at__le: z.exactOptional(dateTime),
  channel_type: z.exactOptional(many(channel)),
  sms_remitter_id: z.exactOptional(many(uuid)),
  error_code: z.exactOptional(many(code)),
  trigger_source: z.exactOptional(many(trigger)),
};

const messageFilters = {
  ...common,
  status: z.exactOptional(many(listStatus)),
  contact_id: z.exactOptional(many(uuid)),
  campaign_id: z.exactOptional(many(uuid)),
  channel_destination: z.exactOptional(many(code)),
};

/** `GET /messages`. */
export const listMessagesQuery = strictObject({
  ...messageFilters,
  remitter_id: z.exactOptional(many(uuid)),
});

/** `GET /campaigns/{campaign_id}/messages`. */
export const listCampaignMessagesQuery = strictObject(messageFilters);

/** `GET /campaigns`. */
export const listCampaignsQuery = strictObject({
  ...common,
  status: z.exactOptional(many(campaignStatus)),
  tag_id: z.exactOptional(many(uuid)),
  remitter_id: z.exactOptional(many(uuid)),
});

/** Whether a parameter's schema takes a list: `many(…)`, optional or not. */
function takesList(schema: z.ZodMiniType): boolean {
  const def = schema._zod.def as { type: string; innerType?: z.ZodMiniType };
  return def.type === 'array' || (def.innerType !== undefined && takesList(def.innerType));
}

/** Which query parameters of each list take several values: those their schemas read with `many`. */
export const REPEATABLE: ReadonlySet<string> = new Set(
  [listMessagesQuery, listCampaignsQuery]
    .flatMap((schema) => Object.entries(schema.shape))
    .filter(([, schema]) => takesList(schema))
    .map(([name]) => name),
);

/**
 * The reference for `src/http/schemas.ts`: the request schemas as they were written with `zod`
 * before they moved to `zod/mini` (E17), kept unchanged so that a property test can show the two
 * answer every input alike.
 */
import type { components } from '@msgsvc/sdk';
import { z } from 'zod';
import { UUID_PATTERN, UUID_V7_PATTERN } from '../../src/domain/core/patterns';
import { parseTimestamp } from '../../src/domain/core/time-format';
import { namesOf } from '../../src/domain/core/vocabulary';
import { textProblem } from '../../src/http/schemas';

type Schema = components['schemas'];

const RECIPIENT = /^\+?[\d\s\-.]{7,30}$/;
const COUNTRY = /^[A-Z]{2}$/;
const CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

/**
 * Counts characters as JSON Schema does (code points), so the mock and the contract agree; the
 * text must be sendable ({@link textProblem}).
 */
function chars(min: number, max: number) {
  return z.string().check((ctx) => {
    const problem = textProblem(ctx.value);
    if (problem !== undefined) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: problem });
      return;
    }
    let length = 0;
    for (const _ of ctx.value) length++;
    if (length < min)
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: min === 1 ? 'Must not be empty.' : `Must be at least ${min} characters.`,
      });
    else if (length > max)
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: `Must be at most ${max} characters.`,
      });
  });
}

const uuid = z
  .string('Must be a UUID.')
  .regex(UUID_PATTERN, 'Must be a UUID.')
  .transform((id) => id.toLowerCase());
const uuidV7 = z
  .string('Must be a UUID v7.')
  .regex(UUID_V7_PATTERN, 'Must be a UUID v7.')
  .transform((id) => id.toLowerCase());
const country = z
  .string('Must be a two-letter country code.')
  .regex(COUNTRY, 'Must be an ISO 3166-1 alpha-2 code in capitals, such as AO.');

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
const campaignStatus = oneOfContract(
  namesOf<Schema['CampaignStatus']>({
    DRAFT: true,
    PENDING: true,
    PROCESSING: true,
    SENDING: true,
    COMPLETED: true,
    FAILED: true,
  }),
);
const channel = oneOfContract(namesOf<Schema['ChannelType']>({ SMS: true, WHATSAPP: true }));
const trigger = oneOfContract(
  namesOf<Schema['TriggerSource']>({ API_CLIENT: true, CUSTOMER_PORTAL: true }),
);

/** `POST /campaigns/batch`. */
export const sendBatchBody = z.strictObject({
  remitter_id: uuidV7,
  content: chars(1, 10_000),
  channel_type: z.literal('SMS', 'Accepted value: SMS.'),
  recipients: z
    .array(
      z
        .string('Must be a phone number.')
        .regex(
          RECIPIENT,
          'Must be a phone number of 7 to 30 digits, spaces, dashes or dots, optionally starting with +.',
        ),
      'Must be an array of phone numbers.',
    )
    .min(2, 'At least 2 recipients.')
    .max(1000, 'At most 1000 recipients.'),
  name: chars(1, 200).exactOptional(),
  country_alpha2: country.exactOptional(),
});

/** `POST /messages` (decision D20). */
export const sendMessageBody = z.strictObject({
  to: z.string('Must be an E.164 number.').regex(RECIPIENT, 'Must be an E.164 number.'),
  body: chars(1, 10_000),
  channel_type: channel.exactOptional(),
  remitter_id: uuid.exactOptional(),
  external_id: chars(1, 255).exactOptional(),
  country_alpha2: country.exactOptional(),
});

/** Path parameters. */
export const messageIdParam = uuidV7;
/** Path parameters. */
export const campaignIdParam = uuid;

// Query parameters arrive as strings: a single value, or a list when the parameter repeats.
const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'Must be an integer.')
    .transform(Number)
    .pipe(z.number().min(min, `Must be at least ${min}.`).max(max, `Must be at most ${max}.`));
const dateTime = z.string().transform((text, ctx) => {
  // An unencoded `+00:00` in a query string arrives as ` 00:00` (form encoding reads `+` as a
  // space); put the sign back rather than refuse what curl users naturally type (decision D46).
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
});
const many = <T extends z.ZodType>(item: T) => z.array(item).min(1);
const code = z.string().regex(CODE, 'Must be an uppercase code such as INVALID_PHONE_NUMBER.');

const common = {
  page: int(1, Number.MAX_SAFE_INTEGER).default(1),
  size: int(1, 200).default(30),
  order: z.enum(['asc', 'desc'], 'Accepted values: asc, desc.').default('desc'),
  order_by: z
    .enum(['created_at', 'updated_at'], 'Accepted values: created_at, updated_at.')
    .default('created_at'),
  q: chars(1, 100).exactOptional(),
  created_at__ge: dateTime.exactOptional(),
  created_at__le: dateTime.exactOptional(),
};

const messageFilters = {
  ...common,
  status: many(listStatus).exactOptional(),
  channel_type: many(channel).exactOptional(),
  contact_id: many(uuid).exactOptional(),
  campaign_id: many(uuid).exactOptional(),
  sms_remitter_id: many(uuid).exactOptional(),
  error_code: many(code).exactOptional(),
  trigger_source: many(trigger).exactOptional(),
  channel_destination: many(code).exactOptional(),
};

/** `GET /messages` (decisions D22, D23). */
export const listMessagesQuery = z.strictObject({
  ...messageFilters,
  remitter_id: many(uuid).exactOptional(),
});

/** `GET /campaigns/{campaign_id}/messages`. */
export const listCampaignMessagesQuery = z.strictObject(messageFilters);

/** `GET /campaigns` (decisions D11, D17, D22, D23). */
export const listCampaignsQuery = z.strictObject({
  ...common,
  status: many(campaignStatus).exactOptional(),
  channel_type: many(channel).exactOptional(),
  tag_id: many(uuid).exactOptional(),
  remitter_id: many(uuid).exactOptional(),
  sms_remitter_id: many(uuid).exactOptional(),
  error_code: many(code).exactOptional(),
  trigger_source: many(trigger).exactOptional(),
});

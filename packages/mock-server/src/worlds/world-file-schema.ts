/**
 * The format of a world file (`msgsvc-mock serve --world FILE`), as a zod schema. The JSON Schema
 * editors use (`packages/mock-server/world.schema.json`, printed by `msgsvc-mock world-schema`) is
 * generated from it, so the two cannot drift.
 */

import { OPERATION_IDS } from '@msgsvc/mock';
import { SCOPES } from '@msgsvc/mock/port';
import { API_KEY_PATTERN } from '@msgsvc/sdk/contract';
import { z } from 'zod';

const MONEY = /^\d{1,12}(\.\d{1,6})?$/;

const money = z
  .string()
  .regex(MONEY, 'must be a decimal string such as "1000.50" (up to six fraction digits)');

const senderId = z
  .strictObject({
    name: z.string().min(1).max(15).meta({ description: 'The sender ID text shown on handsets.' }),
    status: z
      .enum(['APPROVED', 'PENDING', 'REJECTED'])
      .exactOptional()
      .meta({ description: 'Approval state. Default APPROVED.' }),
    default: z.boolean().exactOptional().meta({
      description:
        'Make it the default sender ID of POST /messages. Default: the first approved one.',
    }),
  })
  .meta({ description: 'A sender ID (what a message names as `remitter_id` on the wire).' });

const apiKey = z
  .strictObject({
    name: z.string().min(1).max(200).exactOptional(),
    environment: z
      .enum(['live', 'test'])
      .exactOptional()
      .meta({ description: 'live (default) or test.' }),
    key: z
      .string()
      .regex(
        API_KEY_PATTERN,
        'must look like svc_live_… or svc_test_… followed by letters, digits, _ or -',
      )
      .exactOptional()
      .meta({
        description:
          'A fixed key string, so scripts can use it as written. Default: a random key (printed on start).',
      }),
    scopes: z
      .array(z.string())
      .exactOptional()
      .meta({
        description: `Scopes, with or without the apikey: prefix. Default: every scope (${SCOPES.join(', ')}).`,
      }),
  })
  .meta({ description: 'An API key of the organization.' });

const contact = z
  .strictObject({
    name: z.string().min(1).max(200),
    number: z
      .string()
      .min(1)
      .meta({ description: 'A phone number; normalised with the organization default country.' }),
    email: z.string().email().nullable().exactOptional(),
    tags: z
      .array(z.string())
      .exactOptional()
      .meta({ description: 'Names of tags declared in the organization `tags`.' }),
  })
  .meta({ description: 'A contact of the organization audience.' });

const organization = z
  .strictObject({
    name: z.string().min(1).max(200),
    default_country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as AO')
      .exactOptional()
      .meta({
        description: 'Default region for numbers without an international prefix. Default AO.',
      }),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as AOA')
      .exactOptional()
      .meta({ description: 'Currency of the billing account. Default AOA.' }),
    balance: money.exactOptional().meta({ description: 'Opening balance. Default "0".' }),
    sender_ids: z.array(senderId).exactOptional(),
    api_keys: z.array(apiKey).exactOptional(),
    tags: z.array(z.string().min(1).max(100)).exactOptional(),
    contacts: z.array(contact).exactOptional(),
  })
  .superRefine((org, ctx) => {
    const tags = new Set(org.tags ?? []);
    (org.contacts ?? []).forEach((c, i) => {
      (c.tags ?? []).forEach((tag, j) => {
        if (!tags.has(tag)) {
          ctx.addIssue({
            code: 'custom',
            path: ['contacts', i, 'tags', j],
            message: `unknown tag "${tag}": declare it in this organization's "tags"`,
          });
        }
      });
    });
  })
  .meta({ description: 'An organization with its billing account, credentials and audience.' });

/** The world file schema. */
export const worldFileSchema = z
  .strictObject({
    $schema: z.string().exactOptional(),
    demo: z.boolean().exactOptional().meta({
      description: 'Also seed the demo organization (its fixed keys), before these. Default false.',
    }),
    rate_limits: z
      .union([
        z.literal(false),
        // Operation ids from the contract: a misspelt one would limit nothing.
        z.partialRecord(z.enum(OPERATION_IDS), z.number().int().min(1).nullable(), {
          // zod reports an unknown key of a partial record as `unrecognized_keys`, a code its
          // types for a record's issues do not list.
          error: (issue) =>
            (issue.code as string) === 'unrecognized_keys'
              ? `Keys must be operation ids: ${OPERATION_IDS.join(', ')}.`
              : undefined,
        }),
      ])
      .exactOptional()
      .meta({
        description:
          'false disables rate limiting; an object sets requests per minute by operation id (null: unlimited).',
      }),
    organizations: z.array(organization).min(1),
  })
  .meta({
    title: 'msgsvc mock world',
    description:
      'The starting state of a msgsvc-mock server: organizations, billing balances, API keys and scopes, sender IDs, tags and contacts.',
  });

/** A parsed world file. */
export type WorldFile = z.output<typeof worldFileSchema>;

/** The JSON Schema of a world file (draft 2020-12). */
export function worldJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(worldFileSchema, { target: 'draft-2020-12', io: 'input' });
}

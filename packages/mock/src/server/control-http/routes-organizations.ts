/**
 * Control routes that set a world up: organizations and their funds, API keys, sender IDs, tags
 * and contacts. Each one parses its input, calls `mock.control.*` and renders the result.
 */
import { getOrganization } from '../../domain/tenancy/organizations';
import { parse, parseQuery } from '../../http/validate';
import type { ControlContext, ControlRoute } from './route';
import * as schemas from './schemas';
import {
  apiKeyView,
  contactView,
  displaySecret,
  keysOf,
  organizationView,
  senderIdsOf,
  senderIdView,
  tagView,
} from './views';

function organizationOf({ mock, params }: ControlContext) {
  return getOrganization(mock.world, params.organization_id!);
}

/** Organization routes. */
export const ORGANIZATION_ROUTES: readonly ControlRoute[] = [
  {
    method: 'GET',
    path: '/organizations',
    handle: ({ mock }) => ({
      status: 200,
      body: {
        entries: [...mock.world.organizations.values()].map((org) =>
          organizationView(mock.world, org),
        ),
      },
    }),
  },
  {
    method: 'POST',
    path: '/organizations',
    handle: ({ mock, json }) => {
      const input = parse(schemas.createOrganizationBody, json);
      const created = mock.control.createOrganization({
        name: input.name,
        ...(input.default_country === undefined ? {} : { defaultCountry: input.default_country }),
        ...(input.currency === undefined ? {} : { currency: input.currency }),
        ...(input.balance === undefined ? {} : { balance: input.balance }),
      });
      // The one response that shows the new organization's webhook secret in full (D62).
      return {
        status: 201,
        body: {
          ...organizationView(mock.world, getOrganization(mock.world, created.id)),
          webhook_secret: mock.control.webhookSecret(created.id),
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/organizations/:organization_id',
    handle: (context) => {
      const { world } = context.mock;
      const organization = organizationOf(context);
      return {
        status: 200,
        body: {
          ...organizationView(world, organization),
          api_keys: keysOf(world, organization.id),
          sender_ids: senderIdsOf(world, organization.id),
          webhook_secret_prefix: displaySecret(context.mock.control.webhookSecret(organization.id)),
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/organizations/:organization_id/fund',
    handle: (context) => {
      const { amount } = parse(schemas.fundBody, context.json);
      const organization = organizationOf(context);
      const balance = context.mock.control.fundAccount(organization.id, amount);
      return { status: 200, body: { organization_id: organization.id, balance } };
    },
  },
  {
    method: 'GET',
    path: '/organizations/:organization_id/ledger',
    handle: (context) => {
      const organization = organizationOf(context);
      const { control } = context.mock;
      return {
        status: 200,
        body: {
          organization_id: organization.id,
          balance: control.balance(organization.id),
          entries: control.ledger(organization.id),
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/organizations/:organization_id/campaigns',
    handle: (context) => {
      const { environment } = parseQuery(schemas.environmentQuery, context.query);
      const organization = organizationOf(context);
      return {
        status: 200,
        body: { entries: context.mock.control.campaigns(organization.id, environment ?? 'live') },
      };
    },
  },
  {
    method: 'GET',
    path: '/organizations/:organization_id/api-keys',
    handle: (context) => ({
      status: 200,
      body: { entries: keysOf(context.mock.world, organizationOf(context).id) },
    }),
  },
  {
    method: 'POST',
    path: '/organizations/:organization_id/api-keys',
    handle: (context) => {
      const input = parse(schemas.issueKeyBody, context.json);
      const key = context.mock.control.issueApiKey({
        organizationId: organizationOf(context).id,
        ...input,
      });
      return { status: 201, body: apiKeyView(key, true) };
    },
  },
  {
    method: 'GET',
    path: '/organizations/:organization_id/sender-ids',
    handle: (context) => ({
      status: 200,
      body: { entries: senderIdsOf(context.mock.world, organizationOf(context).id) },
    }),
  },
  {
    method: 'POST',
    path: '/organizations/:organization_id/sender-ids',
    handle: (context) => {
      const input = parse(schemas.createSenderIdBody, context.json);
      const remitter = context.mock.control.createRemitter({
        organizationId: organizationOf(context).id,
        name: input.name,
        ...(input.status === undefined ? {} : { status: input.status }),
        ...(input.make_default === undefined ? {} : { makeDefault: input.make_default }),
      });
      const stored = context.mock.world.remitters.get(remitter.id) ?? remitter;
      return { status: 201, body: senderIdView(context.mock.world, stored) };
    },
  },
  {
    method: 'POST',
    path: '/organizations/:organization_id/tags',
    handle: (context) => {
      const { name } = parse(schemas.createTagBody, context.json);
      const tag = context.mock.control.createTag(organizationOf(context).id, name);
      return { status: 201, body: tagView(tag) };
    },
  },
  {
    method: 'POST',
    path: '/organizations/:organization_id/contacts',
    handle: (context) => {
      const input = parse(schemas.createContactBody, context.json);
      const contact = context.mock.control.createContact({
        organizationId: organizationOf(context).id,
        name: input.name,
        number: input.number,
        ...(input.email === undefined ? {} : { email: input.email }),
        ...(input.tag_ids === undefined ? {} : { tagIds: input.tag_ids }),
      });
      return { status: 201, body: contactView(contact) };
    },
  },
];

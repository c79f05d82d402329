/**
 * Control routes that set a world up: organizations and their funds, API keys, sender IDs, tags
 * and contacts. Each one parses its input, calls `mock.control.*` and renders the result.
 */
import { displaySecret, parse, parseQuery } from '@msgsvc/mock/port';
import type { ControlContext, ControlRoute } from '../http/route';
import * as schemas from './control-schemas';

function organizationOf({ mock, params }: ControlContext) {
  return mock.control.organization(params.organization_id!);
}

/** Organization routes. */
export const ORGANIZATION_ROUTES: readonly ControlRoute[] = [
  {
    method: 'GET',
    path: '/organizations',
    handle: ({ mock }) => ({ status: 200, body: { entries: mock.control.organizations() } }),
  },
  {
    method: 'POST',
    path: '/organizations',
    handle: ({ mock, json }) => {
      const input = parse(schemas.createOrganizationBody, json);
      return { status: 201, body: mock.control.createOrganization(input) };
    },
  },
  {
    method: 'GET',
    path: '/organizations/{organization_id}',
    handle: (context) => {
      const { control } = context.mock;
      const organization = organizationOf(context);
      return {
        status: 200,
        body: {
          ...organization,
          api_keys: control.apiKeys(organization.id),
          sender_ids: control.senderIds(organization.id),
          webhook_secret_prefix: displaySecret(control.webhookSecret(organization.id)),
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/organizations/{organization_id}/fund',
    handle: (context) => {
      const { amount } = parse(schemas.fundBody, context.json);
      const organization = organizationOf(context);
      const balance = context.mock.control.fundAccount(organization.id, amount);
      return { status: 200, body: { organization_id: organization.id, balance } };
    },
  },
  {
    method: 'GET',
    path: '/organizations/{organization_id}/ledger',
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
    path: '/organizations/{organization_id}/campaigns',
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
    path: '/organizations/{organization_id}/api-keys',
    handle: (context) => ({
      status: 200,
      body: { entries: context.mock.control.apiKeys(organizationOf(context).id) },
    }),
  },
  {
    method: 'POST',
    path: '/organizations/{organization_id}/api-keys',
    handle: (context) => {
      const input = parse(schemas.issueKeyBody, context.json);
      const key = context.mock.control.issueApiKey({
        organization_id: organizationOf(context).id,
        ...input,
      });
      return { status: 201, body: key };
    },
  },
  {
    method: 'GET',
    path: '/organizations/{organization_id}/sender-ids',
    handle: (context) => ({
      status: 200,
      body: { entries: context.mock.control.senderIds(organizationOf(context).id) },
    }),
  },
  {
    method: 'POST',
    path: '/organizations/{organization_id}/sender-ids',
    handle: (context) => {
      const input = parse(schemas.createSenderIdBody, context.json);
      const body = context.mock.control.createSenderId({
        organization_id: organizationOf(context).id,
        ...input,
      });
      return { status: 201, body };
    },
  },
  {
    method: 'POST',
    path: '/organizations/{organization_id}/tags',
    handle: (context) => {
      const { name } = parse(schemas.createTagBody, context.json);
      return {
        status: 201,
        body: context.mock.control.createTag(organizationOf(context).id, name),
      };
    },
  },
  {
    method: 'POST',
    path: '/organizations/{organization_id}/contacts',
    handle: (context) => {
      const input = parse(schemas.createContactBody, context.json);
      const body = context.mock.control.createContact({
        organization_id: organizationOf(context).id,
        ...input,
      });
      return { status: 201, body };
    },
  },
];

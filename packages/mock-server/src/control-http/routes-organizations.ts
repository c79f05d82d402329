/** Control routes that set a world up: organizations, funds, API keys, sender IDs, tags, contacts. */
import { redactSecrets } from '@msgsvc/sdk/contract';
import * as schemas from '../generated/control-requests';
import { type ControlContext, route } from '../http/route';

/** The organization of the path, or a 404. */
export function organizationOf({ mock, params }: ControlContext) {
  return mock.control.organization(params.organization_id!).id;
}

/** Organization and credential routes. */
export const ORGANIZATION_ROUTES = [
  route('GET /organizations', ({ mock }) => ({ entries: mock.control.organizations() })),
  route('POST /organizations 201', schemas.createOrganizationBody, ({ mock }, input) =>
    mock.control.createOrganization(input),
  ),
  route('GET /organizations/{organization_id}', (context) => {
    const { control } = context.mock;
    const organization = control.organization(context.params.organization_id!);
    return {
      ...organization,
      api_keys: control.apiKeys(organization.id),
      sender_ids: control.senderIds(organization.id),
      webhook_secret_prefix: redactSecrets(control.webhookSecret(organization.id)),
    };
  }),
  route(
    'POST /organizations/{organization_id}/fund',
    schemas.fundOrganizationBody,
    (context, { amount }) => {
      const id = organizationOf(context);
      return { organization_id: id, balance: context.mock.control.fundAccount(id, amount) };
    },
  ),
  route('GET /organizations/{organization_id}/ledger', (context) => {
    const id = organizationOf(context);
    const { control } = context.mock;
    return { organization_id: id, balance: control.balance(id), entries: control.ledger(id) };
  }),
  route(
    'GET /organizations/{organization_id}/campaigns',
    schemas.listOrganizationCampaignsQuery,
    (context, { environment }) => ({
      entries: context.mock.control.campaigns(organizationOf(context), environment ?? 'live'),
    }),
  ),
  route('GET /organizations/{organization_id}/api-keys', (context) => ({
    entries: context.mock.control.apiKeys(organizationOf(context)),
  })),
  route(
    'POST /organizations/{organization_id}/api-keys 201',
    schemas.issueApiKeyBody,
    (context, input) =>
      context.mock.control.issueApiKey({ organization_id: organizationOf(context), ...input }),
  ),
  route('GET /organizations/{organization_id}/sender-ids', (context) => ({
    entries: context.mock.control.senderIds(organizationOf(context)),
  })),
  route(
    'POST /organizations/{organization_id}/sender-ids 201',
    schemas.createSenderIdBody,
    (context, input) =>
      context.mock.control.createSenderId({ organization_id: organizationOf(context), ...input }),
  ),
  route(
    'POST /organizations/{organization_id}/tags 201',
    schemas.createTagBody,
    (context, { name }) => context.mock.control.createTag(organizationOf(context), name),
  ),
  route(
    'POST /organizations/{organization_id}/contacts 201',
    schemas.createContactBody,
    (context, input) =>
      context.mock.control.createContact({ organization_id: organizationOf(context), ...input }),
  ),
  // By id only: a full key in a URL would end up in logs and browser history.
  route('POST /api-keys/{key_id}/revoke', ({ mock, params }) =>
    mock.control.revokeApiKey(params.key_id!),
  ),
  route('PATCH /sender-ids/{sender_id}', schemas.updateSenderIdBody, ({ mock, params }, input) =>
    mock.control.setSenderIdStatus(params.sender_id!, input.status),
  ),
];

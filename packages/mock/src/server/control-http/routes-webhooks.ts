/**
 * Control routes on webhooks and inbound traffic: register and remove endpoints (URLs the server
 * POSTs signed events to, decision D29), read the outbox with every attempt, and make a handset
 * write to a sender ID (`STOP` opts the number out).
 */
import { getOrganization } from '../../domain/tenancy/organizations';
import { parse, parseQuery } from '../../http/validate';
import type { ControlRoute } from './route';
import * as schemas from './schemas';
import { webhookEndpointView } from './views';

/** Webhook and inbound routes. */
export const WEBHOOK_ROUTES: readonly ControlRoute[] = [
  {
    method: 'GET',
    path: '/organizations/:organization_id/webhook-endpoints',
    handle: ({ mock, params }) => {
      const organization = getOrganization(mock.world, params.organization_id!);
      // By prefix: the full secret is shown once, when the endpoint is registered (D62).
      const entries = mock.control.webhookEndpoints(organization.id).map(webhookEndpointView);
      return { status: 200, body: { entries } };
    },
  },
  {
    method: 'POST',
    path: '/organizations/:organization_id/webhook-endpoints',
    handle: ({ mock, params, json }) => {
      const input = parse(schemas.webhookEndpointBody, json);
      const endpoint = mock.control.addWebhookEndpoint({
        organizationId: params.organization_id!,
        url: input.url,
        ...(input.secret === undefined ? {} : { secret: input.secret }),
        ...(input.events === undefined ? {} : { events: input.events }),
        ...(input.environment === undefined ? {} : { environment: input.environment }),
      });
      return { status: 201, body: endpoint };
    },
  },
  {
    method: 'DELETE',
    path: '/webhook-endpoints/:endpoint_id',
    handle: ({ mock, params }) => {
      mock.control.removeWebhookEndpoint(params.endpoint_id!);
      return { status: 200, body: { id: params.endpoint_id, deleted: true } };
    },
  },
  {
    method: 'GET',
    path: '/webhooks/outbox',
    handle: ({ mock, query }) => {
      const filter = parseQuery(schemas.outboxQuery, query);
      const entries = mock.control.outbox({
        ...(filter.endpoint_id === undefined ? {} : { endpointId: filter.endpoint_id }),
        ...(filter.type === undefined ? {} : { type: filter.type }),
        ...(filter.state === undefined ? {} : { state: filter.state }),
      });
      return { status: 200, body: { entries } };
    },
  },
  {
    method: 'POST',
    path: '/inbound',
    handle: ({ mock, json }) => {
      const { organization_id, ...input } = parse(schemas.inboundBody, json);
      const inbound = mock.control.simulateInbound({
        ...input,
        ...(organization_id === undefined ? {} : { organizationId: organization_id }),
      });
      return { status: 201, body: inbound };
    },
  },
  {
    method: 'GET',
    path: '/organizations/:organization_id/inbound',
    handle: ({ mock, params }) => {
      const organization = getOrganization(mock.world, params.organization_id!);
      return { status: 200, body: { entries: mock.control.inbound(organization.id) } };
    },
  },
];

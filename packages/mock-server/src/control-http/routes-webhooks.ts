/**
 * Control routes on webhooks and inbound traffic: register and remove endpoints (URLs the server
 * POSTs signed events to), read the outbox with every attempt, and make a handset
 * write to a sender ID (`STOP` opts the number out).
 */
import { parse, parseQuery } from '@msgsvc/mock/port';
import type { ControlRoute } from '../http/route';
import * as schemas from './control-schemas';

/** Webhook and inbound routes. */
export const WEBHOOK_ROUTES: readonly ControlRoute[] = [
  {
    method: 'GET',
    path: '/organizations/{organization_id}/webhook-endpoints',
    handle: ({ mock, params }) => {
      const organization = mock.control.organization(params.organization_id!);
      // By prefix: the full secret is shown once, when the endpoint is registered.
      return { status: 200, body: { entries: mock.control.webhookEndpoints(organization.id) } };
    },
  },
  {
    method: 'POST',
    path: '/organizations/{organization_id}/webhook-endpoints',
    handle: ({ mock, params, json }) => {
      const input = parse(schemas.webhookEndpointBody, json);
      const endpoint = mock.control.addWebhookEndpoint({
        organization_id: params.organization_id!,
        ...input,
      });
      return { status: 201, body: endpoint };
    },
  },
  {
    method: 'DELETE',
    path: '/webhook-endpoints/{endpoint_id}',
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
      return { status: 200, body: { entries: mock.control.outbox(filter) } };
    },
  },
  {
    method: 'POST',
    path: '/webhooks/outbox/redeliver-failed',
    handle: ({ mock, json }) => {
      const input = parse(schemas.redeliverFailedBody, json);
      const result = mock.control.redeliverFailed(input);
      // The attempts are due now: made at once, on a virtual clock too (as "redeliver now" is).
      mock.clock.runDue();
      return { status: 200, body: result };
    },
  },
  {
    method: 'POST',
    path: '/inbound',
    handle: ({ mock, json }) => {
      const input = parse(schemas.inboundBody, json);
      return { status: 201, body: mock.control.simulateInbound(input) };
    },
  },
  {
    method: 'GET',
    path: '/organizations/{organization_id}/inbound',
    handle: ({ mock, params }) => {
      const organization = mock.control.organization(params.organization_id!);
      return { status: 200, body: { entries: mock.control.inbound(organization.id) } };
    },
  },
];

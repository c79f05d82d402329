/** Control routes on webhooks, inbound traffic and triggered events. */

import * as schemas from '../generated/control-requests';
import { route } from '../http/route';
import { organizationOf } from './routes-organizations';

/** Webhook, inbound and trigger routes. */
export const WEBHOOK_ROUTES = [
  // By prefix: the full secret is shown once, when the endpoint is registered.
  route('GET /organizations/{organization_id}/webhook-endpoints', (context) => ({
    entries: context.mock.control.webhookEndpoints(organizationOf(context)),
  })),
  route(
    'POST /organizations/{organization_id}/webhook-endpoints 201',
    schemas.addWebhookEndpointBody,
    ({ mock, params }, input) =>
      mock.control.addWebhookEndpoint({ organization_id: params.organization_id!, ...input }),
  ),
  route('DELETE /webhook-endpoints/{endpoint_id}', ({ mock, params }) => {
    mock.control.removeWebhookEndpoint(params.endpoint_id!);
    return { id: params.endpoint_id, deleted: true };
  }),
  route('GET /webhooks/outbox', schemas.readOutboxQuery, ({ mock }, filter) => ({
    entries: mock.control.outbox(filter),
  })),
  route(
    'POST /webhooks/outbox/redeliver-failed',
    schemas.redeliverFailedBody,
    ({ mock }, input) => {
      const result = mock.control.redeliverFailed(input);
      // The attempts are due now: made at once, on a virtual clock too (as "redeliver now" is).
      mock.clock.runDue();
      return result;
    },
  ),
  route('POST /inbound 201', schemas.simulateInboundBody, ({ mock }, input) =>
    mock.control.simulateInbound(input),
  ),
  route('GET /organizations/{organization_id}/inbound', (context) => ({
    entries: context.mock.control.inbound(organizationOf(context)),
  })),
  route('POST /trigger', schemas.triggerEventBody, ({ mock }, input) =>
    mock.control.trigger(input),
  ),
];

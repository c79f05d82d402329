/**
 * The webhook controls: endpoints (a URL or an in-process listener), the outbox, the signing
 * secret, and messages from handsets (inbound replies, STOP and START).
 */

import { validationError } from '../domain/core/errors';
import { ENVIRONMENTS, oneOf } from '../domain/core/vocabulary';
import type { World } from '../domain/engine/world';
import { simulateInbound } from '../domain/messages/inbound';
import { getOrganization } from '../domain/tenancy/organizations';
import { REDELIVER_LIMIT, redeliverFailed } from '../domain/webhooks/redeliver-failed';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhooks/webhook-events';
import {
  addWebhookEndpoint,
  DELIVERY_STATES,
  redeliverNow,
  removeWebhookEndpoint,
} from '../domain/webhooks/webhooks';
import { checkOptions } from './control-options';
import type { WebhookControls, WebhookListener } from './mock-control';
import { deliveryView, inboundView, webhookEndpointView } from './views';

/**
 * Builds the webhook controls over a world getter (the world is replaced on `reset`).
 *
 * @param world - Returns the current world.
 * @param listeners - In-process listeners by endpoint id (they are functions, not world state).
 */
export function createWebhookControls(
  world: () => World,
  listeners: Map<string, WebhookListener>,
): WebhookControls {
  return {
    ...endpointControls(world, listeners),
    ...outboxControls(world),
    ...handsetControls(world),
  };
}

// The controls of endpoints and their signing secrets.
function endpointControls(
  world: () => World,
  listeners: Map<string, WebhookListener>,
): Pick<
  WebhookControls,
  'addWebhookEndpoint' | 'removeWebhookEndpoint' | 'webhookEndpoints' | 'webhookSecret'
> {
  return {
    addWebhookEndpoint(params) {
      checkOptions('addWebhookEndpoint', params);
      if (params.environment !== undefined) oneOf(params.environment, ENVIRONMENTS, 'environment');
      const endpoint = addWebhookEndpoint(world(), {
        organizationId: params.organization_id,
        url: params.url ?? null,
        ...(params.secret === undefined ? {} : { secret: params.secret }),
        ...(params.events === undefined ? {} : { events: [...params.events] }),
        ...(params.environment === undefined ? {} : { environment: params.environment }),
      });
      if (params.listener !== undefined) listeners.set(endpoint.id, params.listener);
      // The one response that shows the endpoint's secret in full.
      return { ...webhookEndpointView(endpoint), secret: endpoint.secret };
    },

    removeWebhookEndpoint(endpointId) {
      removeWebhookEndpoint(world(), endpointId);
      listeners.delete(endpointId);
    },

    webhookEndpoints(organizationId) {
      return world()
        .webhooks.endpoints.filter(
          (e) => organizationId === undefined || e.organizationId === organizationId,
        )
        .map(webhookEndpointView);
    },

    webhookSecret(organizationId) {
      return getOrganization(world(), organizationId).webhookSecret;
    },
  };
}

// The controls of the outbox.
function outboxControls(
  world: () => World,
): Pick<WebhookControls, 'outbox' | 'redeliver' | 'redeliverFailed'> {
  return {
    outbox(filter = {}) {
      checkOptions('outbox', filter);
      // A misspelt filter would match nothing, and an assertion on an empty outbox would pass.
      if (filter.type !== undefined) oneOf(filter.type, WEBHOOK_EVENT_TYPES, 'type');
      if (filter.state !== undefined) oneOf(filter.state, DELIVERY_STATES, 'state');
      return world()
        .webhooks.outbox.filter(
          (d) =>
            (filter.endpoint_id === undefined || d.endpointId === filter.endpoint_id) &&
            (filter.type === undefined || d.type === filter.type) &&
            (filter.state === undefined || d.state === filter.state),
        )
        .map(deliveryView);
    },

    redeliver(deliveryId) {
      return deliveryView(redeliverNow(world(), deliveryId));
    },

    redeliverFailed(options = {}) {
      checkOptions('redeliverFailed', options);
      if (options.type !== undefined) oneOf(options.type, WEBHOOK_EVENT_TYPES, 'type');
      const { limit } = options;
      if (
        limit !== undefined &&
        !(Number.isInteger(limit) && limit >= 1 && limit <= REDELIVER_LIMIT)
      )
        throw validationError({ limit: `Must be an integer from 1 to ${REDELIVER_LIMIT}.` });
      const result = redeliverFailed(world(), {
        ...(options.endpoint_id === undefined ? {} : { endpointId: options.endpoint_id }),
        ...(options.type === undefined ? {} : { type: options.type }),
        ...(limit === undefined ? {} : { limit }),
      });
      return { ...result, redelivered: [...result.redelivered] };
    },
  };
}

// The controls of messages from handsets.
function handsetControls(world: () => World): Pick<WebhookControls, 'simulateInbound' | 'inbound'> {
  return {
    simulateInbound(params) {
      checkOptions('simulateInbound', params);
      if (params.environment !== undefined) oneOf(params.environment, ENVIRONMENTS, 'environment');
      return inboundView(
        simulateInbound(world(), {
          from: params.from,
          to: params.to,
          body: params.body,
          ...(params.environment === undefined ? {} : { environment: params.environment }),
          ...(params.organization_id === undefined
            ? {}
            : { organizationId: params.organization_id }),
        }),
      );
    },

    inbound(organizationId) {
      return world()
        .inbound.filter((i) => i.organizationId === organizationId)
        .map(inboundView);
    },
  };
}

/** The webhook controls: endpoints, the outbox, messages from handsets, events on demand. */
import { validationError } from '../domain/core/errors';
import { oneOf } from '../domain/core/vocabulary';
import type { World } from '../domain/engine/world';
import { simulateInbound } from '../domain/messages/inbound';
import { getOrganization } from '../domain/tenancy/organizations';
import { triggerEvent } from '../domain/webhooks/trigger-events';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhooks/webhook-events';
import {
  addWebhookEndpoint,
  REDELIVER_LIMIT,
  redeliverFailed,
  redeliverNow,
  removeWebhookEndpoint,
} from '../domain/webhooks/webhooks';
import { checkOptions } from './control-options';
import type { TriggerControls, WebhookControls, WebhookListener } from './mock-control';
import { deliveryView, inboundView, triggerView, webhookEndpointView } from './views';

/**
 * Builds the webhook and trigger controls over a world getter (the world is replaced on `reset`)
 * and the in-process listeners by endpoint id (functions, not world state).
 */
export function createWebhookControls(
  world: () => World,
  listeners: Map<string, WebhookListener>,
): WebhookControls & TriggerControls {
  return {
    addWebhookEndpoint(params) {
      const { listener, ...options } = checkOptions('addWebhookEndpoint', params);
      const endpoint = addWebhookEndpoint(world(), options);
      if (listener !== undefined) listeners.set(endpoint.id, listener);
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
    webhookSecret: (organizationId) => getOrganization(world(), organizationId).webhookSecret,
    outbox(filter) {
      const wanted = Object.entries(checkOptions('outbox', filter));
      return world()
        .webhooks.outbox.filter((d) =>
          wanted.every(([field, value]) => d[field as keyof typeof d] === value),
        )
        .map(deliveryView);
    },
    redeliver: (deliveryId) => deliveryView(redeliverNow(world(), deliveryId)),
    redeliverFailed(params) {
      const options = checkOptions('redeliverFailed', params);
      // A default for `undefined` only: a null limit is refused, as over HTTP.
      const { limit = REDELIVER_LIMIT } = options;
      if (!(Number.isInteger(limit) && limit >= 1 && limit <= REDELIVER_LIMIT))
        throw validationError({ limit: `Must be an integer from 1 to ${REDELIVER_LIMIT}.` });
      return redeliverFailed(world(), options);
    },
    simulateInbound: (params) =>
      inboundView(simulateInbound(world(), checkOptions('simulateInbound', params))),
    inbound: (organizationId) =>
      world()
        .inbound.filter((i) => i.organizationId === organizationId)
        .map(inboundView),
    trigger(params) {
      const options = checkOptions('trigger', params);
      // The one option every call of it needs.
      oneOf(options.type, WEBHOOK_EVENT_TYPES, 'type');
      return triggerView(triggerEvent(world(), options));
    },
  };
}

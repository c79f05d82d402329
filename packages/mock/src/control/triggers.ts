/**
 * The trigger control: any webhook event of the contract on demand, made to happen in the world
 * (issue 24, item 5). The work is the domain's `triggerEvent`; this checks the
 * options and answers in the control vocabulary.
 */
import { ENVIRONMENTS, oneOf } from '../domain/core/vocabulary';
import type { World } from '../domain/engine/world';
import { type TriggerSpec, triggerEvent } from '../domain/webhooks/trigger-events';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhooks/webhook-events';
import { checkOptions } from './control-options';
import type { TriggerControls, TriggerParams } from './mock-control';
import { triggerView } from './views';

/**
 * Builds the trigger control over a world getter (the world is replaced on `reset`).
 *
 * @param world - Returns the current world.
 */
export function createTriggerControls(world: () => World): TriggerControls {
  return {
    trigger(params) {
      checkOptions('trigger', params);
      oneOf(params.type, WEBHOOK_EVENT_TYPES, 'type');
      if (params.environment !== undefined) oneOf(params.environment, ENVIRONMENTS, 'environment');
      return triggerView(triggerEvent(world(), specOf(params)));
    },
  };
}

/** The wire names to the domain's, leaving out what was not given. */
function specOf(params: TriggerParams): TriggerSpec {
  const spec: { -readonly [K in keyof TriggerSpec]: TriggerSpec[K] } = { type: params.type };
  if (params.message_id !== undefined) spec.messageId = params.message_id;
  if (params.campaign_id !== undefined) spec.campaignId = params.campaign_id;
  if (params.status !== undefined) spec.status = params.status;
  if (params.error_code !== undefined) spec.errorCode = params.error_code;
  if (params.organization_id !== undefined) spec.organizationId = params.organization_id;
  if (params.environment !== undefined) spec.environment = params.environment;
  if (params.from !== undefined) spec.from = params.from;
  if (params.to !== undefined) spec.to = params.to;
  if (params.body !== undefined) spec.body = params.body;
  return spec;
}

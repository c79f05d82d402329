/**
 * Events on demand: any webhook event the contract lists is made to happen in the world (a real
 * status change, inbound message or campaign run), never written as a payload, so every payload is
 * what the world would have sent and every id in it names a record the public API can fetch.
 */
import { processCampaign } from '../campaigns/campaign-lifecycle';
import { sendBatch } from '../campaigns/campaigns';
import type { Caller } from '../core/caller';
import { type DomainError, found, validationError } from '../core/errors';
import type { CampaignRecord, MessageRecord, MessageStatus, Organization } from '../core/model';
import { wireName } from '../core/vocabulary';
import type { World } from '../core/world';
import { simulateInbound } from '../messages/inbound';
import { answerMessage, dispatchMessage, transitionMessage } from '../messages/message-lifecycle';
import {
  MESSAGE_STATUS_TRAITS,
  MESSAGE_STATUSES,
  MESSAGE_TRANSITIONS,
  type MessageEvent,
} from '../messages/message-machine';
import { sendMessage } from '../messages/messages';
import { fictionalNumbers } from '../phone/fictional-numbers';
import { clearFaults, injectDispatchFailure } from '../policies/faults';
import type { ControlSchema } from '../tenancy/control-params';
import { getOrganization } from '../tenancy/organizations';
import { type WebhookEventPayload, type WebhookEventType, webhookEventOf } from './webhook-events';

/** What to trigger: the event type, its subject (or what to create one from), the outcome. */
export type TriggerSpec = ControlSchema<'TriggerRequest'>;

/** What a trigger did: the control contract's result, each event as the outbox holds it. */
export type TriggerOutcome = Omit<ControlSchema<'TriggerResult'>, 'events'> & {
  /** Every webhook event the world produced meanwhile, in order (a campaign's messages too). */
  readonly events: readonly WebhookEventPayload[];
};

/** The text of a created message or inbound message when none is given. */
const DEFAULT_MESSAGE_BODY = 'Triggered by msgsvc-mock.';
const DEFAULT_INBOUND_BODY = 'Hello';
/** The recipient of a created message: fictional, so no phone could ever get it. */
const DEFAULT_RECIPIENT = '+244900000001';
/** The recipients of a created campaign: fictional and without forced outcomes. */
const DEFAULT_CAMPAIGN_SIZE = 3;

/** The fields each event type reads whatever its subject, besides those its subject decides. */
const APPLIES: Readonly<Record<WebhookEventType, readonly (keyof TriggerSpec)[]>> = {
  'message.status_updated': ['messageId', 'status', 'errorCode'],
  'message.received': ['messageId', 'body'],
  'campaign.completed': ['campaignId', 'status'],
};
/** The fields it reads only when no subject is given: a given one decides them, refused beside it. */
const DECIDED_BY_SUBJECT: Readonly<Record<WebhookEventType, readonly (keyof TriggerSpec)[]>> = {
  'message.status_updated': ['organizationId', 'environment', 'to', 'body'],
  'message.received': ['organizationId', 'environment', 'from', 'to'],
  'campaign.completed': ['organizationId', 'environment'],
};

/**
 * Makes the event `spec.type` happen. Every check runs before anything changes: a refused
 * trigger leaves the world as it was.
 */
export function triggerEvent(world: World, spec: TriggerSpec): TriggerOutcome {
  checkApplicable(spec);
  const plan = PLANS[spec.type](world, spec);
  const events: WebhookEventPayload[] = [];
  const firstDelivery = world.webhooks.outbox.length;
  const unsubscribe = world.subscribe((event) => {
    const webhook = webhookEventOf(world, event);
    if (webhook !== undefined) events.push(webhook.payload);
  });
  try {
    return {
      type: spec.type,
      subject: plan(),
      events,
      deliveries: world.webhooks.outbox.slice(firstDelivery).map((delivery) => delivery.id),
    };
  } finally {
    unsubscribe();
  }
}

function checkApplicable(spec: TriggerSpec): void {
  const fields: Record<string, string> = {};
  const decided = DECIDED_BY_SUBJECT[spec.type];
  const subjectGiven = spec.messageId !== undefined || spec.campaignId !== undefined;
  for (const key of Object.keys(spec) as (keyof TriggerSpec)[]) {
    if (key === 'type' || spec[key] === undefined) continue;
    if (!APPLIES[spec.type].includes(key) && !decided.includes(key)) {
      fields[wireName(key)] = `Does not apply to ${spec.type}.`;
    } else if (subjectGiven && decided.includes(key)) {
      fields[wireName(key)] =
        `Applies only when no ${spec.type === 'campaign.completed' ? 'campaign_id' : 'message_id'} is given: the existing record decides it.`;
    }
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
}

/** The change a trigger makes, checked against the world but not made yet: it returns the subject. */
type Plan = () => TriggerOutcome['subject'];

const PLANS: Readonly<Record<WebhookEventType, (world: World, spec: TriggerSpec) => Plan>> = {
  'message.status_updated': planStatusUpdate,
  'message.received': planInbound,
  'campaign.completed': planCampaign,
};

const ERROR_CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

function planStatusUpdate(world: World, spec: TriggerSpec): Plan {
  const target = (spec.status ?? 'DELIVERED') as MessageStatus;
  if (!MESSAGE_STATUSES.includes(target) || target === 'PENDING') {
    throw validationError({
      status: `Must be a status a message can move into: ${MESSAGE_STATUSES.filter((s) => s !== 'PENDING').join(', ')}.`,
    });
  }
  if (spec.errorCode !== undefined) {
    if (!MESSAGE_STATUS_TRAITS[target].final || target === 'DELIVERED') {
      throw validationError({ error_code: `A ${target} message carries no error code.` });
    }
    if (!ERROR_CODE.test(spec.errorCode)) {
      throw validationError({ error_code: 'Must be an error code such as ABSENT_SUBSCRIBER.' });
    }
  }
  const errorCode = spec.errorCode ?? null;
  const named = spec.messageId === undefined ? undefined : findMessage(world, spec.messageId);
  const path = pathTo(named?.status ?? 'PENDING', target);
  if (path === undefined) throw unreachable(named!, target);
  // No message named: one is sent through the public API's own operation, then moved.
  const caller = named === undefined ? callerOf(soleOrganization(world, spec), spec) : undefined;
  return () => {
    const message =
      named ??
      sendMessage(world, caller!, {
        to: spec.to ?? DEFAULT_RECIPIENT,
        body: spec.body ?? DEFAULT_MESSAGE_BODY,
        channelType: 'SMS',
      });
    path.forEach((event, i) => {
      transitionMessage(world, message, event, i === path.length - 1 ? errorCode : null);
    });
    return { kind: 'message', id: message.id, created: named === undefined };
  };
}

/**
 * The events that move a message from `from` to `to` along the message machine (`PENDING →
 * DELIVERED` is `submitted`, then `delivered`: two events, as in life), or `undefined` when the
 * machine has no way there. The machine has one way to each status and no cycle, so the first way
 * found is the only one, and the search ends.
 */
function pathTo(from: MessageStatus, to: MessageStatus): MessageEvent[] | undefined {
  for (const [event, next] of Object.entries(MESSAGE_TRANSITIONS[from]) as [
    MessageEvent,
    MessageStatus,
  ][]) {
    const rest = next === to ? [] : pathTo(next, to);
    if (rest !== undefined) return [event, ...rest];
  }
  return undefined;
}

/** Why a message cannot reach `target`: a final status changes no more. */
function unreachable(message: MessageRecord, target: MessageStatus): DomainError {
  const from = message.status;
  if (MESSAGE_STATUS_TRAITS[from].final) {
    return validationError({
      status: `Message ${message.id} is ${from}, a final status: it changes no more, so no message.status_updated can follow.`,
    });
  }
  const reachable = MESSAGE_STATUSES.filter((s) => s !== from && pathTo(from, s) !== undefined);
  return validationError({
    status:
      from === target
        ? `Message ${message.id} is already ${from}; it can move to ${reachable.join(', ')}.`
        : `Message ${message.id} is ${from}: it can move to ${reachable.join(', ')}, not ${target}.`,
  });
}

function findMessage(world: World, id: string): MessageRecord {
  return found(world.messages.get(id.toLowerCase()), `No message ${id}.`);
}

function planInbound(world: World, spec: TriggerSpec): Plan {
  const body = spec.body ?? DEFAULT_INBOUND_BODY;
  if (spec.messageId !== undefined) {
    const message = findMessage(world, spec.messageId);
    return () => ({ kind: 'inbound', id: answerMessage(world, message, body).id, created: true });
  }
  // A handset writes first, to a sender ID named or (by its id) the organization's default.
  let to = spec.to;
  if (to === undefined) {
    const { defaultSenderId } = soleOrganization(world, spec);
    if (defaultSenderId === null) {
      throw validationError({
        to: 'The organization has no default sender ID: name the sender ID the handset writes to.',
      });
    }
    to = defaultSenderId;
  }
  // The trigger's organization_id and environment are the inbound message's, named alike.
  const params = { ...spec, from: spec.from ?? DEFAULT_RECIPIENT, to, body };
  // simulateInbound checks everything before it records anything.
  return () => ({ kind: 'inbound', id: simulateInbound(world, params).id, created: true });
}

function planCampaign(world: World, spec: TriggerSpec): Plan {
  const outcome = spec.status ?? 'COMPLETED';
  if (outcome !== 'COMPLETED' && outcome !== 'FAILED') {
    throw validationError({ status: 'Must be COMPLETED or FAILED.' });
  }
  if (spec.campaignId !== undefined) {
    const campaign = found(
      world.campaigns.get(spec.campaignId.toLowerCase()),
      `No campaign ${spec.campaignId}.`,
    );
    checkCompletable(campaign, outcome);
    return () => {
      complete(world, campaign, outcome);
      return { kind: 'campaign', id: campaign.id, created: false };
    };
  }
  // No campaign named: a batch is accepted through the public API's own operation.
  const organization = soleOrganization(world, spec);
  const caller = callerOf(organization, spec);
  if (organization.defaultSenderId === null) {
    throw validationError({
      organization_id: 'The organization has no default sender ID to send a campaign from.',
    });
  }
  const senderId = organization.defaultSenderId;
  return () => {
    const campaign = sendBatch(world, caller, {
      senderId,
      content: DEFAULT_MESSAGE_BODY,
      channelType: 'SMS',
      recipients: fictionalNumbers(DEFAULT_CAMPAIGN_SIZE, { seed: world.campaigns.size + 1 }),
      name: 'Triggered campaign',
    });
    complete(world, campaign, outcome);
    return { kind: 'campaign', id: campaign.id, created: true };
  };
}

function checkCompletable(campaign: CampaignRecord, outcome: 'COMPLETED' | 'FAILED'): void {
  const { status } = campaign;
  if (status === 'COMPLETED' || status === 'FAILED') {
    throw validationError({
      campaign_id: `Campaign ${campaign.id} is ${status}, a final status: it completed already and completes only once.`,
    });
  }
  if (status === 'SENDING' && outcome === 'FAILED') {
    throw validationError({
      status: `Campaign ${campaign.id} is SENDING: its messages are dispatched, so it can only complete; FAILED happens while it is PROCESSING.`,
    });
  }
  if (status !== 'PROCESSING' && status !== 'SENDING') {
    throw validationError({
      campaign_id: `Campaign ${campaign.id} is ${status}: nothing moves it on.`,
    });
  }
}

/**
 * Runs the campaign's own work now: its processing (with a dispatch fault armed for it when it is
 * to fail), then the dispatch of every message still pending, each settling the campaign as it
 * would on the clock. The tasks already scheduled for them find the work done and do nothing.
 */
function complete(world: World, campaign: CampaignRecord, outcome: 'COMPLETED' | 'FAILED'): void {
  if (campaign.status === 'PROCESSING') {
    const fault =
      outcome === 'FAILED' ? injectDispatchFailure(world, { campaignId: campaign.id }) : undefined;
    processCampaign(world, campaign.id);
    // Processing may fail for a reason of its own (funds, sender ID) before taking the fault.
    if (fault !== undefined) clearFaults(world, fault);
  }
  if (campaign.status !== 'SENDING') return;
  for (const message of world.messages.ofCampaign(campaign)) {
    if (message.status === 'PENDING') dispatchMessage(world, message.id);
  }
}

/** Who sends a created subject for `organization`: the trigger, in the environment named. */
function callerOf(organization: Organization, spec: TriggerSpec): Caller {
  return {
    organizationId: organization.id,
    environment: spec.environment ?? 'live',
    apiKeyId: 'trigger',
  };
}

/** The organization a created subject belongs to: the one named, or the world's only one. */
function soleOrganization(world: World, spec: TriggerSpec): Organization {
  if (spec.organizationId !== undefined) return getOrganization(world, spec.organizationId);
  const organizations = [...world.organizations.values()];
  if (organizations.length !== 1) {
    throw validationError({
      organization_id:
        organizations.length === 0
          ? 'The world has no organization.'
          : `The world has ${organizations.length} organizations: name the one whose record is created.`,
    });
  }
  return organizations[0]!;
}

/**
 * Inbound messages (a handset writing back) and opt-outs. An inbound `STOP` opts the number out of
 * the organization's messages; later sends to it fail with `RECIPIENT_OPTED_OUT` and are refunded.
 * `START` opts it back in.
 */
import { found, validationError } from '../core/errors';
import type { ChannelType, Environment, InboundMessage, SenderId } from '../core/model';
import type { World } from '../core/world';
import { normalizeRecipient } from '../phone/recipients';
import type { ControlSchema } from '../tenancy/control-params';
import { getOrganization } from '../tenancy/organizations';

/** Keywords that opt a number out (English and Portuguese, as carriers honour them). */
export const OPT_OUT_KEYWORDS: readonly string[] = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'PARAR',
  'SAIR',
];
/** Keywords that opt a number back in. */
export const OPT_IN_KEYWORDS: readonly string[] = ['START', 'UNSTOP', 'YES', 'INICIAR'];

/** Parameters of {@link simulateInbound}, and the channel and message a reply answers. */
export type InboundParams = ControlSchema<'InboundRequest'> & {
  readonly channelType?: ChannelType;
  readonly inReplyTo?: string | null;
};

/** Receives an inbound message for the organization that owns the sender ID `to`. */
export function simulateInbound(world: World, params: InboundParams): InboundMessage {
  const sender = addressedSender(world, params.to, params.organizationId);
  const organization = world.organizations.get(sender.organizationId)!;
  const from = normalizeRecipient(params.from, organization.defaultCountry);
  if (!from.ok) throw validationError({ from: 'Must be a valid phone number.' });
  if (params.body.length === 0) throw validationError({ body: 'Must not be empty.' });
  const environment = params.environment ?? 'live';
  const inbound: InboundMessage = {
    id: world.newId(),
    organizationId: organization.id,
    environment,
    senderId: sender.id,
    from: from.e164,
    to: sender.name,
    body: params.body,
    channel: params.channelType ?? 'SMS',
    inReplyTo: params.inReplyTo ?? null,
    receivedAt: world.now(),
  };
  world.inbound.push(inbound);
  const keyword = params.body.trim().toUpperCase();
  const key = optOutKey(organization.id, environment, from.e164);
  if (OPT_OUT_KEYWORDS.includes(keyword)) world.optOuts.add(key);
  else if (OPT_IN_KEYWORDS.includes(keyword)) world.optOuts.delete(key);
  world.emit({ type: 'message.received', inboundId: inbound.id, at: inbound.receivedAt });
  return inbound;
}

/**
 * The sender ID a handset wrote to: by id, or by name within one organization. A name that
 * sender IDs of several organizations carry is refused until the organization is named: a
 * handset's `STOP` must never land silently in the wrong organization.
 */
function addressedSender(world: World, to: string, organizationId: string | undefined): SenderId {
  if (organizationId !== undefined) getOrganization(world, organizationId);
  const mine = (sender: SenderId) =>
    organizationId === undefined || sender.organizationId === organizationId;
  const byId = world.senders.get(to);
  if (byId !== undefined && mine(byId)) return byId;
  const named = [...world.senders.values()].filter((r) => r.name === to && mine(r));
  const first = found(
    named[0],
    organizationId === undefined
      ? `No sender ID named ${to}.`
      : `The organization has no sender ID named ${to}.`,
  );
  const owners = new Set(named.map((sender) => sender.organizationId));
  if (owners.size > 1) {
    throw validationError({
      to: `Sender ID ${to} belongs to ${owners.size} organizations: give organization_id, or the sender ID's id.`,
    });
  }
  return first;
}

/**
 * Whether a number opted out of an organization's messages in an environment. It reads the
 * opt-outs alone, so a tool asks it of the port's read-only view as sending asks it of the world.
 */
export function isOptedOut(
  world: { readonly optOuts: ReadonlySet<string> },
  organizationId: string,
  environment: Environment,
  e164: string,
): boolean {
  // Asked for every message sent; most worlds have no opt-out, and the key is a new string.
  return world.optOuts.size > 0 && world.optOuts.has(optOutKey(organizationId, environment, e164));
}

function optOutKey(organizationId: string, environment: string, e164: string): string {
  return `${organizationId}|${environment}|${e164}`;
}

/**
 * The badges a message and a phone carry on the page (issue 25 item 6): the channel it went by,
 * the environment of the key that created it, and whether its recipient opted out of the
 * sender's messages by answering a STOP word such as `PARAR`.
 */
import { isOptedOut, type MessageRecord, type ReadonlyWorld } from '@msgsvc/mock/port';

/** A message's badges beyond its status. */
export function messageBadges(world: ReadonlyWorld, message: MessageRecord) {
  return {
    /** `SMS` or `WHATSAPP`. */
    channel: message.channel,
    /** The recipient has opted out of this organization's messages in this environment, now. */
    opted_out: isOptedOut(world, message.organizationId, message.environment, message.e164),
  };
}

/** Each organization and environment a number has opted out of, for the phone's view. */
export function phoneOptOuts(world: ReadonlyWorld, number: string) {
  const found: { organization_id: string; organization: string; environment: string }[] = [];
  if (world.optOuts.size === 0) return { opted_out: found };
  for (const organization of world.organizations.values()) {
    for (const environment of ['live', 'test'] as const) {
      if (isOptedOut(world, organization.id, environment, number)) {
        found.push({
          organization_id: organization.id,
          organization: organization.name,
          environment,
        });
      }
    }
  }
  return { opted_out: found };
}

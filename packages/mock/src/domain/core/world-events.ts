// Events carry ids, not records: a subscriber reads the current state from the world.
import type { CampaignStatus, MessageStatus } from './model';

/** What every event says: what happened and when. */
interface Happened<Type extends string> {
  /** What happened. */
  readonly type: Type;
  /** When, in world time (epoch milliseconds). */
  readonly at: number;
}

/** A move from one status to another. */
interface Moved<Status extends string> {
  /** The status before. */
  readonly from: Status;
  /** The status after. */
  readonly to: Status;
}

/** What an event about a message names. */
interface OfMessage {
  /** The message it happened to. */
  readonly messageId: string;
}

/** What an event about a campaign names. */
interface OfCampaign {
  /** The campaign it happened to. */
  readonly campaignId: string;
}

/** Something that happened. */
export type WorldEvent =
  | (Happened<'message.created'> & OfMessage)
  | (Happened<'message.status_updated'> & Moved<MessageStatus> & OfMessage)
  | (Happened<'message.received'> & {
      /** The inbound message that arrived. */
      readonly inboundId: string;
    })
  | (Happened<'campaign.created'> & OfCampaign)
  | (Happened<'campaign.status_updated'> & Moved<CampaignStatus> & OfCampaign);

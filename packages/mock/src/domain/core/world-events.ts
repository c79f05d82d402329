/**
 * What happens in a world, for subscribers (webhooks, the inspector, tests). Events carry ids, not
 * records: a subscriber reads the current state from the world.
 */
import type { CampaignStatus, MessageStatus } from './model';

/** Something that happened. */
export type WorldEvent =
  | {
      /** What happened. */
      readonly type: 'message.created';
      /** The message it happened to. */
      readonly messageId: string;
      /** When, in world time (epoch milliseconds). */
      readonly at: number;
    }
  | {
      /** What happened. */
      readonly type: 'message.status_updated';
      /** The message it happened to. */
      readonly messageId: string;
      /** The status before. */
      readonly from: MessageStatus;
      /** The status after. */
      readonly to: MessageStatus;
      /** When, in world time (epoch milliseconds). */
      readonly at: number;
    }
  | {
      /** What happened. */
      readonly type: 'message.received';
      /** The inbound message that arrived. */
      readonly inboundId: string;
      /** When, in world time (epoch milliseconds). */
      readonly at: number;
    }
  | {
      /** What happened. */
      readonly type: 'campaign.created';
      /** The campaign it happened to. */
      readonly campaignId: string;
      /** When, in world time (epoch milliseconds). */
      readonly at: number;
    }
  | {
      /** What happened. */
      readonly type: 'campaign.status_updated';
      /** The campaign it happened to. */
      readonly campaignId: string;
      /** The status before. */
      readonly from: CampaignStatus;
      /** The status after. */
      readonly to: CampaignStatus;
      /** When, in world time (epoch milliseconds). */
      readonly at: number;
    };

/**
 * What happens in a world, for subscribers (webhooks, the inspector, tests). Events carry ids, not
 * records: a subscriber reads the current state from the world.
 */
import type { CampaignStatus, MessageStatus } from './model';

/** Something that happened. */
export type WorldEvent =
  | {
      readonly type: 'message.created';
      readonly messageId: string;
      readonly at: number;
    }
  | {
      readonly type: 'message.status_updated';
      readonly messageId: string;
      readonly from: MessageStatus;
      readonly to: MessageStatus;
      readonly at: number;
    }
  | {
      readonly type: 'message.received';
      readonly inboundId: string;
      readonly at: number;
    }
  | {
      readonly type: 'campaign.created';
      readonly campaignId: string;
      readonly at: number;
    }
  | {
      readonly type: 'campaign.status_updated';
      readonly campaignId: string;
      readonly from: CampaignStatus;
      readonly to: CampaignStatus;
      readonly at: number;
    };

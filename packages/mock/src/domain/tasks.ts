/**
 * Background work, as data (so it survives snapshots). Each task type has exactly one handler,
 * registered in `engine.ts`.
 */
import type { MessageEvent } from './message-machine';

/** A unit of background work. */
export type Task =
  | { readonly type: 'campaign.process'; readonly campaignId: string }
  | { readonly type: 'message.dispatch'; readonly messageId: string }
  | {
      readonly type: 'message.receipt';
      readonly messageId: string;
      readonly event: Extract<MessageEvent, 'delivered' | 'undelivered' | 'expired'>;
      readonly errorCode: string | null;
    }
  | { readonly type: 'inbound.reply'; readonly messageId: string; readonly body: string }
  | { readonly type: 'webhook.deliver'; readonly deliveryId: string };

/**
 * The record types of a world (`mock.world`), for the tiers built on the service that read it
 * directly, such as the server's inspector (D90), through `@msgsvc/mock/port`. The world's layout
 * may change with any release, which the control API's views never do.
 */
export type {
  ApiKey,
  CampaignRecord,
  ChannelType,
  Encoding,
  Environment,
  InboundMessage,
  MessageRecord,
  Organization,
  SenderId,
  SenderIdStatus,
  TriggerSource,
} from './domain/core/model';
export type { WorldEvent } from './domain/core/world-events';
export type { AnswerBody } from './domain/webhooks/answer-body';
export type { WebhookAttempt, WebhookDelivery } from './domain/webhooks/webhooks';

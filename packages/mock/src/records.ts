/**
 * The record types of a world, for the tiers built on the service that read it directly, such as
 * the server's inspector, through `@msgsvc/mock/port` (`readonlyWorld(mock)` and the
 * {@link ReadonlyWorld} it returns). The world's layout may change with any release, which the
 * control API's views never do.
 */
export type {
  ApiKey,
  BillingAccount,
  CampaignRecord,
  CampaignStatus,
  ChannelType,
  Contact,
  Encoding,
  Environment,
  InboundMessage,
  LedgerEntry,
  LedgerKind,
  MessageRecord,
  MessageStatus,
  Organization,
  SenderId,
  SenderIdStatus,
  TriggerSource,
} from './domain/core/model';
export type { WorldEvent } from './domain/core/world-events';
export type {
  ReadonlyRecordStore,
  ReadonlyStatusHistory,
  ReadonlyWorld,
} from './domain/engine/readonly-world';
export type { StatusStep } from './domain/storage/step-log';
export type { AnswerBody } from './domain/webhooks/answer-body';
export type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
} from './domain/webhooks/webhooks';

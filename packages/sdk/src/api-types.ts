/**
 * The request and response types of each operation, derived from the generated contract
 * (`./generated/openapi.ts`) and never written by hand: a change to `openapi/openapi.yaml` reaches
 * them through `npm run generate`. Each endpoint keeps its own field names (Retrieve Message has
 * `e164_format`, a List Messages entry has `target_e164`).
 *
 * @module
 */
import type { components, paths } from './generated/openapi';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Query<P extends keyof paths> = paths[P] extends {
  get: { parameters: { query?: infer Q } };
}
  ? NonNullable<Q>
  : never;

/**
 * The body of `POST /messages` (Send Message).
 *
 * @interface
 */
export type SendMessageParams = Json<NonNullable<paths['/messages']['post']['requestBody']>>;
/**
 * The 201 answer of `POST /messages`: the message just created, in `PENDING`.
 *
 * @interface
 */
export type SentMessage = Json<paths['/messages']['post']['responses'][201]>;
/**
 * A message as `GET /messages/{message_id}` returns it (exact status, `e164_format`).
 *
 * @interface
 */
export type Message = Json<paths['/messages/{message_id}']['get']['responses'][200]>;
/**
 * The query of `GET /messages`: page, size, order, filters.
 *
 * @interface
 */
export type MessageListParams = Query<'/messages'>;
/**
 * One page of `GET /messages`.
 *
 * @interface
 */
export type MessageListPage = Json<paths['/messages']['get']['responses'][200]>;
/**
 * A message as `GET /messages` lists it (coarse status, `target_e164`).
 *
 * @interface
 */
export type MessageListEntry = MessageListPage['entries'][number];

/**
 * The body of `POST /campaigns/batch` (Send Batch Campaign): 2 to 1000 recipients.
 *
 * @interface
 */
export type SendBatchParams = Json<NonNullable<paths['/campaigns/batch']['post']['requestBody']>>;
/**
 * The 202 answer of `POST /campaigns/batch`: `{ message, campaign_id }`.
 *
 * @interface
 */
export type BatchAccepted = Json<paths['/campaigns/batch']['post']['responses'][202]>;
/**
 * A campaign as `GET /campaigns/{campaign_id}` and `GET /campaigns` return it.
 *
 * @interface
 */
export type Campaign = Json<paths['/campaigns/{campaign_id}']['get']['responses'][200]>;
/**
 * The query of `GET /campaigns`.
 *
 * @interface
 */
export type CampaignListParams = Query<'/campaigns'>;
/**
 * One page of `GET /campaigns`.
 *
 * @interface
 */
export type CampaignPage = Json<paths['/campaigns']['get']['responses'][200]>;
/**
 * The query of `GET /campaigns/{campaign_id}/messages`.
 *
 * @interface
 */
export type CampaignMessageListParams = Query<'/campaigns/{campaign_id}/messages'>;
/**
 * One page of `GET /campaigns/{campaign_id}/messages`.
 *
 * @interface
 */
export type CampaignMessagePage = Json<
  paths['/campaigns/{campaign_id}/messages']['get']['responses'][200]
>;
/**
 * A message as `GET /campaigns/{campaign_id}/messages` lists it (embedded contact and campaign).
 *
 * @interface
 */
export type CampaignMessageEntry = CampaignMessagePage['entries'][number];

/**
 * The exact message status (eight values, Retrieve Message and webhooks). */
export type MessageStatus = components['schemas']['MessageStatus'];
/** A campaign's state. */
export type CampaignStatus = components['schemas']['CampaignStatus'];
/** The error object of every error response.
 *
 * @interface
 */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];
/** Any event delivered to a webhook endpoint, discriminated by `type`. */
export type WebhookEvent = components['schemas']['WebhookEvent'];

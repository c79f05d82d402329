// The request and response types of each operation, by name: every schema of the contract has one
// in `generated/schemas.ts`, so hovers and the API reference show `SentMessage`, not
// `components["schemas"]["SentMessage"]`. `test/named-types.test-d.ts` checks that each name here is
// exactly the type its endpoint declares.
import type { paths } from '../generated/openapi';
import type { SendBatchCampaignRequest, SendMessageRequest } from '../generated/schemas';

// Every named schema. The entry shadows the contract's `ErrorCode` with the SDK's own
// (`core/errors.ts`), which adds the client's codes.
export type * from '../generated/schemas';

type Query<P extends keyof paths> = paths[P] extends {
  get: { parameters: { query?: infer Q } };
}
  ? NonNullable<Q>
  : never;

/** The body of `POST /messages` (Send Message): the contract's {@link SendMessageRequest}. */
export type SendMessageParams = SendMessageRequest;
/**
 * The body of `POST /campaigns/batch` (Send Batch Campaign), 2 to 1000 recipients: the contract's
 * {@link SendBatchCampaignRequest}.
 */
export type SendBatchParams = SendBatchCampaignRequest;

/** The query of `GET /messages`: page, size, order, filters. */
export interface MessageListParams extends Query<'/messages'> {}
/** The query of `GET /campaigns`. */
export interface CampaignListParams extends Query<'/campaigns'> {}
/** The query of `GET /campaigns/{campaign_id}/messages`. */
export interface CampaignMessageListParams extends Query<'/campaigns/{campaign_id}/messages'> {}

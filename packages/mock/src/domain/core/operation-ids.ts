/**
 * The public API's operation ids, taken from the contract's generated types (`operations` of
 * `@msgsvc/sdk`, minus the webhooks the service sends): the vocabulary of faults and rate limits.
 * The runtime list comes from a table the compiler checks against that type both ways, so
 * an operation added to, removed from or renamed in the contract fails the typecheck here.
 */
import type { operations } from '@msgsvc/sdk';
import { namesOf } from './vocabulary';

/** An operation of the public API, e.g. `sendMessage`. */
export type OperationId = Exclude<keyof operations, `${string}Webhook`>;

/** Every operation id of the public API. */
export const OPERATION_IDS = namesOf<OperationId>({
  sendMessage: true,
  listMessages: true,
  retrieveMessage: true,
  sendBatchCampaign: true,
  listCampaigns: true,
  retrieveCampaign: true,
  listCampaignMessages: true,
});

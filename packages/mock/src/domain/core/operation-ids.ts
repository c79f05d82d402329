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

/**
 * The message store: records by tenant in creation order, indexed by campaign (lists)
 * and by every low-cardinality filter field (bitsets, see `message-index.ts`). Status changes go
 * through {@link MessageStore.setState} so the indexes never drift from the records.
 */

import {
  type CampaignRecord,
  copyMessage,
  type MessageRecord,
  type MessageStatus,
} from '../core/model';
import { RecordStore } from '../storage/record-store';
import { MessageIndex } from './message-index';
import { listStatusOf, MESSAGE_STATUS_TRAITS } from './message-machine';

declare module '../core/world' {
  interface World {
    /** Every message, with the indexes the list endpoints use. */
    readonly messages: MessageStore;
  }
}

/** Messages, with their list indexes. */
export class MessageStore extends RecordStore<MessageRecord, 'campaign'> {
  /** Column indexes for list filters. */
  readonly columns = new MessageIndex();

  constructor() {
    super({ campaign: (message) => message.campaignId });
  }

  /** A message knows its row: the column indexes are by row. */
  protected override placed(message: MessageRecord, row: number): void {
    // A restored final message may be shared with its snapshot (see `savedMessage`): it is placed
    // at the row it was saved from, and is not written to.
    if (message.row !== row) message.row = row;
  }

  /** A campaign's messages, in creation order. */
  ofCampaign(campaign: CampaignRecord): readonly MessageRecord[] {
    return this.indexed('campaign', campaign.organizationId, campaign.environment, campaign.id);
  }

  /** Changes a message's status and error code, keeping the indexes right. */
  setState(message: MessageRecord, status: MessageStatus, errorCode: string | null): void {
    const before = { status: listStatusOf(message.status), errorCode: message.errorCode };
    message.status = status;
    message.errorCode = errorCode;
    this.columns.update(message, message.row, before);
  }
}

/**
 * A message as a snapshot keeps it, or as a restore takes it back: a copy while it can still
 * change, the record itself once its status is final. Every change to a message is a transition
 * and final statuses have none, so a final message is never written to again, and a world and its
 * snapshots can share it. Most messages of a world that has run are final, so a snapshot and a
 * restore copy only the few in flight.
 */
export function savedMessage(message: MessageRecord): MessageRecord {
  return MESSAGE_STATUS_TRAITS[message.status].final ? message : copyMessage(message);
}

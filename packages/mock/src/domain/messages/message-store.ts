/**
 * The message store: records by tenant in creation order, indexed by campaign and contact (lists)
 * and by every low-cardinality filter field (bitsets, see `message-index.ts`). Status changes go
 * through {@link MessageStore.setState} so the indexes never drift from the records.
 */

import type { MessageRecord, MessageStatus } from '../kernel/model';
import { RecordStore } from '../storage/record-store';
import { MessageIndex } from './message-index';

/** Messages, with their list indexes. */
export class MessageStore extends RecordStore<MessageRecord, 'campaign' | 'contact'> {
  /** Column indexes for list filters. */
  readonly columns = new MessageIndex();

  constructor() {
    super({ campaign: (message) => message.campaignId, contact: (message) => message.contactId });
  }

  /** A message knows its row: the column indexes are by row. */
  protected override placed(message: MessageRecord, row: number): void {
    message.row = row;
  }

  /** Changes a message's status and error code, keeping the indexes right. */
  setState(message: MessageRecord, status: MessageStatus, errorCode: string | null): void {
    const before = { status: MessageIndex.listStatusOf(message), errorCode: message.errorCode };
    message.status = status;
    message.errorCode = errorCode;
    this.columns.update(message, message.row, before);
  }
}

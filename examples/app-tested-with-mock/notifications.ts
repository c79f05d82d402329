// A small application module: tells customers by SMS that their order shipped, using @msgsvc/sdk.
import {
  InsufficientFundsError,
  type MessagingClient,
  type SendMessageParams,
  ValidationError,
} from '@msgsvc/sdk';

/** The order fields a shipping notice needs. */
export interface ShippedOrder {
  id: string;
  customerPhone: string;
  trackingCode: string;
}

/** What happened, in the application's own terms. */
export type NoticeResult =
  | { status: 'sent'; messageId: string }
  | { status: 'invalid_phone'; reason: string }
  | { status: 'no_funds' };

/** Sends shipping notices. One instance per application; the client does the retrying. */
export class ShippingNotifier {
  readonly #client: MessagingClient;

  constructor(client: MessagingClient) {
    this.#client = client;
  }

  /**
   * Notifies the customer once per order: the idempotency key is derived from the order id, so a
   * job that runs twice (a crash, a redelivered queue message) never texts the customer twice.
   */
  async orderShipped(order: ShippedOrder): Promise<NoticeResult> {
    const params: SendMessageParams = {
      to: order.customerPhone,
      body: `A sua encomenda ${order.id} foi enviada. Código de seguimento: ${order.trackingCode}.`,
      external_id: `order-${order.id}`,
    };
    try {
      const sent = await this.#client.messages.send(params, {
        idempotencyKey: `order-shipped:${order.id}`,
      });
      return { status: 'sent', messageId: sent.id };
    } catch (error) {
      if (error instanceof ValidationError && error.fields.to !== undefined) {
        return { status: 'invalid_phone', reason: error.fields.to };
      }
      if (error instanceof InsufficientFundsError) return { status: 'no_funds' };
      throw error; // Anything else (after the client's retries) is the job runner's to report.
    }
  }
}

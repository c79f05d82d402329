import type { APIPromise } from '../core/api-promise';
import type {
  Message,
  MessageListEntry,
  MessageListPage,
  MessageListParams,
  MessageStatus,
  SendMessageParams,
  SentMessage,
} from '../core/api-types';
import { type ClientContext, call, send } from '../core/call';
import type { RequestOptions, SendOptions } from '../core/request-options';
import { type WaitForOptions, waitForStatus } from '../core/wait-for';
import { listCall, type PageList } from '../pagination/page-list';

/** The states a message never leaves. */
export const MESSAGE_TERMINAL_STATUSES: readonly MessageStatus[] = [
  'DELIVERED',
  'UNDELIVERED',
  'EXPIRED',
  'REJECTED',
  'CANCELLED',
  'FAILED',
];

/** The message operations of a {@link MessagingClient}. */
export class Messages {
  readonly #ctx: ClientContext;

  /** @param ctx - The client's shared state. */
  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /**
   * Sends one SMS or WhatsApp message (`POST /messages`). The call carries an `Idempotency-Key`
   * (a new UUID, or `options.idempotencyKey`) that every retry reuses, so a send is executed at
   * most once; `.withResponse()` reports the key.
   *
   * @example
   * ```ts
   * const message = await client.messages.send({ to: '+244923000001', body: 'O seu código: 1234' });
   * message.status; // 'PENDING'
   * ```
   */
  send(params: SendMessageParams, options?: SendOptions): APIPromise<SentMessage> {
    return send(this.#ctx, options, 'id', (header, init) =>
      this.#ctx.raw.POST('/messages', { params: { header }, body: params, ...init }),
    );
  }

  /**
   * Retrieves one message with its exact status (`GET /messages/{message_id}`).
   *
   * @throws {@link NotFoundError} when it does not exist or belongs to another organization.
   */
  retrieve(messageId: string, options?: RequestOptions): APIPromise<Message> {
    return call(this.#ctx, options, (init) =>
      this.#ctx.raw.GET('/messages/{message_id}', {
        params: { path: { message_id: messageId } },
        ...init,
      }),
    );
  }

  /**
   * Lists messages (`GET /messages`), newest first by default: await it for one page, iterate it
   * for every entry (see {@link PageList}).
   */
  list(
    params: MessageListParams = {},
    options?: RequestOptions,
  ): PageList<MessageListEntry, MessageListPage, MessageListParams> {
    return listCall(this.#ctx, params, options, (query, init) =>
      this.#ctx.raw.GET('/messages', { params: { query }, ...init }),
    );
  }

  /**
   * Polls a message until it reaches `until` or a terminal state (`DELIVERED`, `UNDELIVERED`,
   * `EXPIRED`, `REJECTED`, `CANCELLED`, `FAILED`).
   *
   * @throws {@link WaitTimeoutError} when `timeout` passes first (a poll in flight included).
   * @example
   * ```ts
   * const done = await client.messages.waitFor(message.id, { timeout: 60_000 });
   * ```
   */
  waitFor(messageId: string, options?: WaitForOptions<MessageStatus>): Promise<Message> {
    return waitForStatus(
      this.#ctx,
      `Message ${messageId}`,
      (options) => this.retrieve(messageId, options),
      MESSAGE_TERMINAL_STATUSES,
      options,
    );
  }
}

import type { APIPromise } from '../core/api-promise';
import type {
  BatchAccepted,
  Campaign,
  CampaignListParams,
  CampaignMessageEntry,
  CampaignMessageListParams,
  CampaignMessagePage,
  CampaignPage,
  CampaignStatus,
  SendBatchParams,
} from '../core/api-types';
import { type ClientContext, call, send } from '../core/call';
import type { RequestOptions, SendOptions } from '../core/request-options';
import { type WaitForOptions, waitForStatus } from '../core/wait-for';
import { listCall, type PageList } from '../pagination/page-list';
import type { BulkSendResult, SendBulkOptions, SendBulkParams } from './bulk-types';

/** The states a campaign never leaves. */
export const CAMPAIGN_TERMINAL_STATUSES: readonly CampaignStatus[] = ['COMPLETED', 'FAILED'];

/** The campaign operations of a {@link MessagingClient}. */
export class Campaigns {
  readonly #ctx: ClientContext;

  /** @param ctx - The client's shared state. */
  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /**
   * Submits one SMS text to 2–1000 recipients as a campaign (`POST /campaigns/batch`, 10 per
   * minute per key). Answered at once with the `campaign_id`; processing continues in the
   * background. Carries an `Idempotency-Key` like {@link Messages.send}.
   *
   * @example
   * ```ts
   * const { campaign_id } = await client.campaigns.sendBatch({
   *   remitter_id: remitterId,
   *   channel_type: 'SMS',
   *   content: 'Promoção: 20% hoje',
   *   recipients: ['+244923000001', '+244923000002'],
   * });
   * ```
   */
  sendBatch(params: SendBatchParams, options?: SendOptions): APIPromise<BatchAccepted> {
    return send(this.#ctx, options, 'campaign_id', (header, init) =>
      this.#ctx.raw.POST('/campaigns/batch', { params: { header }, body: params, ...init }),
    );
  }

  /**
   * Sends to any number of recipients as campaigns of at most 1000, paced under the batch rate
   * limit, resumable with the same `idempotencyKey`. See {@link SendBulkParams} for what is sent and
   * {@link SendBulkOptions} for how.
   *
   * @example
   * ```ts
   * const result = await client.campaigns.sendBulk(
   *   { remitter_id: remitterId, content: 'Promoção: 20% hoje', recipients },
   *   { idempotencyKey: 'promo-2026-11', onProgress: ({ completed, total }) => log(completed, total) },
   * );
   * if (result.failed > 0) console.warn('re-run with the same key to resume', result.idempotencyKey);
   * ```
   */
  async sendBulk(params: SendBulkParams, options?: SendBulkOptions): Promise<BulkSendResult> {
    // Loaded on first use: most applications never fan out, so their bundles leave it out.
    const { sendBulk } = await import('./bulk-send');
    return sendBulk(this, this.#ctx, params, options);
  }

  /**
   * Retrieves one campaign (`GET /campaigns/{campaign_id}`).
   *
   * @throws {@link NotFoundError} when it does not exist or belongs to another organization.
   */
  retrieve(campaignId: string, options?: RequestOptions): APIPromise<Campaign> {
    return call(this.#ctx, options, (init) =>
      this.#ctx.raw.GET('/campaigns/{campaign_id}', {
        params: { path: { campaign_id: campaignId } },
        ...init,
      }),
    );
  }

  /** Lists campaigns (`GET /campaigns`): await it for one page, iterate it for every entry. */
  list(
    params: CampaignListParams = {},
    options?: RequestOptions,
  ): PageList<Campaign, CampaignPage, CampaignListParams> {
    return listCall(this.#ctx, params, options, (query, init) =>
      this.#ctx.raw.GET('/campaigns', { params: { query }, ...init }),
    );
  }

  /** Lists one campaign's messages (`GET /campaigns/{campaign_id}/messages`). */
  listMessages(
    campaignId: string,
    params: CampaignMessageListParams = {},
    options?: RequestOptions,
  ): PageList<CampaignMessageEntry, CampaignMessagePage, CampaignMessageListParams> {
    return listCall(this.#ctx, params, options, (query, init) =>
      this.#ctx.raw.GET('/campaigns/{campaign_id}/messages', {
        params: { path: { campaign_id: campaignId }, query },
        ...init,
      }),
    );
  }

  /**
   * Polls a campaign until it reaches `until` or a terminal state (`COMPLETED`, `FAILED`).
   *
   * @throws {@link WaitTimeoutError} when `timeout` passes first (a poll in flight included).
   * @example
   * ```ts
   * const campaign = await client.campaigns.waitFor(campaign_id, { timeout: 120_000 });
   * campaign.status; // 'COMPLETED' or 'FAILED'
   * ```
   */
  waitFor(campaignId: string, options?: WaitForOptions<CampaignStatus>): Promise<Campaign> {
    return waitForStatus(
      this.#ctx,
      `Campaign ${campaignId}`,
      (options) => this.retrieve(campaignId, options),
      CAMPAIGN_TERMINAL_STATUSES,
      options,
    );
  }
}

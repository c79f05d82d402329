/**
 * The TypeScript SDK of the `@msgsvc` messaging service (SMS and WhatsApp, batch campaigns).
 *
 * This entry holds the typed client ({@link MessagingClient}: resources, typed errors, retries,
 * pagination, bulk sends). The helpers that need no server have entries of their own, so an
 * application loads only what it uses: SMS segment counting, cost previews and the API's money
 * format on `@msgsvc/sdk/sms`, Standard Webhooks verification on `@msgsvc/sdk/webhooks`, phone
 * number normalisation on `@msgsvc/sdk/phone` (its metadata is large).
 *
 * Everything here runs on any runtime with `fetch` and WebCrypto: Node 20+, Deno, Bun and edge
 * workers. The client refuses to run in a browser unless told `dangerouslyAllowBrowser: true`.
 *
 * @example
 * ```ts
 * import { MessagingClient } from '@msgsvc/sdk';
 * import { countSegments } from '@msgsvc/sdk/sms';
 * import { normalizePhoneNumber } from '@msgsvc/sdk/phone';
 *
 * const client = new MessagingClient(); // MSGSVC_API_KEY and MSGSVC_BASE_URL
 * const { campaign_id } = await client.campaigns.sendBatch({
 *   remitter_id: '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3',
 *   channel_type: 'SMS',
 *   content: 'Olá!',
 *   recipients: ['+244923000001', '+244923000002'],
 * });
 * const campaign = await client.campaigns.waitFor(campaign_id);
 * ```
 *
 * @module \@msgsvc/sdk
 */

export { type ClientOptions, MessagingClient } from './client';
export { keyPrefix } from './core/api-key';
export * from './core/api-promise';
export type * from './core/api-types';
// The SDK's `ErrorCode` (the contract's codes and the client's own), not the contract's schema.
export type { ErrorCode } from './core/errors';
export * from './core/errors';
export type * from './core/request-options';
export type {
  AttemptEvent,
  ErrorEvent,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  RetryOptions,
  RetryPolicy,
  Sleep,
  TransportHooks,
} from './core/retry-fetch';
export type { WaitForOptions } from './core/wait-for';
export type { components, operations, paths } from './generated/openapi';
export type { Logger, LogLevel } from './logging';
export type { ListQuery, Page } from './pagination/page';
export { PageList } from './pagination/page-list';
export * from './resources/bulk-types';
export { CAMPAIGN_TERMINAL_STATUSES, Campaigns } from './resources/campaigns';
export { MESSAGE_TERMINAL_STATUSES, Messages } from './resources/messages';

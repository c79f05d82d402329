/**
 * The TypeScript SDK of the @msgsvc messaging service (SMS and WhatsApp, batch campaigns).
 *
 * This entry holds the helpers that need no server: SMS segment counting, money in the API's
 * six-digit decimal format, cost previews and Standard Webhooks signing and verification. Phone
 * number normalisation is on its own entry, `@msgsvc/sdk/phone`, because its metadata is large.
 *
 * Everything here runs on any runtime with `fetch` and WebCrypto: Node 20+, Deno, Bun, browsers and
 * edge workers.
 *
 * @example
 * ```ts
 * import { countSegments, estimateCost, verifyWebhook } from '@msgsvc/sdk';
 * import { normalizePhoneNumber } from '@msgsvc/sdk/phone';
 * ```
 *
 * @module
 */

export { type CostEstimate, type EstimateCostParams, estimateCost } from './estimate';
export { formatMoney, MICROS_PER_UNIT, parseMoney } from './money';
export { countSegments, type SegmentCount, type SegmentEncoding } from './segments';
export {
  generateWebhookSecret,
  type SignWebhookParams,
  signWebhook,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookHeaders,
  type WebhookSignatureHeaders,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from './webhooks';

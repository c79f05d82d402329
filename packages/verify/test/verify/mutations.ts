/**
 * Seeded behavioural mutations of the mock, each a file under `packages/mock/src`, an exact piece
 * of its text (which must occur exactly once, so a refactor that removes it fails the mutation run
 * loudly instead of silently mutating nothing) and its replacement. Each one breaks a promise of
 * the description or a decision that `msgsvc-mock verify` must notice.
 */

/** One mutation. */
export interface Mutation {
  readonly id: string;
  /** The promise it breaks. */
  readonly breaks: string;
  /** The file, relative to `packages/mock/src`. */
  readonly file: string;
  readonly search: string;
  readonly replace: string;
}

/** The mutations of the mutation run. */
export const MUTATIONS: readonly Mutation[] = [
  {
    id: 'size-max-201',
    breaks: 'size is at most 200 (off by one)',
    file: 'http/schemas.ts',
    search: 'size: z._default(int(1, 200), 30),',
    replace: 'size: z._default(int(1, 201), 30),',
  },
  {
    id: 'size-default-20',
    breaks: 'size defaults to 30',
    file: 'http/schemas.ts',
    search: 'size: z._default(int(1, 200), 30),',
    replace: 'size: z._default(int(1, 200), 20),',
  },
  {
    id: 'page-min-0',
    breaks: 'page is at least 1',
    file: 'http/schemas.ts',
    search: 'page: z._default(int(1, Number.MAX_SAFE_INTEGER), 1),',
    replace: 'page: z._default(int(0, Number.MAX_SAFE_INTEGER), 1),',
  },
  {
    id: 'recipients-max-1001',
    breaks: 'a batch has at most 1000 recipients',
    file: 'http/schemas.ts',
    search: "z.maxLength(1000, 'At most 1000 recipients.')",
    replace: "z.maxLength(1001, 'At most 1000 recipients.')",
  },
  {
    id: 'recipients-min-1',
    breaks: 'a batch has at least 2 recipients',
    file: 'http/schemas.ts',
    search: "z.minLength(2, 'At least 2 recipients.')",
    replace: "z.minLength(1, 'At least 2 recipients.')",
  },
  {
    id: 'content-max-10001',
    breaks: 'batch content is at most 10,000 characters',
    file: 'http/schemas.ts',
    search: '  content: chars(1, 10_000),',
    replace: '  content: chars(1, 10_001),',
  },
  {
    id: 'name-max-199',
    breaks: 'a campaign name may have 200 characters',
    file: 'http/schemas.ts',
    search: '  name: z.exactOptional(chars(1, 200)),',
    replace: '  name: z.exactOptional(chars(1, 199)),',
  },
  {
    id: 'unknown-parameter-ignored',
    breaks: 'an unknown query parameter is a 422 (D33)',
    file: 'http/schemas.ts',
    search: 'export const listMessagesQuery = strictObject({',
    replace: 'export const listMessagesQuery = z.looseObject({',
  },
  {
    id: 'batch-limit-11',
    breaks: 'POST /campaigns/batch: 10 requests a minute (the header says 11)',
    file: 'domain/policies/rate-limits.ts',
    search: '  sendBatchCampaign: 10,',
    replace: '  sendBatchCampaign: 11,',
  },
  {
    id: 'eleventh-batch-allowed',
    breaks: 'the request after the limit is refused (the header still says 10)',
    file: 'domain/policies/rate-limits.ts',
    search: 'if (window.count >= limit) return { allowed: false',
    replace: 'if (window.count > limit) return { allowed: false',
  },
  {
    id: 'billing-service-core',
    breaks: '402 comes from service billing (D3)',
    file: 'http/error-table.ts',
    search: "BILLING_INSUFFICIENT_FUNDS: { status: 402, service: 'billing' },",
    replace: "BILLING_INSUFFICIENT_FUNDS: { status: 402, service: 'core' },",
  },
  {
    id: 'scope-error-401',
    breaks: 'a missing scope is a 403',
    file: 'http/error-table.ts',
    search: "AUTH_INVALID_SCOPE: { status: 403, service: 'core' },",
    replace: "AUTH_INVALID_SCOPE: { status: 401, service: 'core' },",
  },
  {
    id: 'message-404-code',
    breaks: 'an unknown message is NOT_FOUND (D1)',
    file: 'domain/messages/messages.ts',
    search: "code: 'NOT_FOUND', message: 'Message not found.'",
    replace: "code: 'RESOURCE_NOT_FOUND', message: 'Message not found.'",
  },
  {
    id: 'list-scope-wrong',
    breaks: 'GET /messages needs apikey:messages:list (D5)',
    file: 'http/operations.ts',
    search: "scope: 'apikey:messages:list',",
    replace: "scope: 'apikey:messages:read',",
  },
  {
    id: 'replayed-header-missing',
    breaks: 'a replay carries Idempotent-Replayed: true (D9)',
    file: 'http/pipeline.ts',
    search: "'idempotent-replayed': 'true',",
    replace: '',
  },
  {
    id: 'allow-header-missing',
    breaks: 'a 405 carries Allow (D2)',
    file: 'http/pipeline.ts',
    search: "exchange.headers = { allow: match.allow.join(', ') };",
    replace: 'exchange.headers = {};',
  },
  {
    id: 'trace-id-missing-on-success',
    breaks: 'every answer carries X-Trace-Id (D4)',
    file: 'http/pipeline.ts',
    search: "    headers['x-trace-id'] = exchange.traceId;",
    replace: '',
  },
  {
    id: 'replay-sends-again',
    breaks: 'a replay creates no second message (D9)',
    file: 'domain/policies/idempotency.ts',
    search: 'if (existing !== undefined && now - existing.createdAt < IDEMPOTENCY_WINDOW_MS) {',
    replace: 'if (existing !== undefined && now - existing.createdAt < 0) {',
  },
  {
    id: 'mismatch-replays',
    breaks: 'the same key with another body is a 422 (D9)',
    file: 'domain/policies/idempotency.ts',
    search: 'if (existing.fingerprint !== fingerprint) {',
    replace: 'if (false) {',
  },
  {
    id: 'undelivered-not-refunded',
    breaks: 'an undelivered message is refunded (D19)',
    file: 'domain/messages/message-machine.ts',
    search: 'UNDELIVERED: {\n    final: true,\n    refunds: true,',
    replace: 'UNDELIVERED: {\n    final: true,\n    refunds: false,',
  },
  {
    id: 'delivered-refunded',
    breaks: 'a delivered message is not refunded (D19)',
    file: 'domain/messages/message-machine.ts',
    search: 'DELIVERED: {\n    final: true,\n    refunds: false,',
    replace: 'DELIVERED: {\n    final: true,\n    refunds: true,',
  },
  {
    id: 'campaign-never-completes',
    breaks: 'a campaign whose messages are all settled is COMPLETED (D13)',
    file: 'domain/campaigns/campaign-machine.ts',
    search: "SENDING: { all_settled: 'COMPLETED', dispatch_failed: 'FAILED' },",
    replace: "SENDING: { all_settled: 'SENDING', dispatch_failed: 'FAILED' },",
  },
  {
    id: 'duplicates-counted',
    breaks: 'total_estimated_recipients counts distinct recipients (D16)',
    file: 'domain/campaigns/campaigns.ts',
    search: 'totalEstimatedRecipients: valid.length + invalid.length,',
    replace: 'totalEstimatedRecipients: params.recipients.length,',
  },
  {
    id: 'page-overlap',
    breaks: 'pages do not overlap (D25)',
    file: 'domain/storage/query.ts',
    search: 'const skip = (request.page - 1) * request.size;',
    replace: 'const skip = Math.max(0, (request.page - 1) * request.size - 1);',
  },
  {
    id: 'created-at-le-exclusive',
    breaks: 'created_at__le is inclusive',
    file: 'domain/storage/query.ts',
    search: 'if (records[mid]!.createdAt <= time) lo = mid + 1;',
    replace: 'if (records[mid]!.createdAt < time) lo = mid + 1;',
  },
  {
    id: 'pages-floor',
    breaks: 'pages = ceil(total / size) (D25)',
    file: 'domain/storage/query.ts',
    search: 'return Math.ceil(total / size);',
    replace: 'return Math.floor(total / size);',
  },
  {
    id: 'q-keeps-separators',
    breaks: 'q ignores spaces, dashes and dots in a number (D24)',
    file: 'domain/messages/message-filter.ts',
    search: "return q.replace(/[\\s\\-.]/g, '');",
    replace: 'return q;',
  },
  {
    id: 'status-filter-ignored',
    breaks: 'status filters list entries',
    file: 'domain/messages/message-filter.ts',
    search: 'oneOf(filter.statuses, (m) => MESSAGE_STATUS_TRAITS[m.status].listStatus);',
    replace: '',
  },
];

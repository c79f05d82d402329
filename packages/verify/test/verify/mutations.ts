// biome-ignore-all lint/suspicious/noTemplateCurlyInString: searches and replacements quote the mock's source, template literals included
/**
 * Seeded behavioural mutations of the mock, each a file under `packages/mock/src`, an exact piece
 * of its text (which must occur exactly once, so a refactor that removes it fails the mutation run
 * loudly instead of silently mutating nothing) and its replacement. Each one breaks a promise of
 * the description or a decision that `msgsvc-mock verify` must notice.
 */

import { readFileSync } from 'node:fs';

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
    file: 'http/request-schemas.ts',
    search: 'size: z._default(int(1, 200), 30),',
    replace: 'size: z._default(int(1, 201), 30),',
  },
  {
    id: 'size-default-20',
    breaks: 'size defaults to 30',
    file: 'http/request-schemas.ts',
    search: 'size: z._default(int(1, 200), 30),',
    replace: 'size: z._default(int(1, 200), 20),',
  },
  {
    id: 'page-min-0',
    breaks: 'page is at least 1',
    file: 'http/request-schemas.ts',
    search: 'page: z._default(int(1, Number.MAX_SAFE_INTEGER), 1),',
    replace: 'page: z._default(int(0, Number.MAX_SAFE_INTEGER), 1),',
  },
  {
    id: 'recipients-max-1001',
    breaks: 'a batch has at most 1000 recipients',
    file: 'http/request-schemas.ts',
    search: "z.maxLength(1000, 'At most 1000 recipients.')",
    replace: "z.maxLength(1001, 'At most 1000 recipients.')",
  },
  {
    id: 'recipients-min-1',
    breaks: 'a batch has at least 2 recipients',
    file: 'http/request-schemas.ts',
    search: "z.minLength(2, 'At least 2 recipients.')",
    replace: "z.minLength(1, 'At least 2 recipients.')",
  },
  {
    id: 'content-max-10001',
    breaks: 'batch content is at most 10,000 characters',
    file: 'http/request-schemas.ts',
    search: '  content: chars(1, 10_000),',
    replace: '  content: chars(1, 10_001),',
  },
  {
    id: 'name-max-199',
    breaks: 'a campaign name may have 200 characters',
    file: 'http/request-schemas.ts',
    search: '  name: z.exactOptional(chars(1, 200)),',
    replace: '  name: z.exactOptional(chars(1, 199)),',
  },
  {
    id: 'unknown-parameter-ignored',
    breaks: 'an unknown query parameter is a 422 (D33)',
    file: 'http/request-schemas.ts',
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
    file: 'http/envelope.ts',
    search: "BILLING_INSUFFICIENT_FUNDS: { status: 402, service: 'billing' },",
    replace: "BILLING_INSUFFICIENT_FUNDS: { status: 402, service: 'core' },",
  },
  {
    id: 'scope-error-401',
    breaks: 'a missing scope is a 403',
    file: 'http/envelope.ts',
    search: "AUTH_INVALID_SCOPE: { status: 403, service: 'core' },",
    replace: "AUTH_INVALID_SCOPE: { status: 401, service: 'core' },",
  },
  {
    id: 'message-404-code',
    breaks: 'an unknown message is NOT_FOUND (D1)',
    file: 'domain/messages/messages.ts',
    search: "found(message, 'Message not found.', 'NOT_FOUND')",
    replace: "found(message, 'Message not found.', 'RESOURCE_NOT_FOUND')",
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
    search: 'exchange.headers = { allow };',
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
    search: 'refunds: DEFAULT_ERROR_CODES[status] !== undefined,',
    replace: "refunds: DEFAULT_ERROR_CODES[status] !== undefined && status !== 'UNDELIVERED',",
  },
  {
    id: 'delivered-refunded',
    breaks: 'a delivered message is not refunded (D19)',
    file: 'domain/messages/message-machine.ts',
    search: 'refunds: DEFAULT_ERROR_CODES[status] !== undefined,',
    replace: "refunds: DEFAULT_ERROR_CODES[status] !== undefined || status === 'DELIVERED',",
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
  {
    id: 'order-asc-ignored-page-2',
    breaks: 'order=asc holds on every page, not page 1 only (spec; D25)',
    file: 'domain/storage/query.ts',
    search: "const step = request.order === 'asc' ? 1 : -1;",
    replace: "const step = request.order === 'asc' && request.page === 1 ? 1 : -1;",
  },
  {
    id: 'order-asc-ignored-page-2-unfiltered',
    breaks: 'order=asc holds on every page of an unfiltered list (spec; D25)',
    file: 'domain/storage/query.ts',
    search: "entries.push(records[request.order === 'asc' ? from + n : to - 1 - n]!);",
    replace:
      "entries.push(records[request.order === 'asc' && request.page === 1 ? from + n : to - 1 - n]!);",
  },
  {
    id: 'order-asc-ignored-page-2-indexed',
    breaks: 'order=asc holds on every page of an indexed message list (spec; D25)',
    file: 'domain/messages/message-filter.ts',
    search:
      'const entries = selectRange(mask, from, to, skip, page.size, page.order).map((row) => rows[row]!);',
    replace:
      "const entries = selectRange(mask, from, to, skip, page.size, page.page > 1 ? 'desc' : page.order).map((row) => rows[row]!);",
  },
  {
    id: 'order-by-updated-ignored',
    breaks: 'order_by=updated_at orders by updated_at (spec Common list query parameters)',
    file: 'domain/storage/query.ts',
    search: "if (request.orderBy === 'updated_at') {",
    replace: 'if (false) {',
  },
  {
    id: 'order-by-updated-ignored-indexed',
    breaks: 'order_by=updated_at orders an indexed message list by updated_at',
    file: 'domain/messages/message-filter.ts',
    search: "if (page.orderBy === 'updated_at') {",
    replace: 'if (false) {',
  },
  {
    id: 'updated-ties-always-ascending',
    breaks: 'ties are broken by id in the direction of the order (D25)',
    file: 'domain/storage/query.ts',
    search:
      '(a, b) => sign * (a.updatedAt - b.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),',
    replace:
      '(a, b) => sign * (a.updatedAt - b.updatedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),',
  },
  {
    id: 'order-default-asc',
    breaks: 'order defaults to desc (spec Common list query parameters)',
    file: 'http/request-schemas.ts',
    search: "'Accepted values: asc, desc.'), 'desc'),",
    replace: "'Accepted values: asc, desc.'), 'asc'),",
  },
  {
    id: 'order-by-default-updated',
    breaks: 'order_by defaults to created_at (spec Common list query parameters)',
    file: 'http/request-schemas.ts',
    search: "    'created_at',\n  ),",
    replace: "    'updated_at',\n  ),",
  },
  {
    id: 'pages-empty-one',
    breaks: 'an empty result has pages 0 (D25)',
    file: 'domain/storage/query.ts',
    search: 'return Math.ceil(total / size);',
    replace: 'return Math.max(1, Math.ceil(total / size));',
  },
  {
    id: 'pages-exact-plus-one',
    breaks: 'a total that is a multiple of size has total/size pages (D25)',
    file: 'domain/storage/query.ts',
    search: 'return Math.ceil(total / size);',
    replace: 'return Math.floor(total / size) + 1;',
  },
  {
    id: 'pages-empty-one-object-lists',
    breaks: 'GET /campaigns and campaign messages: an empty result has pages 0 (D25)',
    file: 'http/serializers.ts',
    search: 'const pages = pageCount(total, size);',
    replace: 'const pages = pageCount(total, size) || 1;',
  },
  {
    id: 'page-past-end-not-empty',
    breaks: 'a page past the end holds no entries (D25)',
    file: 'domain/storage/query.ts',
    search: 'const skip = (request.page - 1) * request.size;',
    replace:
      'const skip = Math.min((request.page - 1) * request.size, Math.max(0, records.length - 1));',
  },
  {
    id: 'indexed-status-ignored',
    breaks: 'status filters GET /messages (indexed path)',
    file: 'domain/messages/message-filter.ts',
    search: "  ['statuses', 'status'],\n",
    replace: '',
  },
  {
    id: 'indexed-channel-ignored',
    breaks: 'channel_type filters GET /messages (indexed path)',
    file: 'domain/messages/message-filter.ts',
    search: "  ['channels', 'channel'],\n",
    replace: '',
  },
  {
    id: 'indexed-sender-ignored',
    breaks: 'sms_remitter_id filters GET /messages (indexed path, D22)',
    file: 'domain/messages/message-filter.ts',
    search: "  ['senderIds', 'sender'],\n",
    replace: '',
  },
  {
    id: 'indexed-error-code-ignored',
    breaks: 'error_code filters GET /messages (indexed path, D23)',
    file: 'domain/messages/message-filter.ts',
    search: "  ['errorCodes', 'errorCode'],\n",
    replace: '',
  },
  {
    id: 'indexed-trigger-ignored',
    breaks: 'trigger_source filters GET /messages (indexed path, D23)',
    file: 'domain/messages/message-filter.ts',
    search: "  ['triggers', 'trigger'],\n",
    replace: '',
  },
  {
    id: 'indexed-destination-ignored',
    breaks: 'channel_destination filters GET /messages (indexed path, D23)',
    file: 'domain/messages/message-filter.ts',
    search: "  ['destinations', 'destination'],\n",
    replace: '',
  },
  {
    id: 'indexed-campaign-ids-ignored',
    breaks: 'a repeated campaign_id filters GET /messages',
    file: 'domain/messages/message-filter.ts',
    search:
      '  if (filter.campaignIds !== undefined && filter.campaignIds.length > 0) {\n    mask = intersect(',
    replace: '  if (false) {\n    mask = intersect(',
  },
  {
    id: 'contact-ids-ignored',
    breaks: 'contact_id filters GET /messages',
    file: 'domain/messages/message-filter.ts',
    search: '  if (filter.contactIds !== undefined && filter.contactIds.length > 0) {\n    return',
    replace: '  if (false) {\n    return',
  },
  {
    id: 'indexed-q-number-ignored',
    breaks: 'q filters GET /messages by number (indexed path, D24)',
    file: 'domain/messages/message-filter.ts',
    search: '  if (q !== undefined) {\n    mask = intersect(',
    replace: '  if (false) {\n    mask = intersect(',
  },
  {
    id: 'channel-filter-ignored',
    breaks: "channel_type filters a campaign's messages",
    file: 'domain/messages/message-filter.ts',
    search: '  oneOf(filter.channels, (m) => m.channel);\n',
    replace: '',
  },
  {
    id: 'contact-filter-ignored',
    breaks: "contact_id filters a campaign's messages",
    file: 'domain/messages/message-filter.ts',
    search: '  oneOf(filter.contactIds, (m) => m.contactId);\n',
    replace: '',
  },
  {
    id: 'campaign-filter-ignored',
    breaks: 'campaign_id filters the messages of one contact or id',
    file: 'domain/messages/message-filter.ts',
    search: '  oneOf(filter.campaignIds, (m) => m.campaignId);\n',
    replace: '',
  },
  {
    id: 'sender-filter-ignored',
    breaks: "sms_remitter_id filters a campaign's messages (D22)",
    file: 'domain/messages/message-filter.ts',
    search: '  oneOf(filter.senderIds, (m) => m.senderId);\n',
    replace: '',
  },
  {
    id: 'error-code-filter-ignored',
    breaks: "error_code filters a campaign's messages (D23)",
    file: 'domain/messages/message-filter.ts',
    search: '  oneOf(filter.errorCodes, (m) => m.errorCode);\n',
    replace: '',
  },
  {
    id: 'trigger-filter-ignored',
    breaks: "trigger_source filters a campaign's messages (D23)",
    file: 'domain/messages/message-filter.ts',
    search: '  oneOf(filter.triggers, (m) => m.trigger);\n',
    replace: '',
  },
  {
    id: 'destination-filter-ignored',
    breaks: "channel_destination filters a campaign's messages (D23)",
    file: 'domain/messages/message-filter.ts',
    search: '  oneOf(filter.destinations, (m) => m.destination);\n',
    replace: '',
  },
  {
    id: 'repeated-filter-and-ed',
    breaks: 'a repeated filter matches any of its values, not all (spec; D22)',
    file: 'domain/messages/message-filter.ts',
    search: '    checks.push((message) => set.has(field(message)));',
    replace: '    checks.push((message) => values.every((value) => value === field(message)));',
  },
  {
    id: 'q-number-filter-ignored',
    breaks: "q filters a campaign's messages by number (D24)",
    file: 'domain/messages/message-filter.ts',
    search: '    checks.push((message) => message.e164.includes(digits));',
    replace: '',
  },
  {
    id: 'remitter-id-alias-ignored',
    breaks: 'GET /messages takes remitter_id as an alias of sms_remitter_id (D22)',
    file: 'http/operations.ts',
    search: '  const senders = [...(input.sms_remitter_id ?? []), ...(input.remitter_id ?? [])];',
    replace: '  const senders = [...(input.sms_remitter_id ?? [])];',
  },
  {
    id: 'sms-remitter-id-alias-ignored',
    breaks: 'GET /campaigns takes sms_remitter_id as an alias of remitter_id (D22)',
    file: 'http/operations.ts',
    search:
      '      const senders = [...(input.remitter_id ?? []), ...(input.sms_remitter_id ?? [])];',
    replace: '      const senders = [...(input.remitter_id ?? [])];',
  },
  {
    id: 'campaign-messages-campaign-id-ignored',
    breaks: 'campaign_id filters GET /campaigns/{id}/messages',
    file: 'domain/campaigns/campaigns.ts',
    search: '  if (campaignIds.length > 0 && !campaignIds.includes(campaign.id))',
    replace: '  if (false)',
  },
  {
    id: 'created-at-ge-exclusive',
    breaks: 'created_at__ge is inclusive',
    file: 'domain/storage/query.ts',
    search: 'if (records[mid]!.createdAt < time) lo = mid + 1;',
    replace: 'if (records[mid]!.createdAt <= time) lo = mid + 1;',
  },
  {
    id: 'campaigns-status-ignored',
    breaks: 'status filters GET /campaigns (D11)',
    file: 'domain/campaigns/campaigns.ts',
    search: '  oneOf(filter.statuses, (c) => c.status);\n',
    replace: '',
  },
  {
    id: 'campaigns-channel-ignored',
    breaks: 'channel_type filters GET /campaigns',
    file: 'domain/campaigns/campaigns.ts',
    search: '  oneOf(filter.channels, (c) => c.channel);\n',
    replace: '',
  },
  {
    id: 'campaigns-sender-ignored',
    breaks: 'remitter_id filters GET /campaigns (D22)',
    file: 'domain/campaigns/campaigns.ts',
    search: '  oneOf(filter.senderIds, (c) => c.senderId);\n',
    replace: '',
  },
  {
    id: 'campaigns-error-code-ignored',
    breaks: 'error_code filters GET /campaigns (D23)',
    file: 'domain/campaigns/campaigns.ts',
    search: '  oneOf(filter.errorCodes, (c) => c.errorCode);\n',
    replace: '',
  },
  {
    id: 'campaigns-trigger-ignored',
    breaks: 'trigger_source filters GET /campaigns (D23)',
    file: 'domain/campaigns/campaigns.ts',
    search: '  oneOf(filter.triggers, (c) => c.trigger);\n',
    replace: '',
  },
  {
    id: 'campaigns-tag-ignored',
    breaks: 'tag_id filters GET /campaigns (D17)',
    file: 'domain/campaigns/campaigns.ts',
    search: '  if (filter.tagIds !== undefined && filter.tagIds.length > 0) {',
    replace: '  if (false) {',
  },
  {
    id: 'campaigns-q-case-sensitive',
    breaks: 'q matches a campaign name case-insensitively (D24)',
    file: 'domain/campaigns/campaigns.ts',
    search: 'checks.push((campaign) => campaign.name.toLowerCase().includes(needle));',
    replace: 'checks.push((campaign) => campaign.name.includes(filter.q!));',
  },
  {
    id: 'campaigns-sending-refused',
    breaks: 'the campaign status filter accepts SENDING (D11)',
    file: 'http/request-schemas.ts',
    search: 'oneOfContract(CAMPAIGN_STATUSES)',
    replace: "oneOfContract(CAMPAIGN_STATUSES.filter((status) => status !== 'SENDING'))",
  },
  {
    id: 'campaign-id-filter-other-organization',
    breaks: "GET /messages?campaign_id lists only the caller's messages (spec; D1)",
    file: 'domain/messages/message-filter.ts',
    search:
      "    const list = store.indexed('campaign', organizationId, environment, filter.campaignIds[0]!);",
    replace:
      '    const list = [...(store as any).partitions.values()].flatMap((p: any) => p.rows).filter((m: any) => m.campaignId === filter.campaignIds![0]);',
  },
  {
    id: 'trace-id-differs-on-404',
    breaks: 'trace_id equals X-Trace-Id on every error (D4)',
    file: 'http/envelope.ts',
    search: '    trace_id: traceId,',
    replace: "    trace_id: error.status === 404 ? traceId.split('').reverse().join('') : traceId,",
  },
  {
    id: 'status-field-wrong-on-405',
    breaks: "the envelope's status is the HTTP status (spec Errors)",
    file: 'http/envelope.ts',
    search: '    status: error.status,\n    trace_id',
    replace: '    status: error.status === 405 ? 400 : error.status,\n    trace_id',
  },
  {
    id: 'fields-on-404',
    breaks: 'fields appear only on validation and scope errors (spec Errors)',
    file: 'http/envelope.ts',
    search: '    error.fields === undefined ? parts : { ...parts, fields: error.fields },',
    replace:
      '    error.fields === undefined ? (status === 404 ? { ...parts, fields: {} } : parts) : { ...parts, fields: error.fields },',
  },
  {
    id: 'error-timestamp-z',
    breaks: "an error's timestamp has microseconds and +00:00 (D32)",
    file: 'http/envelope.ts',
    search: '    timestamp: formatTimestamp(now),',
    replace: '    timestamp: new Date(now).toISOString(),',
  },
  {
    id: 'rate-limit-headers-missing-on-404',
    breaks: 'every answer after the limiter carries X-RateLimit-* (D34)',
    file: 'http/pipeline.ts',
    search:
      '  if (error instanceof DomainError) return errorResponse(error, traceId, world.now(), headers);',
    replace:
      "  if (error instanceof DomainError) return errorResponse(error, traceId, world.now(), error.code.endsWith('NOT_FOUND') ? {} : headers);",
  },
  {
    id: 'content-type-text-on-success',
    breaks: 'answers are application/json',
    file: 'http/pipeline.ts',
    search:
      "    headers['content-type'] = 'application/json';\n    headers['x-trace-id'] = exchange.traceId;",
    replace:
      "    headers['content-type'] = 'text/plain';\n    headers['x-trace-id'] = exchange.traceId;",
  },
  {
    id: 'reset-in-milliseconds',
    breaks: 'X-RateLimit-Reset is whole seconds (D8)',
    file: 'http/pipeline.ts',
    search: "    'x-ratelimit-reset': String(Math.max(0, Math.ceil(limit.resetIn / 1000))),",
    replace: "    'x-ratelimit-reset': String(Math.max(0, Math.ceil(limit.resetIn))),",
  },
  {
    id: 'remaining-off-by-one',
    breaks: 'X-RateLimit-Remaining counts the request just made (D8)',
    file: 'domain/policies/rate-limits.ts',
    search: '  return { allowed: true, limit, remaining: limit - window.count, resetIn };',
    replace: '  return { allowed: true, limit, remaining: limit - window.count + 1, resetIn };',
  },
  {
    id: 'list-messages-limit-61',
    breaks: 'GET /messages: 60 requests a minute (spec Limits)',
    file: 'domain/policies/rate-limits.ts',
    search: '  listMessages: 60,',
    replace: '  listMessages: 61,',
  },
  {
    id: 'send-message-limit-3000',
    breaks: 'POST /messages: 300 requests a minute (D8)',
    file: 'domain/policies/rate-limits.ts',
    search: '  sendMessage: 300,',
    replace: '  sendMessage: 3000,',
  },
  {
    id: 'validation-error-400',
    breaks: 'VALIDATION_ERROR is a 422 (spec Errors)',
    file: 'http/envelope.ts',
    search: "  VALIDATION_ERROR: { status: 422, service: 'core' },",
    replace: "  VALIDATION_ERROR: { status: 400, service: 'core' },",
  },
  {
    id: 'media-type-400',
    breaks: 'a body that is not JSON is a 415 (D2)',
    file: 'http/envelope.ts',
    search: "  UNSUPPORTED_MEDIA_TYPE: { status: 415, service: 'core' },",
    replace: "  UNSUPPORTED_MEDIA_TYPE: { status: 400, service: 'core' },",
  },
  {
    id: 'campaign-not-found-410',
    breaks: 'an unknown campaign is a 404 (D7)',
    file: 'http/envelope.ts',
    search: "  RESOURCE_NOT_FOUND: { status: 404, service: 'core' },",
    replace: "  RESOURCE_NOT_FOUND: { status: 410, service: 'core' },",
  },
  {
    id: 'timestamps-with-z',
    breaks: 'timestamps end in +00:00 (spec; D32)',
    file: 'domain/core/time-format.ts',
    search: '${pad3(ms)}${pad3(micros)}+00:00`;',
    replace: '${pad3(ms)}${pad3(micros)}Z`;',
  },
  {
    id: 'timestamps-without-micros',
    breaks: 'timestamps have microsecond precision (spec; D32)',
    file: 'domain/core/time-format.ts',
    search: '${pad3(ms)}${pad3(micros)}+00:00`;',
    replace: '${pad3(ms)}+00:00`;',
  },
  {
    id: 'campaign-scheduled-at-z',
    breaks: "a campaign's scheduled_at is in the service's format (D32)",
    file: 'http/serializers.ts',
    search: '    scheduled_at: ts(campaign.scheduledAt),',
    replace: '    scheduled_at: new Date(campaign.scheduledAt).toISOString(),',
  },
  {
    id: 'embedded-campaign-created-at-z',
    breaks: "an embedded campaign's created_at is in the service's format (D32)",
    file: 'http/serializers.ts',
    search: '      created_at: ts(campaign.createdAt),\n      name: campaign.name,',
    replace:
      '      created_at: new Date(campaign.createdAt).toISOString(),\n      name: campaign.name,',
  },
  {
    id: 'detail-cost-two-decimals',
    breaks: 'Retrieve Message: cost has six fraction digits (D32)',
    file: 'http/serializers.ts',
    search: '    cost: formatMoney(message.cost),\n    is_refunded',
    replace: '    cost: formatMoney(message.cost).slice(0, -4),\n    is_refunded',
  },
  {
    id: 'campaign-entry-cost-two-decimals',
    breaks: "a campaign message's cost has six fraction digits (D32)",
    file: 'http/serializers.ts',
    search: '    cost: formatMoney(message.cost),\n    billing_account_id',
    replace: '    cost: formatMoney(message.cost).slice(0, -4),\n    billing_account_id',
  },
  {
    id: 'sent-cost-two-decimals',
    breaks: 'the 201 of POST /messages: cost has six fraction digits (D20; D32)',
    file: 'http/serializers.ts',
    search:
      "    cost: formatMoney(message.cost),\n    created_at: ts(message.createdAt),\n  } satisfies Schema['SentMessage'];",
    replace:
      "    cost: formatMoney(message.cost).slice(0, -4),\n    created_at: ts(message.createdAt),\n  } satisfies Schema['SentMessage'];",
  },
  {
    id: 'list-entry-with-detail-name',
    breaks: 'a GET /messages entry uses target_e164 and not e164_format (spec)',
    file: 'http/serializers.ts',
    search: '    target_e164: message.e164,',
    replace: '    target_e164: message.e164,\n    e164_format: message.e164,',
  },
  {
    id: 'campaign-entry-provider-name',
    breaks: 'a campaign message names its gateway provider_id, not provider_name (spec)',
    file: 'http/serializers.ts',
    search: '    provider_id: message.provider,',
    replace: '    provider_name: message.provider,',
  },
  {
    id: 'detail-with-list-name',
    breaks: 'Retrieve Message uses sms_remitter_id and not remitter_id (spec)',
    file: 'http/serializers.ts',
    search:
      '    sms_remitter_id: message.senderId,\n    sms_remitter: senderOf(world, message.senderId),\n    external_id: message.externalId,\n    channel_type',
    replace:
      '    sms_remitter_id: message.senderId,\n    remitter_id: message.senderId,\n    sms_remitter: senderOf(world, message.senderId),\n    external_id: message.externalId,\n    channel_type',
  },
  {
    id: 'accepted-text-changed',
    breaks: 'the 202 says the campaign is pending processing (spec; D10)',
    file: 'http/serializers.ts',
    search: "    message: 'Campaign accepted and pending processing.',",
    replace: "    message: 'Campaign accepted.',",
  },
  {
    id: 'recipient-pattern-31',
    breaks: 'a recipient has at most 30 characters (spec Limits)',
    file: 'http/request-schemas.ts',
    search: 'const RECIPIENT = /^\\+?[\\d\\s\\-.]{7,30}$/;',
    replace: 'const RECIPIENT = /^\\+?[\\d\\s\\-.]{7,31}$/;',
  },
  {
    id: 'country-any-case',
    breaks: 'country_alpha2 is two capitals (spec)',
    file: 'http/request-schemas.ts',
    search: 'const COUNTRY = /^[A-Z]{2}$/;',
    replace: 'const COUNTRY = /^[A-Za-z]{2}$/;',
  },
  {
    id: 'size-min-0',
    breaks: 'size is at least 1 (spec Limits)',
    file: 'http/request-schemas.ts',
    search: 'size: z._default(int(1, 200), 30),',
    replace: 'size: z._default(int(0, 200), 30),',
  },
  {
    id: 'batch-channel-whatsapp',
    breaks: 'a batch accepts only SMS (spec)',
    file: 'http/request-schemas.ts',
    search: "  channel_type: z.literal('SMS', 'Accepted value: SMS.'),",
    replace: "  channel_type: z.enum(['SMS', 'WHATSAPP', 'EMAIL'], 'Accepted value: SMS.'),",
  },
  {
    id: 'retrieve-limit-601',
    breaks: 'the other operations: 600 requests a minute (D8)',
    file: 'domain/policies/rate-limits.ts',
    search: '  retrieveMessage: 600,',
    replace: '  retrieveMessage: 601,',
  },
  {
    id: 'reason-of-pause-set',
    breaks: 'data.reason_of_pause is null for campaigns the API creates (D12)',
    file: 'http/serializers.ts',
    search: '      reason_of_pause: campaign.reasonOfPause,',
    replace: "      reason_of_pause: campaign.reasonOfPause ?? 'none',",
  },
  {
    id: 'page-default-2',
    breaks: 'page defaults to 1 (spec Common list query parameters)',
    file: 'http/request-schemas.ts',
    search: 'page: z._default(int(1, Number.MAX_SAFE_INTEGER), 1),',
    replace: 'page: z._default(int(1, Number.MAX_SAFE_INTEGER), 2),',
  },
  {
    id: 'size-max-199',
    breaks: 'size may be 200 (spec Limits)',
    file: 'http/request-schemas.ts',
    search: 'size: z._default(int(1, 200), 30),',
    replace: 'size: z._default(int(1, 199), 30),',
  },
  {
    id: 'content-min-0',
    breaks: 'batch content has at least 1 character (spec)',
    file: 'http/request-schemas.ts',
    search: '  content: chars(1, 10_000),',
    replace: '  content: chars(0, 10_000),',
  },
  {
    id: 'name-min-0',
    breaks: 'a campaign name has at least 1 character (spec)',
    file: 'http/request-schemas.ts',
    search: '  name: z.exactOptional(chars(1, 200)),',
    replace: '  name: z.exactOptional(chars(0, 200)),',
  },
  {
    id: 'send-body-empty-allowed',
    breaks: 'POST /messages: body is required, not empty (spec; D20)',
    file: 'http/request-schemas.ts',
    search: '  body: chars(1, 10_000),',
    replace: '  body: chars(0, 10_000),',
  },
  {
    id: 'send-body-max-10001',
    breaks: 'POST /messages: an SMS body has at most 10,000 characters (D20)',
    file: 'http/request-schemas.ts',
    search: '  body: chars(1, 10_000),',
    replace: '  body: chars(1, 10_001),',
  },
  {
    id: 'status-filter-refuses-sent',
    breaks: 'the message status filter accepts SENT (spec GET /messages)',
    file: 'http/request-schemas.ts',
    search: '    SENT: true,\n',
    replace: '',
  },
  {
    id: 'channel-filter-refuses-whatsapp',
    breaks: 'channel_type accepts WHATSAPP as a filter (spec)',
    file: 'http/request-schemas.ts',
    search: '{ SMS: true, WHATSAPP: true }',
    replace: '{ SMS: true }',
  },
  {
    id: 'trigger-filter-refuses-portal',
    breaks: 'trigger_source accepts CUSTOMER_PORTAL (D23)',
    file: 'http/request-schemas.ts',
    search: '{ API_CLIENT: true, CUSTOMER_PORTAL: true }',
    replace: '{ API_CLIENT: true }',
  },
  {
    id: 'code-filter-without-underscore',
    breaks: 'error_code filters take codes with underscores (D23)',
    file: 'http/request-schemas.ts',
    search: 'const CODE = /^[A-Z][A-Z0-9_]{0,63}$/;',
    replace: 'const CODE = /^[A-Z][A-Z0-9]{0,63}$/;',
  },
  {
    id: 'key-reused-409',
    breaks: 'the same Idempotency-Key with another body is a 422 (D9)',
    file: 'http/envelope.ts',
    search: "  IDEMPOTENCY_KEY_REUSED: { status: 422, service: 'core' },",
    replace: "  IDEMPOTENCY_KEY_REUSED: { status: 409, service: 'core' },",
  },
  {
    id: 'method-not-allowed-404',
    breaks: 'a known path with another method is a 405 (D2)',
    file: 'http/envelope.ts',
    search: "  METHOD_NOT_ALLOWED: { status: 405, service: 'core' },",
    replace: "  METHOD_NOT_ALLOWED: { status: 404, service: 'core' },",
  },
  {
    id: 'bad-key-403',
    breaks: 'a missing or bad key is a 401 (spec Authentication 6)',
    file: 'http/envelope.ts',
    search: "  AUTH_INVALID_API_KEY: { status: 401, service: 'core' },",
    replace: "  AUTH_INVALID_API_KEY: { status: 403, service: 'core' },",
  },
  {
    id: 'not-found-service-billing',
    breaks: 'a 404 comes from service core (D3)',
    file: 'http/envelope.ts',
    search: "  NOT_FOUND: { status: 404, service: 'core' },",
    replace: "  NOT_FOUND: { status: 404, service: 'billing' },",
  },
  {
    id: 'batch-accepted-201',
    breaks: 'an accepted batch is a 202 (spec)',
    file: 'http/operations.ts',
    search: 'return { status: 202, body: render.batchAccepted(campaign) };',
    replace: 'return { status: 201, body: render.batchAccepted(campaign) };',
  },
  {
    id: 'send-200',
    breaks: 'POST /messages creates synchronously: 201 (spec; D20)',
    file: 'http/operations.ts',
    search: 'return { status: 201, body: render.sentMessage(message) };',
    replace: 'return { status: 200, body: render.sentMessage(message) };',
  },
  {
    id: 'campaign-entry-campaign-id-null',
    breaks: 'a campaign message names its campaign (spec)',
    file: 'http/serializers.ts',
    search: '    campaign_id: campaign.id,\n    contact_id: message.contactId,',
    replace: '    campaign_id: null,\n    contact_id: message.contactId,',
  },
  {
    id: 'list-entry-campaign-id-null',
    breaks: 'a GET /messages entry names its campaign (spec)',
    file: 'http/serializers.ts',
    search:
      '    campaign_id: message.campaignId,\n    contact_id: message.contactId,\n    channel_type: message.channel,\n    channel_destination: message.destination,\n    target_e164',
    replace:
      '    campaign_id: null,\n    contact_id: message.contactId,\n    channel_type: message.channel,\n    channel_destination: message.destination,\n    target_e164',
  },
  {
    id: 'detail-trigger-portal',
    breaks: 'a message sent through the API has trigger_source API_CLIENT (D20)',
    file: 'http/serializers.ts',
    search: '    trigger_source: message.trigger,\n    cost: formatMoney',
    replace: "    trigger_source: 'CUSTOMER_PORTAL',\n    cost: formatMoney",
  },
  {
    id: 'recipients-counted-plus-one',
    breaks: 'total_estimated_recipients counts distinct recipients (D16)',
    file: 'domain/campaigns/campaigns.ts',
    search: 'totalEstimatedRecipients: valid.length + invalid.length,',
    replace: 'totalEstimatedRecipients: valid.length + invalid.length + 1,',
  },
  {
    id: 'page-echo-wrong',
    breaks: "the envelope's page is the requested page (spec)",
    file: 'http/serializers.ts',
    search: '"page":${page},"size":${size},',
    replace: '"page":${Math.min(page, 1)},"size":${size},',
  },
  {
    id: 'size-echo-wrong',
    breaks: "the envelope's size is the requested size (D25)",
    file: 'http/serializers.ts',
    search: '"page":${page},"size":${size},',
    replace: '"page":${page},"size":${Math.max(size, 30)},',
  },
  {
    id: 'retry-after-missing',
    breaks: 'a 429 carries Retry-After (D8)',
    file: 'http/pipeline.ts',
    search:
      "  exchange.headers['retry-after'] = String(Math.max(1, Math.ceil(limit.resetIn / 1000)));",
    replace: '',
  },
  {
    id: 'campaigns-q-prefix-only',
    breaks: 'q matches anywhere in a campaign name (D24)',
    file: 'domain/campaigns/campaigns.ts',
    search: 'checks.push((campaign) => campaign.name.toLowerCase().includes(needle));',
    replace: 'checks.push((campaign) => campaign.name.toLowerCase().startsWith(needle));',
  },
  {
    id: 'created-at-ignored-indexed',
    breaks: 'created_at__ge filters an indexed message list',
    file: 'domain/messages/message-filter.ts',
    search:
      '  const from = page.createdFrom === undefined ? 0 : firstAtOrAfter(rows, page.createdFrom);',
    replace: '  const from = 0;',
  },
  {
    id: 'created-at-le-ignored',
    breaks: "created_at__le filters GET /campaigns and a campaign's messages",
    file: 'domain/storage/query.ts',
    search:
      '    request.createdTo === undefined ? records.length : firstAfter(records, request.createdTo);',
    replace: '    records.length;',
  },
];

/**
 * Where each mutation's text is missing or ambiguous in `packages/mock/src`; empty when every
 * anchor is there once.
 */
export function anchorProblems(): string[] {
  const source = new URL('../../../mock/src/', import.meta.url);
  return MUTATIONS.flatMap(({ id, file, search }) => {
    const count = readFileSync(new URL(file, source), 'utf8').split(search).length - 1;
    return count === 1
      ? []
      : [`${id}: ${JSON.stringify(search)} occurs ${count} times in packages/mock/src/${file}`];
  });
}

import {
  type AbortError,
  type BulkAbortError,
  type BulkResumeError,
  type BulkSendResult,
  type Campaign,
  type CampaignMessageEntry,
  type ConflictError,
  type components,
  type ErrorCode,
  type InvalidResponseError,
  type Message,
  type MessageListEntry,
  type MessageListPage,
  type MessagingClient,
  MessagingError,
  RateLimitError,
  type SentMessage,
  type TimeoutError,
  ValidationError,
  type WaitTimeoutError,
  type WebhookEvent,
  type WithResponse,
} from '@msgsvc/sdk';
import { verifyWebhook } from '@msgsvc/sdk/webhooks';
import { describe, expectTypeOf, it } from 'vitest';

declare const client: MessagingClient;
const remitter_id = '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3';

describe('parameters', () => {
  it('accepts what the contract allows', () => {
    client.messages.send({ to: '+244923000001', body: 'x', channel_type: 'WHATSAPP' });
    client.messages.list({ status: ['SENT', 'FAILED'], order: 'asc', created_at__le: 'x' });
    client.campaigns.list({ status: ['SENDING'], q: 'promo' });
    client.campaigns.listMessages(remitter_id, { channel_destination: ['UNITEL'] });
    client.campaigns.sendBatch({ remitter_id, channel_type: 'SMS', content: 'x', recipients: [] });
    client.campaigns.sendBulk({ remitter_id, content: 'x', recipients: [] });
  });

  it('rejects wrong parameter names', () => {
    // @ts-expect-error: `text` is not a field of Send Message (it is `body`)
    client.messages.send({ to: '+244923000001', text: 'x' });
    // @ts-expect-error: `limit` is not a list parameter (it is `size`)
    client.messages.list({ limit: 10 });
    // @ts-expect-error: `recipient` is not a batch field (it is `recipients`)
    client.campaigns.sendBatch({ remitter_id, channel_type: 'SMS', content: 'x', recipient: [] });
    // @ts-expect-error: `body` is required
    client.messages.send({ to: '+244923000001' });
    // @ts-expect-error: `sizee` is misspelled
    client.campaigns.listMessages(remitter_id, { sizee: 10 });
  });

  it('rejects wrong enum values', () => {
    // @ts-expect-error: channels are SMS and WHATSAPP
    client.messages.send({ to: '+244923000001', body: 'x', channel_type: 'MMS' });
    client.campaigns.sendBatch({
      remitter_id,
      // @ts-expect-error: campaigns accept only SMS
      channel_type: 'WHATSAPP',
      content: 'x',
      recipients: [],
    });
    // @ts-expect-error: list filters take the five coarse statuses (EXPIRED is reported as UNDELIVERED)
    client.messages.list({ status: ['EXPIRED'] });
    // @ts-expect-error: order is asc or desc
    client.messages.list({ order: 'newest' });
    // @ts-expect-error: order_by is created_at or updated_at
    client.campaigns.list({ order_by: 'name' });
    // @ts-expect-error: a status filter is repeated, so it is an array
    client.campaigns.list({ status: 'COMPLETED' });
  });
});

describe('responses keep each endpoint’s own field names', () => {
  it('retrieve has e164_format and the exact status', async () => {
    const message = await client.messages.retrieve(remitter_id);
    expectTypeOf(message).toEqualTypeOf<Message>();
    expectTypeOf(message.e164_format).toEqualTypeOf<string>();
    expectTypeOf(message).not.toHaveProperty('target_e164');
    expectTypeOf(message.status).toEqualTypeOf<
      | 'PENDING'
      | 'SENT'
      | 'DELIVERED'
      | 'FAILED'
      | 'UNDELIVERED'
      | 'EXPIRED'
      | 'REJECTED'
      | 'CANCELLED'
    >();
  });

  it('a list entry has target_e164 and the coarse status', async () => {
    const page = await client.messages.list();
    expectTypeOf(page).toEqualTypeOf<MessageListPage>();
    expectTypeOf(page.entries).toEqualTypeOf<MessageListEntry[]>();
    expectTypeOf<MessageListEntry['target_e164']>().toEqualTypeOf<string>();
    expectTypeOf<MessageListEntry>().not.toHaveProperty('e164_format');
    expectTypeOf<MessageListEntry['status']>().toEqualTypeOf<
      'PENDING' | 'SENT' | 'DELIVERED' | 'FAILED' | 'UNDELIVERED'
    >();
    for await (const entry of client.messages.list())
      expectTypeOf(entry).toEqualTypeOf<MessageListEntry>();
  });

  it('a campaign message entry has provider_id and embedded objects', async () => {
    const [entry] = await client.campaigns.listMessages(remitter_id).toArray({ limit: 1 });
    expectTypeOf(entry).toEqualTypeOf<CampaignMessageEntry | undefined>();
    expectTypeOf<CampaignMessageEntry['provider_id']>().toEqualTypeOf<string | null>();
    expectTypeOf<CampaignMessageEntry['campaign']['status']>().toEqualTypeOf<
      components['schemas']['CampaignStatus']
    >();
    expectTypeOf<CampaignMessageEntry>().not.toHaveProperty('provider_name');
  });

  it('send and sendBatch give their own shapes; withResponse adds metadata', async () => {
    expectTypeOf(await client.messages.send({ to: 'x', body: 'x' })).toEqualTypeOf<SentMessage>();
    const batch = await client.campaigns
      .sendBatch({ remitter_id, channel_type: 'SMS', content: 'x', recipients: [] })
      .withResponse();
    expectTypeOf(batch.data.campaign_id).toEqualTypeOf<string>();
    expectTypeOf(batch).toMatchTypeOf<WithResponse<{ message: string; campaign_id: string }>>();
    expectTypeOf(batch.idempotencyKey).toEqualTypeOf<string | undefined>();
    expectTypeOf(await client.campaigns.waitFor(remitter_id)).toEqualTypeOf<Campaign>();
    expectTypeOf(
      await client.campaigns.sendBulk({ remitter_id, content: 'x', recipients: [] }),
    ).toEqualTypeOf<BulkSendResult>();
  });

  it('toArray requires a limit', () => {
    // @ts-expect-error: a list can be longer than memory
    client.messages.list().toArray();
  });

  it('waitFor takes the statuses of its resource', () => {
    client.messages.waitFor(remitter_id, { until: 'DELIVERED' });
    client.campaigns.waitFor(remitter_id, { until: ['SENDING', 'COMPLETED'] });
    // @ts-expect-error: DELIVERED is not a campaign state
    client.campaigns.waitFor(remitter_id, { until: 'DELIVERED' });
  });
});

describe('errors and webhooks', () => {
  it('instanceof narrows to the subclass', (error: unknown = undefined) => {
    if (error instanceof RateLimitError)
      expectTypeOf(error.retryAfter).toEqualTypeOf<number | undefined>();
    if (error instanceof ValidationError) {
      expectTypeOf(error.fields).toEqualTypeOf<Readonly<Record<string, string>>>();
    }
    if (error instanceof MessagingError) {
      expectTypeOf(error.status).toEqualTypeOf<number | undefined>();
      expectTypeOf(error.traceId).toEqualTypeOf<string | undefined>();
    }
  });

  it('verifyWebhook returns the contract’s event union by default', async () => {
    const event = await verifyWebhook('{}', {}, 'whsec_x');
    expectTypeOf(event).toEqualTypeOf<WebhookEvent>();
    if (event.type === 'message.status_updated') {
      expectTypeOf(event.data.status).toEqualTypeOf<components['schemas']['MessageStatus']>();
    }
    if (event.type === 'campaign.completed') {
      expectTypeOf(event.data.counts.delivered).toEqualTypeOf<number>();
    }
    expectTypeOf(await verifyWebhook<{ custom: true }>('{}', {}, 'whsec_x')).toEqualTypeOf<{
      custom: true;
    }>();
  });
});

describe('error codes', () => {
  it('suggest the known codes and accept unknown future ones', () => {
    type Code = MessagingError['code'];
    expectTypeOf<'VALIDATION_ERROR'>().toExtend<Code>();
    expectTypeOf<'CONNECTION_ERROR'>().toExtend<Code>();
    expectTypeOf<'A_CODE_ADDED_NEXT_YEAR'>().toExtend<Code>();
    // The known codes stay a union of literals (what editors suggest), not widened to string.
    expectTypeOf<ErrorCode>().not.toEqualTypeOf<string>();
    expectTypeOf<
      Extract<ErrorCode, 'RATE_LIMIT_EXCEEDED'>
    >().toEqualTypeOf<'RATE_LIMIT_EXCEEDED'>();
    expectTypeOf<Extract<ErrorCode, 'WAIT_TIMEOUT'>>().toEqualTypeOf<'WAIT_TIMEOUT'>();
  });

  it('type the fields each error class adds', () => {
    expectTypeOf<WaitTimeoutError['lastStatus']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<InvalidResponseError['bodyPreview']>().toEqualTypeOf<string>();
    expectTypeOf<TimeoutError['option']>().toEqualTypeOf<'timeout' | 'totalTimeout'>();
    expectTypeOf<MessagingError['attempts']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<BulkAbortError['result']>().toEqualTypeOf<BulkSendResult>();
    expectTypeOf<BulkAbortError>().toExtend<AbortError>();
    expectTypeOf<BulkResumeError['result']>().toEqualTypeOf<BulkSendResult>();
    expectTypeOf<BulkResumeError>().toExtend<ConflictError>();
  });
});

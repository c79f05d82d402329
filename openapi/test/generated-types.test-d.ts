// Type tests against the types generated from the contract (`npm run generate`).
// Each negative case has a positive twin that differs only in the field under test, so the
// `@ts-expect-error` can only be satisfied by that field.
import { describe, expectTypeOf, test } from 'vitest';
import type { components, paths, webhooks } from '../../packages/sdk/src/generated/openapi';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

type BatchBody = Json<paths['/campaigns/batch']['post']['requestBody']>;
type SendBody = Json<paths['/messages']['post']['requestBody']>;
type Retrieved = Json<paths['/messages/{message_id}']['get']['responses'][200]>;
type ListPage = Json<paths['/messages']['get']['responses'][200]>;
type ListEntry = ListPage['entries'][number];
type CampaignEntry = Json<
  paths['/campaigns/{campaign_id}/messages']['get']['responses'][200]
>['entries'][number];
type Sent = Json<paths['/messages']['post']['responses'][201]>;
type ErrorBody = components['schemas']['ErrorEnvelope'];

const acceptBatch = (_body: BatchBody): void => {};
const acceptSend = (_body: SendBody): void => {};

const remitter_id = '0193a0c5-2c3d-7e4f-8a5b-6c7d8e9f0a1b';
const content = 'Black Friday: 20% off everything until Sunday.';
const recipients: string[] = ['+244923123456', '+244951234567'];

describe('POST /campaigns/batch body', () => {
  test('a correct body type-checks, with and without the optional fields', () => {
    const minimal: BatchBody = { remitter_id, content, channel_type: 'SMS', recipients };
    acceptBatch(minimal);
    acceptBatch({ ...minimal, name: 'Black Friday', country_alpha2: 'AO' });
    expectTypeOf(minimal).toExtend<BatchBody>();
    expectTypeOf<BatchBody['channel_type']>().toEqualTypeOf<'SMS'>();
    expectTypeOf<BatchBody['recipients']>().toEqualTypeOf<string[]>();
  });

  test('`recipient` instead of `recipients` is a compile error', () => {
    const good = { remitter_id, content, channel_type: 'SMS' as const, recipients };
    acceptBatch(good);
    const typo = { remitter_id, content, channel_type: 'SMS' as const, recipient: recipients };
    // @ts-expect-error `recipient` is not a field: the contract says `recipients`
    acceptBatch(typo);
    // @ts-expect-error an object literal with the misspelt field is rejected too
    acceptBatch({ remitter_id, content, channel_type: 'SMS', recipient: recipients });
  });

  test('`remitterId` instead of `remitter_id` is a compile error', () => {
    const typo = { remitterId: remitter_id, content, channel_type: 'SMS' as const, recipients };
    // @ts-expect-error the contract uses snake_case: `remitter_id`
    acceptBatch(typo);
  });

  test('a channel other than SMS is a compile error', () => {
    const email = { remitter_id, content, channel_type: 'EMAIL' as const, recipients };
    // @ts-expect-error `EMAIL` is not a channel
    acceptBatch(email);
    const whatsapp = { remitter_id, content, channel_type: 'WHATSAPP' as const, recipients };
    // @ts-expect-error campaigns accept only SMS
    acceptBatch(whatsapp);
  });

  test('optional fields are optional, required ones are not', () => {
    expectTypeOf<BatchBody>().toHaveProperty('name');
    expectTypeOf<Pick<BatchBody, 'name' | 'country_alpha2'>>().toEqualTypeOf<{
      name?: string;
      country_alpha2?: components['schemas']['CountryAlpha2'];
    }>();
  });
});

describe('POST /messages body (D20)', () => {
  test('`to` and `body` are enough; channel_type is optional despite its default', () => {
    acceptSend({ to: '+244923123456', body: 'Your code is 482913' });
    acceptSend({ to: '923 123 456', body: 'Olá', channel_type: 'WHATSAPP', country_alpha2: 'AO' });
    expectTypeOf<SendBody['channel_type']>().toEqualTypeOf<'SMS' | 'WHATSAPP' | undefined>();
  });

  test('a wrong channel or a wrong field name is a compile error', () => {
    const email = { to: '+244923123456', body: 'Hi', channel_type: 'EMAIL' as const };
    // @ts-expect-error `EMAIL` is not a channel
    acceptSend(email);
    const text = { to: '+244923123456', text: 'Hi' };
    // @ts-expect-error the field is `body`, not `text`
    acceptSend(text);
  });
});

describe('message shapes differ per endpoint', () => {
  test('Retrieve Message has e164_format, sms_remitter_id and provider_name', () => {
    expectTypeOf<Retrieved>().toHaveProperty('e164_format').toEqualTypeOf<string>();
    expectTypeOf<Retrieved>().toHaveProperty('sms_remitter_id');
    expectTypeOf<Retrieved>().toHaveProperty('provider_name').toEqualTypeOf<string | null>();
    expectTypeOf<Retrieved>().not.toHaveProperty('target_e164');
    expectTypeOf<Retrieved>().not.toHaveProperty('remitter_id');
    expectTypeOf<Retrieved['status']>().toEqualTypeOf<
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

  test('a List Messages entry has target_e164 and not e164_format', () => {
    expectTypeOf<ListEntry>().toHaveProperty('target_e164').toEqualTypeOf<string>();
    expectTypeOf<ListEntry>().not.toHaveProperty('e164_format');
    expectTypeOf<ListEntry>().toHaveProperty('remitter_id');
    expectTypeOf<ListEntry>().not.toHaveProperty('sms_remitter_id');
    expectTypeOf<ListEntry['status']>().toEqualTypeOf<
      'PENDING' | 'SENT' | 'DELIVERED' | 'FAILED' | 'UNDELIVERED'
    >();
    const entry = {} as ListEntry;
    // @ts-expect-error list entries name the number `target_e164`
    entry.e164_format;
  });

  test('a List Campaign Messages entry has provider_id, not provider_name', () => {
    expectTypeOf<CampaignEntry>().toHaveProperty('provider_id').toEqualTypeOf<string | null>();
    expectTypeOf<CampaignEntry>().not.toHaveProperty('provider_name');
    expectTypeOf<CampaignEntry['contact']>().toEqualTypeOf<
      components['schemas']['CampaignMessageContact'] | null
    >();
  });

  test('the 201 of POST /messages is the SentMessage of D20', () => {
    expectTypeOf<Sent>().toEqualTypeOf<components['schemas']['SentMessage']>();
    expectTypeOf<Sent['encoding']>().toEqualTypeOf<'GSM_7' | 'UCS_2' | null>();
    expectTypeOf<Sent['status']>().toEqualTypeOf<'PENDING'>();
  });

  test('pagination envelopes carry numbers and typed entries', () => {
    expectTypeOf<ListPage>().toEqualTypeOf<components['schemas']['MessageListPage']>();
    expectTypeOf<Pick<ListPage, 'total' | 'page' | 'size' | 'pages'>>().toEqualTypeOf<{
      total: number;
      page: number;
      size: number;
      pages: number;
    }>();
  });
});

describe('errors and headers', () => {
  test('every error body is the ErrorEnvelope with optional fields', () => {
    type NotFound = Json<paths['/messages/{message_id}']['get']['responses'][404]>;
    type Limited = Json<paths['/campaigns/batch']['post']['responses'][429]>;
    expectTypeOf<NotFound>().toEqualTypeOf<ErrorBody>();
    expectTypeOf<Limited>().toEqualTypeOf<ErrorBody>();
    expectTypeOf<ErrorBody['fields']>().toEqualTypeOf<{ [key: string]: string } | undefined>();
  });

  test('X-Trace-Id is always present; Idempotent-Replayed and pre-limiter rate-limit headers are optional', () => {
    type SentHeaders = paths['/messages']['post']['responses'][201]['headers'];
    type UnauthorizedHeaders = paths['/messages']['post']['responses'][401]['headers'];
    expectTypeOf<SentHeaders['X-Trace-Id']>().toEqualTypeOf<string>();
    expectTypeOf<SentHeaders['X-RateLimit-Remaining']>().toEqualTypeOf<number>();
    expectTypeOf<Pick<SentHeaders, 'Idempotent-Replayed'>>().toEqualTypeOf<{
      'Idempotent-Replayed'?: 'true';
    }>();
    expectTypeOf<Pick<UnauthorizedHeaders, 'X-RateLimit-Limit'>>().toEqualTypeOf<{
      'X-RateLimit-Limit'?: number;
    }>();
  });

  test('list query parameters are typed, repeatable filters are arrays', () => {
    type Query = NonNullable<paths['/messages']['get']['parameters']['query']>;
    expectTypeOf<Query['status']>().toEqualTypeOf<
      ('PENDING' | 'SENT' | 'DELIVERED' | 'FAILED' | 'UNDELIVERED')[] | undefined
    >();
    expectTypeOf<Query['page']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Query['order']>().toEqualTypeOf<'asc' | 'desc' | undefined>();
  });
});

describe('webhook events', () => {
  type Event = components['schemas']['WebhookEvent'];

  test('WebhookEvent is a union discriminated by type', () => {
    expectTypeOf<Event['type']>().toEqualTypeOf<
      'message.status_updated' | 'message.received' | 'campaign.completed'
    >();
    const describeEvent = (event: Event): string => {
      switch (event.type) {
        case 'message.status_updated':
          return event.data.status;
        case 'message.received':
          return event.data.from;
        case 'campaign.completed':
          return String(event.data.counts.delivered);
      }
    };
    expectTypeOf(describeEvent).returns.toEqualTypeOf<string>();
  });

  test('each webhook posts its own event', () => {
    type Body<Name extends keyof webhooks> = Json<
      NonNullable<webhooks[Name]['post']>['requestBody']
    >;
    expectTypeOf<Body<'message.status_updated'>>().toEqualTypeOf<
      components['schemas']['MessageStatusUpdatedEvent']
    >();
    expectTypeOf<Body<'campaign.completed'>['data']['status']>().toEqualTypeOf<
      'COMPLETED' | 'FAILED'
    >();
  });
});

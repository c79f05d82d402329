// Each named type is exactly what its endpoint declares (so the names cannot drift from the
// contract), and the client's signatures use the names (so hovers show them, D108).
import type {
  BatchAccepted,
  Campaign,
  CampaignMessagePage,
  CampaignPage,
  Message,
  MessageListPage,
  MessageStatusUpdatedEvent,
  MessagingClient,
  paths,
  SendBatchParams,
  SendMessageParams,
  SentMessage,
  WebhookEvent,
} from '@msgsvc/sdk';
import { describe, expectTypeOf, it } from 'vitest';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Ok<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends {
  responses: infer R;
}
  ? S extends keyof R
    ? Json<R[S]>
    : never
  : never;

declare const client: MessagingClient;

describe('named types are the endpoints’ own types', () => {
  it('responses', () => {
    expectTypeOf<SentMessage>().toEqualTypeOf<Ok<'/messages', 'post', 201>>();
    expectTypeOf<Message>().toEqualTypeOf<Ok<'/messages/{message_id}', 'get', 200>>();
    expectTypeOf<MessageListPage>().toEqualTypeOf<Ok<'/messages', 'get', 200>>();
    expectTypeOf<BatchAccepted>().toEqualTypeOf<Ok<'/campaigns/batch', 'post', 202>>();
    expectTypeOf<Campaign>().toEqualTypeOf<Ok<'/campaigns/{campaign_id}', 'get', 200>>();
    expectTypeOf<CampaignPage>().toEqualTypeOf<Ok<'/campaigns', 'get', 200>>();
    expectTypeOf<CampaignMessagePage>().toEqualTypeOf<
      Ok<'/campaigns/{campaign_id}/messages', 'get', 200>
    >();
  });

  it('request bodies', () => {
    expectTypeOf<SendMessageParams>().toEqualTypeOf<
      Json<NonNullable<paths['/messages']['post']['requestBody']>>
    >();
    expectTypeOf<SendBatchParams>().toEqualTypeOf<
      Json<NonNullable<paths['/campaigns/batch']['post']['requestBody']>>
    >();
  });

  it('the webhook event union is made of the named events', () => {
    expectTypeOf<
      Extract<WebhookEvent, { type: 'message.status_updated' }>
    >().toEqualTypeOf<MessageStatusUpdatedEvent>();
  });

  it('the client’s methods return the named types', () => {
    expectTypeOf(client.messages.send).returns.resolves.toEqualTypeOf<SentMessage>();
    expectTypeOf(client.messages.retrieve).returns.resolves.toEqualTypeOf<Message>();
    expectTypeOf(client.campaigns.retrieve).returns.resolves.toEqualTypeOf<Campaign>();
  });
});

// The control inputs' types come from the contract (D76): a misspelt operation id, rate-limit key,
// carrier, status or event type does not compile.
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CarrierCode,
  createMockService,
  type MockService,
  type OperationId,
  type WebhookEventType,
} from '../src/index';

declare const mock: MockService;
const window = { from: '2026-01-01T09:00:00Z', to: '2026-01-01T10:00:00Z' };

describe('control inputs', () => {
  it('operation ids are the contract’s', () => {
    expectTypeOf<OperationId>().toEqualTypeOf<
      | 'sendMessage'
      | 'listMessages'
      | 'retrieveMessage'
      | 'sendBatchCampaign'
      | 'listCampaigns'
      | 'retrieveCampaign'
      | 'listCampaignMessages'
    >();
    expectTypeOf<WebhookEventType>().toEqualTypeOf<
      'message.status_updated' | 'message.received' | 'campaign.completed'
    >();
  });

  it('accepts what exists', () => {
    mock.control.failNextRequests({ operation_id: 'sendMessage', status: 503 });
    mock.control.addLatency({ operation_id: 'retrieveMessage', ms: 10 });
    mock.control.configureRateLimits({ sendBatchCampaign: 2, listMessages: null });
    createMockService({ rateLimits: { listMessages: 5 } });
    mock.control.carrierOutage({ destination: 'UNITEL', ...window });
    mock.control.setSenderIdStatus('id', 'REJECTED');
    mock.control.outbox({ type: 'campaign.completed', state: 'failed' });
  });

  it('rejects misspellings', () => {
    // @ts-expect-error: `sendMesage` is not an operation id
    mock.control.failNextRequests({ operation_id: 'sendMesage' });
    // @ts-expect-error: `retrieveMessages` is not an operation id
    mock.control.addLatency({ operation_id: 'retrieveMessages', ms: 10 });
    // @ts-expect-error: `sendMesage` is not an operation id
    mock.control.configureRateLimits({ sendMesage: 1 });
    // @ts-expect-error: `listMessage` is not an operation id
    createMockService({ rateLimits: { listMessage: 5 } });
    // @ts-expect-error: `UNITL` is not a carrier
    mock.control.carrierOutage({ destination: 'UNITL', ...window });
    // @ts-expect-error: `APROVED` is not a sender ID status
    mock.control.setSenderIdStatus('id', 'APROVED');
    // @ts-expect-error: `prod` is not an environment
    mock.control.issueApiKey({ organization_id: 'id', environment: 'prod' });
    // @ts-expect-error: `message.recieved` is not an event type
    mock.control.outbox({ type: 'message.recieved' });
    // @ts-expect-error: `delivred` is not a delivery state
    mock.control.outbox({ state: 'delivred' });
    expectTypeOf<'UNITL'>().not.toMatchTypeOf<CarrierCode>();
  });
});

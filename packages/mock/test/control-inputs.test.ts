// Control inputs with a closed vocabulary (D76): operation ids, rate-limit keys, carriers, statuses,
// environments, event types and delivery states. A misspelt one throws a TypeError naming the valid
// values, and changes nothing: a fault that could never fire must not be armed in silence.
import { describe, expect, it } from 'vitest';
import {
  type CarrierCode,
  DEFAULT_RATE_LIMITS,
  OPERATION_IDS,
  type OperationId,
  type RateLimitChanges,
  UnknownValueError,
} from '../src/index';
import { createMockService } from './support/mock';

/** Casts a misspelt value past the compiler, as plain JavaScript or a `string` variable would. */
const typo = <T>(value: unknown) => value as T;

describe('operation ids', () => {
  it('are the contract’s seven operations', () => {
    expect([...OPERATION_IDS].sort()).toEqual(
      [
        'listCampaignMessages',
        'listCampaigns',
        'listMessages',
        'retrieveCampaign',
        'retrieveMessage',
        'sendBatchCampaign',
        'sendMessage',
      ].sort(),
    );
  });

  it('failNextRequests with a misspelt operation throws, naming the valid ones, and arms nothing', () => {
    const mock = createMockService();
    const arm = () =>
      mock.control.failNextRequests({ operation_id: typo<OperationId>('sendMesage'), count: 1 });
    expect(arm).toThrow(TypeError);
    expect(arm).toThrow(UnknownValueError);
    expect(arm).toThrow(
      `operation_id: "sendMesage" is not one of ${OPERATION_IDS.join(', ')}. Did you mean sendMessage?`,
    );
    expect(mock.control.faults().request_failures).toEqual([]);
  });

  it('addLatency with a misspelt operation throws and arms nothing', () => {
    const mock = createMockService();
    expect(() =>
      mock.control.addLatency({ operation_id: typo<OperationId>('retrieveMesage'), ms: 10 }),
    ).toThrow('Did you mean retrieveMessage?');
    expect(mock.control.faults().latencies).toEqual([]);
  });

  it('a far-off name gets no guess', () => {
    const mock = createMockService();
    expect(() =>
      mock.control.failNextRequests({ operation_id: typo<OperationId>('POST /x') }),
    ).toThrow(/is not one of [^?]*\.$/);
  });
});

describe('rate-limit keys', () => {
  it('configureRateLimits with a misspelt key throws and changes nothing', () => {
    const mock = createMockService();
    expect(() =>
      mock.control.configureRateLimits(typo<RateLimitChanges>({ sendMessage: 1, sendMesage: 1 })),
    ).toThrow('limits.sendMesage: "sendMesage" is not one of');
    expect(mock.world.rateLimits.table).toEqual(DEFAULT_RATE_LIMITS);
  });

  it('createMockService({ rateLimits }) with a misspelt key throws', () => {
    expect(() =>
      createMockService({ rateLimits: typo<RateLimitChanges>({ listMessage: 5 }) }),
    ).toThrow(new UnknownValueError('rateLimits.listMessage', 'listMessage', OPERATION_IDS));
  });

  it('known keys still apply', () => {
    const mock = createMockService({ rateLimits: { listMessages: 5 } });
    mock.control.configureRateLimits({ sendMessage: null });
    expect(mock.world.rateLimits.table).toMatchObject({ listMessages: 5, sendMessage: null });
  });
});

describe('carriers', () => {
  it('an outage of a carrier the world never routes to throws, naming the ones it does', () => {
    const mock = createMockService();
    expect(() =>
      mock.control.carrierOutage({
        destination: typo<CarrierCode>('UNITL'),
        from: '2026-01-01T09:00:00Z',
        to: '2026-01-01T10:00:00Z',
      }),
    ).toThrow(
      'destination: "UNITL" is not one of MOVICEL, UNITEL, AFRICELL_AO, TEST_NETWORK, GLOBAL_AGGREGATOR, WHATSAPP_CLOUD. Did you mean UNITEL?',
    );
    expect(mock.control.faults().carrier_outages).toEqual([]);
  });

  it('a world with its own prefix table has its own carriers', () => {
    const mock = createMockService({
      prefixTable: [{ prefix: '+24492', route: { destination: 'KWANZA_NET', provider: 'kn-1' } }],
    });
    const window = { from: '2026-01-01T09:00:00Z', to: '2026-01-01T10:00:00Z' };
    mock.control.carrierOutage({ destination: 'KWANZA_NET' as CarrierCode, ...window });
    expect(() => mock.control.carrierOutage({ destination: 'UNITEL', ...window })).toThrow(
      'is not one of KWANZA_NET, GLOBAL_AGGREGATOR, WHATSAPP_CLOUD.',
    );
  });
});

describe('statuses, environments, event types', () => {
  it('a sender ID status outside APPROVED, PENDING, REJECTED throws and changes nothing', () => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    expect(() => mock.control.setSenderIdStatus(demo.sender.id, typo('APROVED'))).toThrow(
      'status: "APROVED" is not one of APPROVED, PENDING, REJECTED. Did you mean APPROVED?',
    );
    expect(mock.world.senders.get(demo.sender.id)?.status).toBe('APPROVED');
    expect(() =>
      mock.control.createSenderId({
        organization_id: demo.organization.id,
        name: 'OTHER',
        status: typo('pending'),
      }),
    ).toThrow('Did you mean PENDING?');
  });

  it('an environment other than live or test throws', () => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    expect(() =>
      mock.control.issueApiKey({
        organization_id: demo.organization.id,
        environment: typo('prod'),
      }),
    ).toThrow('environment: "prod" is not one of live, test.');
    expect(() => mock.control.campaigns(demo.organization.id, typo('tset'))).toThrow(
      'Did you mean test?',
    );
    expect(() =>
      mock.control.simulateInbound({
        from: '+244923000001',
        to: 'MSGSVC',
        body: 'hi',
        environment: typo('Live'),
      }),
    ).toThrow('Did you mean live?');
  });

  it('an outbox filter on a misspelt state or event type throws instead of matching nothing', () => {
    const mock = createMockService();
    expect(() => mock.control.outbox({ state: typo('delivred') })).toThrow(
      'state: "delivred" is not one of waiting, scheduled, in_flight, delivered, failed. Did you mean delivered?',
    );
    expect(() => mock.control.outbox({ type: typo('message.recieved') })).toThrow(
      'Did you mean message.received?',
    );
    expect(mock.control.outbox({ state: 'delivered', type: 'message.received' })).toEqual([]);
  });
});

describe('webhook signing secrets', () => {
  it('a secret that is not whsec_ and base64 is refused, naming the field the call took', () => {
    const mock = createMockService();
    const message = 'Must be whsec_ followed by base64 of 24 to 64 bytes.';
    const fieldsOf = (act: () => unknown) => {
      try {
        act();
      } catch (error) {
        return (error as { fields?: unknown }).fields;
      }
      return undefined;
    };
    expect(
      fieldsOf(() => mock.control.createOrganization({ name: 'Loja', webhook_secret: 'whsec_x' })),
    ).toEqual({ webhook_secret: message });
    expect(mock.control.organizations()).toEqual([]);
    const org = mock.control.createOrganization({ name: 'Loja' });
    const add = () =>
      mock.control.addWebhookEndpoint({
        organization_id: org.id,
        url: 'https://example.com/hook',
        secret: 'not-a-secret',
      });
    expect(fieldsOf(add)).toEqual({ secret: message });
    expect(mock.control.webhookEndpoints()).toEqual([]);
  });
});

describe('an organization’s default country', () => {
  it('that is not a region code is refused, naming the field the call took', () => {
    const mock = createMockService();
    try {
      mock.control.createOrganization({ name: 'Loja', default_country: 'ao' });
      expect.unreachable('accepted');
    } catch (error) {
      expect((error as { fields?: unknown }).fields).toEqual({
        default_country: 'Must be an ISO 3166-1 alpha-2 code such as AO.',
      });
    }
    expect(mock.control.organizations()).toEqual([]);
  });
});

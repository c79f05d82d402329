// The names each in-process control call takes at run time (generated from openapi/control.yaml)
// are exactly the names its declared params type takes: a field added to the contract and not to
// the call's type, or the reverse, fails to compile here.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  CarrierOutageParams,
  CreateContactParams,
  CreateOrganizationParams,
  CreateSenderIdParams,
  DispatchFailureParams,
  InboundParams,
  IssueApiKeyParams,
  LatencyParams,
  OutboxFilter,
  RedeliverFailedOptions,
  RequestFailureParams,
  TriggerParams,
  WebhookEndpointParams,
} from '../src/control/mock-control';
import type { CONTROL_FIELDS } from '../src/generated/control-fields';

type Names<Operation extends keyof typeof CONTROL_FIELDS> =
  (typeof CONTROL_FIELDS)[Operation][number];

describe('control call options', () => {
  it('are the control contract’s request names', () => {
    expectTypeOf<Names<'createOrganization'>>().toEqualTypeOf<keyof CreateOrganizationParams>();
    expectTypeOf<Names<'issueApiKey'>>().toEqualTypeOf<keyof IssueApiKeyParams>();
    expectTypeOf<Names<'createSenderId'>>().toEqualTypeOf<keyof CreateSenderIdParams>();
    expectTypeOf<Names<'createContact'>>().toEqualTypeOf<keyof CreateContactParams>();
    expectTypeOf<Names<'injectRequestFailure'>>().toEqualTypeOf<keyof RequestFailureParams>();
    expectTypeOf<Names<'injectLatency'>>().toEqualTypeOf<keyof LatencyParams>();
    expectTypeOf<Names<'injectDispatchFailure'>>().toEqualTypeOf<keyof DispatchFailureParams>();
    expectTypeOf<Names<'injectCarrierOutage'>>().toEqualTypeOf<keyof CarrierOutageParams>();
    expectTypeOf<Names<'addWebhookEndpoint'> | 'listener'>().toEqualTypeOf<
      keyof WebhookEndpointParams
    >();
    expectTypeOf<Names<'readOutbox'>>().toEqualTypeOf<keyof OutboxFilter>();
    expectTypeOf<Names<'redeliverFailed'>>().toEqualTypeOf<keyof RedeliverFailedOptions>();
    expectTypeOf<Names<'simulateInbound'>>().toEqualTypeOf<keyof InboundParams>();
    expectTypeOf<Names<'triggerEvent'>>().toEqualTypeOf<keyof TriggerParams>();
  });
});

// One control vocabulary (D88): each in-process call's params take exactly the names its HTTP
// operation takes in openapi/control.yaml — the request body, plus the path parameters the HTTP
// route reads from its URL, plus `listener` (a function cannot cross HTTP). A field added on one
// side only fails this file.

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
} from '@msgsvc/mock';
import { describe, expectTypeOf, it } from 'vitest';
import type { operations } from '../src/generated/control';

type Body<Op extends keyof operations> = keyof NonNullable<
  operations[Op]['requestBody']
>['content']['application/json'];
type Query<Op extends keyof operations> = keyof NonNullable<operations[Op]['parameters']['query']>;
type Path<Op extends keyof operations> = keyof NonNullable<operations[Op]['parameters']['path']>;

describe('in-process params and HTTP bodies name the same options', () => {
  it('accounts', () => {
    expectTypeOf<keyof CreateOrganizationParams>().toEqualTypeOf<Body<'createOrganization'>>();
    expectTypeOf<keyof IssueApiKeyParams>().toEqualTypeOf<
      Body<'issueApiKey'> | Path<'issueApiKey'>
    >();
    expectTypeOf<keyof CreateSenderIdParams>().toEqualTypeOf<
      Body<'createSenderId'> | Path<'createSenderId'>
    >();
    expectTypeOf<keyof CreateContactParams>().toEqualTypeOf<
      Body<'createContact'> | Path<'createContact'>
    >();
  });

  it('faults', () => {
    expectTypeOf<keyof RequestFailureParams>().toEqualTypeOf<Body<'injectRequestFailure'>>();
    expectTypeOf<keyof LatencyParams>().toEqualTypeOf<Body<'injectLatency'>>();
    expectTypeOf<keyof DispatchFailureParams>().toEqualTypeOf<Body<'injectDispatchFailure'>>();
    expectTypeOf<keyof CarrierOutageParams>().toEqualTypeOf<Body<'injectCarrierOutage'>>();
  });

  it('webhooks and inbound', () => {
    expectTypeOf<keyof WebhookEndpointParams>().toEqualTypeOf<
      Body<'addWebhookEndpoint'> | Path<'addWebhookEndpoint'> | 'listener'
    >();
    expectTypeOf<keyof OutboxFilter>().toEqualTypeOf<Query<'readOutbox'>>();
    expectTypeOf<keyof RedeliverFailedOptions>().toEqualTypeOf<Body<'redeliverFailed'>>();
    expectTypeOf<keyof InboundParams>().toEqualTypeOf<Body<'simulateInbound'>>();
    expectTypeOf<keyof TriggerParams>().toEqualTypeOf<Body<'triggerEvent'>>();
  });
});

// One source for the control API's requests (issue 23): each zod schema the HTTP control routes
// parse with (generated from openapi/control.yaml) must infer exactly the
// request body (or query) type generated from the same document — both ways, so a rule that widens
// or narrows a field, an optionality or a vocabulary fails `tsc`. The runtime twin
// (control-schemas.test.ts) checks the same against the YAML itself, field by field.
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { components, operations } from '../src/generated/control';
import type * as schemas from '../src/generated/control-requests';

type Body<Op extends keyof operations> = NonNullable<
  operations[Op]['requestBody']
>['content']['application/json'];
type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;
type Parsed<S extends z.ZodType> = z.infer<S>;
/** An intersection flattened into one object type, optional modifiers kept. */
type Flat<T> = { [K in keyof T]: T[K] };

describe('control request schemas infer the generated request types', () => {
  it('organizations and credentials', () => {
    expectTypeOf<Parsed<typeof schemas.createOrganizationBody>>().toEqualTypeOf<
      Body<'createOrganization'>
    >();
    expectTypeOf<Parsed<typeof schemas.fundOrganizationBody>>().toEqualTypeOf<
      Body<'fundOrganization'>
    >();
    expectTypeOf<Parsed<typeof schemas.issueApiKeyBody>>().toEqualTypeOf<Body<'issueApiKey'>>();
    expectTypeOf<Parsed<typeof schemas.createSenderIdBody>>().toEqualTypeOf<
      Body<'createSenderId'>
    >();
    expectTypeOf<Parsed<typeof schemas.updateSenderIdBody>>().toEqualTypeOf<
      Body<'updateSenderId'>
    >();
    expectTypeOf<Parsed<typeof schemas.createTagBody>>().toEqualTypeOf<Body<'createTag'>>();
    expectTypeOf<Parsed<typeof schemas.createContactBody>>().toEqualTypeOf<Body<'createContact'>>();
    expectTypeOf<Parsed<typeof schemas.listOrganizationCampaignsQuery>>().toEqualTypeOf<
      Query<'listOrganizationCampaigns'>
    >();
  });

  it('worlds', () => {
    expectTypeOf<Parsed<typeof schemas.forkWorldBody>>().toEqualTypeOf<Body<'forkWorld'>>();
    // `world` is a world file: typed by its own schema here, an open object in control.yaml.
    expectTypeOf<Flat<Omit<Parsed<typeof schemas.createWorldBody>, 'world'>>>().toEqualTypeOf<
      Flat<Omit<Body<'createWorld'>, 'world'>>
    >();
  });

  it('clock, snapshots and rate limits', () => {
    expectTypeOf<Parsed<typeof schemas.advanceClockBody>>().toEqualTypeOf<Body<'advanceClock'>>();
    expectTypeOf<Parsed<typeof schemas.takeSnapshotBody>>().toEqualTypeOf<Body<'takeSnapshot'>>();
    // openapi-typescript drops `propertyNames`, so the generated `limits` is a string-keyed map;
    // the schema's keys are the generated OperationId enum, its values the generated value type.
    type RateLimits = Body<'configureRateLimits'>;
    type Limits = NonNullable<RateLimits['limits']>;
    expectTypeOf<Parsed<typeof schemas.configureRateLimitsBody>>().toEqualTypeOf<
      Flat<
        Omit<RateLimits, 'limits'> & {
          limits?: { [K in components['schemas']['OperationId']]?: Limits[string] };
        }
      >
    >();
  });

  it('faults', () => {
    expectTypeOf<Parsed<typeof schemas.injectRequestFailureBody>>().toEqualTypeOf<
      Body<'injectRequestFailure'>
    >();
    expectTypeOf<Parsed<typeof schemas.injectLatencyBody>>().toEqualTypeOf<Body<'injectLatency'>>();
    expectTypeOf<Parsed<typeof schemas.injectDispatchFailureBody>>().toEqualTypeOf<
      Body<'injectDispatchFailure'>
    >();
    expectTypeOf<Parsed<typeof schemas.injectCarrierOutageBody>>().toEqualTypeOf<
      Body<'injectCarrierOutage'>
    >();
  });

  it('webhooks and inbound', () => {
    expectTypeOf<Parsed<typeof schemas.addWebhookEndpointBody>>().toEqualTypeOf<
      Body<'addWebhookEndpoint'>
    >();
    expectTypeOf<Parsed<typeof schemas.readOutboxQuery>>().toEqualTypeOf<Query<'readOutbox'>>();
    // Both finders take the same query (D156).
    expectTypeOf<Parsed<typeof schemas.listMessagesQuery>>().toEqualTypeOf<Query<'listMessages'>>();
    expectTypeOf<Parsed<typeof schemas.listCampaignsQuery>>().toEqualTypeOf<
      Query<'listCampaigns'>
    >();
    expectTypeOf<Parsed<typeof schemas.redeliverFailedBody>>().toEqualTypeOf<
      Body<'redeliverFailed'>
    >();
    expectTypeOf<Parsed<typeof schemas.simulateInboundBody>>().toEqualTypeOf<
      Body<'simulateInbound'>
    >();
    expectTypeOf<Parsed<typeof schemas.triggerEventBody>>().toEqualTypeOf<Body<'triggerEvent'>>();
  });
});

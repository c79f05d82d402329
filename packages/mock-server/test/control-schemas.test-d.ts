// One source for the control API's requests (issue 23): each hand-written zod schema the HTTP
// control routes parse with must infer exactly the request body (or query) type generated from
// openapi/control.yaml — both ways, so a field, an optionality or a vocabulary changed on one
// side only fails `tsc`. The runtime twin (control-schemas.test.ts) checks the same against the
// YAML itself, field by field.
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type * as schemas from '../src/control-http/control-schemas';
import type { components, operations } from '../src/generated/control';

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
    expectTypeOf<Parsed<typeof schemas.fundBody>>().toEqualTypeOf<Body<'fundOrganization'>>();
    expectTypeOf<Parsed<typeof schemas.issueKeyBody>>().toEqualTypeOf<Body<'issueApiKey'>>();
    expectTypeOf<Parsed<typeof schemas.createSenderIdBody>>().toEqualTypeOf<
      Body<'createSenderId'>
    >();
    expectTypeOf<Parsed<typeof schemas.updateSenderIdBody>>().toEqualTypeOf<
      Body<'updateSenderId'>
    >();
    expectTypeOf<Parsed<typeof schemas.createTagBody>>().toEqualTypeOf<Body<'createTag'>>();
    expectTypeOf<Parsed<typeof schemas.createContactBody>>().toEqualTypeOf<Body<'createContact'>>();
    expectTypeOf<Parsed<typeof schemas.environmentQuery>>().toEqualTypeOf<
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
    expectTypeOf<Parsed<typeof schemas.advanceBody>>().toEqualTypeOf<Body<'advanceClock'>>();
    expectTypeOf<Parsed<typeof schemas.takeSnapshotBody>>().toEqualTypeOf<Body<'takeSnapshot'>>();
    // openapi-typescript drops `propertyNames`, so the generated `limits` is a string-keyed map;
    // the schema's keys are the generated OperationId enum, its values the generated value type.
    type RateLimits = Body<'configureRateLimits'>;
    type Limits = NonNullable<RateLimits['limits']>;
    expectTypeOf<Parsed<typeof schemas.rateLimitsBody>>().toEqualTypeOf<
      Flat<
        Omit<RateLimits, 'limits'> & {
          limits?: { [K in components['schemas']['OperationId']]?: Limits[string] };
        }
      >
    >();
  });

  it('faults', () => {
    expectTypeOf<Parsed<typeof schemas.requestFailureBody>>().toEqualTypeOf<
      Body<'injectRequestFailure'>
    >();
    expectTypeOf<Parsed<typeof schemas.latencyBody>>().toEqualTypeOf<Body<'injectLatency'>>();
    expectTypeOf<Parsed<typeof schemas.dispatchFailureBody>>().toEqualTypeOf<
      Body<'injectDispatchFailure'>
    >();
    expectTypeOf<Parsed<typeof schemas.carrierOutageBody>>().toEqualTypeOf<
      Body<'injectCarrierOutage'>
    >();
  });

  it('webhooks and inbound', () => {
    expectTypeOf<Parsed<typeof schemas.webhookEndpointBody>>().toEqualTypeOf<
      Body<'addWebhookEndpoint'>
    >();
    expectTypeOf<Parsed<typeof schemas.outboxQuery>>().toEqualTypeOf<Query<'readOutbox'>>();
    // Both finders take the same query (D156).
    expectTypeOf<Parsed<typeof schemas.filteredListQuery>>().toEqualTypeOf<Query<'listMessages'>>();
    expectTypeOf<Parsed<typeof schemas.filteredListQuery>>().toEqualTypeOf<
      Query<'listCampaigns'>
    >();
    expectTypeOf<Parsed<typeof schemas.redeliverFailedBody>>().toEqualTypeOf<
      Body<'redeliverFailed'>
    >();
    expectTypeOf<Parsed<typeof schemas.inboundBody>>().toEqualTypeOf<Body<'simulateInbound'>>();
    expectTypeOf<Parsed<typeof schemas.triggerBody>>().toEqualTypeOf<Body<'triggerEvent'>>();
  });
});

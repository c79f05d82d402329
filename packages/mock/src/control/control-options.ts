/**
 * The option names each control call takes, in-process. They are the names of the call's
 * declared params, which `test/control-options.test-d.ts` holds equal to the request body (plus the
 * path parameters) that `openapi/control.yaml` gives the same operation over HTTP: one vocabulary,
 * and an unknown name is refused on both sides instead of being ignored in-process.
 */
import { UnknownOptionError } from '../domain/core/unknown-option-error';
import { ENVIRONMENTS, namesOf, oneOf } from '../domain/core/vocabulary';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhooks/webhook-events';
import { DELIVERY_STATES } from '../domain/webhooks/webhooks';
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
} from './mock-control';

const options = <P>(table: Readonly<Record<Extract<keyof P, string>, true>>) =>
  namesOf<Extract<keyof P, string>>(table);

/** Every control call that takes an options object, with the names it takes. */
const CONTROL_OPTIONS = {
  createOrganization: options<CreateOrganizationParams>({
    name: true,
    default_country: true,
    currency: true,
    balance: true,
    webhook_secret: true,
  }),
  issueApiKey: options<IssueApiKeyParams>({
    organization_id: true,
    environment: true,
    scopes: true,
    name: true,
    key: true,
  }),
  createSenderId: options<CreateSenderIdParams>({
    organization_id: true,
    name: true,
    status: true,
    make_default: true,
  }),
  createContact: options<CreateContactParams>({
    organization_id: true,
    name: true,
    number: true,
    email: true,
    tag_ids: true,
  }),
  failNextRequests: options<RequestFailureParams>({
    operation_id: true,
    status: true,
    count: true,
  }),
  addLatency: options<LatencyParams>({ operation_id: true, ms: true, count: true }),
  failNextDispatch: options<DispatchFailureParams>({ campaign_id: true, count: true }),
  carrierOutage: options<CarrierOutageParams>({ destination: true, from: true, to: true }),
  addWebhookEndpoint: options<WebhookEndpointParams>({
    organization_id: true,
    url: true,
    listener: true,
    secret: true,
    events: true,
    environment: true,
  }),
  outbox: options<OutboxFilter>({ endpoint_id: true, type: true, state: true }),
  redeliverFailed: options<RedeliverFailedOptions>({ endpoint_id: true, type: true, limit: true }),
  simulateInbound: options<InboundParams>({
    from: true,
    to: true,
    body: true,
    environment: true,
    organization_id: true,
  }),
  trigger: options<TriggerParams>({
    type: true,
    message_id: true,
    campaign_id: true,
    status: true,
    error_code: true,
    organization_id: true,
    environment: true,
    from: true,
    to: true,
    body: true,
  }),
} as const;

/** A control call that takes an options object. */
export type OptionsCall = keyof typeof CONTROL_OPTIONS;

/** A snake_case name in camelCase: `organization_id` → `organizationId`. */
type Camel<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : Name;

/** A call's options as the domain names them, those given as `undefined` left out. */
type DomainOptions<P> = {
  [K in keyof P as Camel<K & string>]: Exclude<P[K], undefined>;
};

/**
 * The options whose value is a name of a closed vocabulary, wherever given: a misspelt one would
 * arm nothing or match nothing, and a test relying on it would pass without testing anything.
 */
const VOCABULARIES = {
  type: WEBHOOK_EVENT_TYPES,
  state: DELIVERY_STATES,
  environment: ENVIRONMENTS,
};

/**
 * Refuses an option `call` does not take with an {@link UnknownOptionError}, and a name outside
 * its vocabulary with an `UnknownValueError`, before anything changes; returns the options in the
 * domain's camelCase names, without those given as `undefined`, each list copied. Own keys only,
 * so a `__proto__` or `constructor` key parsed from JSON is named too.
 */
export function checkOptions<P extends object>(call: OptionsCall, params: P = {} as P) {
  const accepted: readonly string[] = CONTROL_OPTIONS[call];
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (!accepted.includes(key)) throw new UnknownOptionError(call, key, accepted);
    const name = key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
    if (value !== undefined) options[name] = Array.isArray(value) ? [...value] : value;
  }
  for (const [name, names] of Object.entries(VOCABULARIES)) {
    if (options[name] !== undefined) oneOf(options[name], names, name);
  }
  return options as DomainOptions<P>;
}

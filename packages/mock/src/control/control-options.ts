/**
 * The option names each control call takes in-process: those `openapi/control.yaml` gives the same
 * operation over HTTP (generated), so an unknown name is refused on both sides.
 */
import { ENVIRONMENTS, oneOf, UnknownOptionError } from '../domain/core/vocabulary';
import type { Camelized } from '../domain/tenancy/control-params';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhooks/webhook-events';
import { DELIVERY_STATES } from '../domain/webhooks/webhooks';
import { CONTROL_FIELDS } from '../generated/control-fields';

/** Every control call that takes an options object, and the control operation whose names it takes. */
const CONTROL_OPERATIONS = {
  createOrganization: 'createOrganization',
  issueApiKey: 'issueApiKey',
  createSenderId: 'createSenderId',
  createContact: 'createContact',
  failNextRequests: 'injectRequestFailure',
  addLatency: 'injectLatency',
  failNextDispatch: 'injectDispatchFailure',
  carrierOutage: 'injectCarrierOutage',
  addWebhookEndpoint: 'addWebhookEndpoint',
  outbox: 'readOutbox',
  redeliverFailed: 'redeliverFailed',
  simulateInbound: 'simulateInbound',
  trigger: 'triggerEvent',
} as const satisfies Record<string, keyof typeof CONTROL_FIELDS>;

/** A control call that takes an options object. */
export type OptionsCall = keyof typeof CONTROL_OPERATIONS;

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
  const accepted: string[] = [...CONTROL_FIELDS[CONTROL_OPERATIONS[call]]];
  // Only an in-process call takes a listener: a function, which HTTP cannot carry.
  if (call === 'addWebhookEndpoint') accepted.push('listener');
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (!accepted.includes(key)) throw new UnknownOptionError(call, key, accepted);
    const name = key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
    if (value !== undefined) options[name] = Array.isArray(value) ? [...value] : value;
  }
  for (const [name, names] of Object.entries(VOCABULARIES)) {
    if (options[name] !== undefined) oneOf(options[name], names, name);
  }
  return options as Camelized<P>;
}

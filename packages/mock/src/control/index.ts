/**
 * The control API of a mock service, assembled from its groups, with its reads across tenants (a
 * test asserts on what a handset received, whoever sent it) and its faults.
 */
import { checkLedger } from '../domain/billing/billing-ledger';
import { found, validationError } from '../domain/core/errors';
import { isDate } from '../domain/core/platform-checks';
import { parseTimestamp } from '../domain/core/time-format';
import { ENVIRONMENTS, oneOf } from '../domain/core/vocabulary';
import type { World } from '../domain/engine/world';
import { normalizeRecipient } from '../domain/phone/recipients';
import {
  clearFaults,
  injectCarrierOutage,
  injectDispatchFailure,
  injectLatency,
  injectRequestFailure,
} from '../domain/policies/faults';
import { getOrganization } from '../domain/tenancy/organizations';
import { campaignObject, messageDetail } from '../http/serializers';
import { createAccountControls } from './accounts';
import { checkOptions } from './control-options';
import type { Instant, MockControl, SnapshotControls, WebhookListener } from './mock-control';
import { faultsView, ledgerCheckView, ledgerEntryView } from './views';
import { createWebhookControls } from './webhooks';

/** Builds `mock.control` over a world getter (`reset` and `restore`, given, replace the world). */
export function createMockControl(
  world: () => World,
  listeners: Map<string, WebhookListener>,
  snapshots: SnapshotControls,
): MockControl {
  return {
    ...createAccountControls(world),
    ...createWebhookControls(world, listeners),
    ...snapshots,
    messagesTo(number, defaultCountry = 'AO') {
      const normalized = normalizeRecipient(number, defaultCountry);
      const e164 = normalized.ok ? normalized.e164 : number;
      const w = world();
      return [...w.messages.all()]
        .filter((message) => message.e164 === e164)
        .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
        .map((message) => messageDetail(w, message));
    },

    message(id) {
      const w = world();
      return messageDetail(w, found(w.messages.get(id), 'Message not found.', 'NOT_FOUND'));
    },

    campaigns(organizationId, environment = 'live') {
      oneOf(environment, ENVIRONMENTS, 'environment');
      const w = world();
      return w.campaigns
        .tenant(organizationId, environment)
        .map((campaign) => campaignObject(w, campaign));
    },

    counts() {
      const w = world();
      return {
        messages: w.messages.size,
        campaigns: w.campaigns.size,
        pending_tasks: w.scheduler.size,
      };
    },

    ledger(organizationId) {
      const w = world();
      const { billingAccountId } = getOrganization(w, organizationId);
      return w.ledger
        .filter((entry) => entry.billingAccountId === billingAccountId)
        .map(ledgerEntryView);
    },

    checkLedger: () => checkLedger(world()).map(ledgerCheckView),

    failNextRequests: (params) =>
      injectRequestFailure(world(), checkOptions('failNextRequests', params)),
    addLatency: (params) => injectLatency(world(), checkOptions('addLatency', params)),
    failNextDispatch: (params) =>
      injectDispatchFailure(world(), checkOptions('failNextDispatch', params)),
    carrierOutage(params) {
      const { destination, from, to } = checkOptions('carrierOutage', params);
      return injectCarrierOutage(world(), {
        destination,
        from: instant(from, 'from'),
        to: instant(to, 'to'),
      });
    },
    clearFaults: (faultId) => clearFaults(world(), faultId),
    faults: () => faultsView(world().faults),
  };
}

function instant(value: Instant, field: string): number {
  const time = isDate(value) ? value.getTime() : parseTimestamp(value);
  if (time === undefined || Number.isNaN(time)) {
    throw validationError({ [field]: 'Must be an ISO 8601 date-time with an offset.' });
  }
  return time;
}

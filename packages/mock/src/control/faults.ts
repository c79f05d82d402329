/** The fault controls: failing or slow requests, failing dispatches, carrier outages. */
import { validationError } from '../domain/core/errors';
import { isDate } from '../domain/core/platform-checks';
import { parseTimestamp } from '../domain/core/time-format';
import type { World } from '../domain/engine/world';
import {
  clearFaults,
  injectCarrierOutage,
  injectDispatchFailure,
  injectLatency,
  injectRequestFailure,
} from '../domain/policies/faults';
import { checkOptions } from './control-options';
import type { FaultControls, Instant } from './mock-control';
import { faultsView } from './views';

/** Builds the fault controls over a world getter (the world is replaced on `reset`). */
export function createFaultControls(world: () => World): FaultControls {
  return {
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

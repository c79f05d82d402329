/**
 * The fault controls: failing or slow requests, campaigns that fail to dispatch and
 * carrier outages, each deterministic and counted, and reading or clearing what is armed.
 */
import { DomainError } from '../domain/core/errors';
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

/**
 * Builds the fault controls over a world getter (the world is replaced on `reset`).
 *
 * @param world - Returns the current world.
 */
export function createFaultControls(world: () => World): FaultControls {
  return {
    failNextRequests(params = {}) {
      checkOptions('failNextRequests', params);
      return injectRequestFailure(world(), {
        ...(params.operation_id === undefined ? {} : { operationId: params.operation_id }),
        ...(params.status === undefined ? {} : { status: params.status }),
        ...(params.count === undefined ? {} : { count: params.count }),
      });
    },

    addLatency(params) {
      checkOptions('addLatency', params);
      return injectLatency(world(), {
        ms: params.ms,
        ...(params.operation_id === undefined ? {} : { operationId: params.operation_id }),
        ...(params.count === undefined ? {} : { count: params.count }),
      });
    },

    failNextDispatch(params = {}) {
      checkOptions('failNextDispatch', params);
      return injectDispatchFailure(world(), {
        ...(params.campaign_id === undefined ? {} : { campaignId: params.campaign_id }),
        ...(params.count === undefined ? {} : { count: params.count }),
      });
    },

    carrierOutage(params) {
      checkOptions('carrierOutage', params);
      return injectCarrierOutage(world(), {
        destination: params.destination,
        from: instant(params.from, 'from'),
        to: instant(params.to, 'to'),
      });
    },

    clearFaults(faultId) {
      clearFaults(world(), faultId);
    },

    faults() {
      return faultsView(world().faults);
    },
  };
}

function instant(value: Instant, field: string): number {
  const time = isDate(value) ? value.getTime() : parseTimestamp(value);
  if (time === undefined || Number.isNaN(time)) {
    throw new DomainError({
      code: 'VALIDATION_ERROR',
      message: 'Invalid date-time.',
      fields: { [field]: 'Must be an ISO 8601 date-time with an offset.' },
    });
  }
  return time;
}

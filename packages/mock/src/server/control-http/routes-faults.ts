/**
 * Control routes that inject faults (decision D36 and `domain/faults.ts`): failing or slow
 * requests, campaigns that fail to dispatch, carrier outages — each one deterministic and counted —
 * and reading or clearing what is armed.
 */

import { formatTimestamp } from '../../domain/kernel/time-format';
import type { CarrierCode } from '../../domain/phone/carriers';
import { parse } from '../../http/validate';
import type { MockService } from '../../mock-service';
import type { ControlRoute } from './route';
import * as schemas from './schemas';

/** The armed faults, in snake_case. */
function faultsView(mock: MockService) {
  const faults = mock.control.faults();
  return {
    request_failures: faults.requestFailures.map((f) => ({
      id: f.id,
      operation_id: f.operationId,
      status: f.status,
      remaining: f.remaining,
    })),
    latencies: faults.latencies.map((f) => ({
      id: f.id,
      operation_id: f.operationId,
      ms: f.ms,
      remaining: f.remaining,
    })),
    dispatch_failures: faults.dispatchFailures.map((f) => ({
      id: f.id,
      campaign_id: f.campaignId,
      remaining: f.remaining,
    })),
    carrier_outages: faults.outages.map((f) => ({
      id: f.id,
      destination: f.destination,
      from: formatTimestamp(f.from),
      to: formatTimestamp(f.to),
    })),
  };
}

const created = (id: string) => ({ status: 201, body: { id } });

/** Fault routes. */
export const FAULT_ROUTES: readonly ControlRoute[] = [
  {
    method: 'GET',
    path: '/faults',
    handle: ({ mock }) => ({ status: 200, body: faultsView(mock) }),
  },
  {
    method: 'DELETE',
    path: '/faults',
    handle: ({ mock }) => {
      mock.control.clearFaults();
      return { status: 200, body: faultsView(mock) };
    },
  },
  {
    method: 'DELETE',
    path: '/faults/:fault_id',
    handle: ({ mock, params }) => {
      mock.control.clearFaults(params.fault_id!);
      return { status: 200, body: faultsView(mock) };
    },
  },
  {
    method: 'POST',
    path: '/faults/request-failures',
    handle: ({ mock, json }) => {
      const input = parse(schemas.requestFailureBody, json);
      return created(
        mock.control.failNextRequests({
          ...(input.operation_id === undefined ? {} : { operationId: input.operation_id }),
          ...(input.status === undefined ? {} : { status: input.status }),
          ...(input.count === undefined ? {} : { count: input.count }),
        }),
      );
    },
  },
  {
    method: 'POST',
    path: '/faults/latencies',
    handle: ({ mock, json }) => {
      const input = parse(schemas.latencyBody, json);
      return created(
        mock.control.addLatency({
          ms: input.ms,
          ...(input.operation_id === undefined ? {} : { operationId: input.operation_id }),
          ...(input.count === undefined ? {} : { count: input.count }),
        }),
      );
    },
  },
  {
    method: 'POST',
    path: '/faults/campaign-failures',
    handle: ({ mock, json }) => {
      const input = parse(schemas.dispatchFailureBody, json);
      return created(
        mock.control.failNextDispatch({
          ...(input.campaign_id === undefined ? {} : { campaignId: input.campaign_id }),
          ...(input.count === undefined ? {} : { count: input.count }),
        }),
      );
    },
  },
  {
    method: 'POST',
    path: '/faults/carrier-outages',
    handle: ({ mock, json }) => {
      const input = parse(schemas.carrierOutageBody, json);
      // Checked against the carriers this world routes to (a custom prefix table has its own).
      return created(
        mock.control.carrierOutage({ ...input, destination: input.destination as CarrierCode }),
      );
    },
  },
];

/**
 * Control routes that inject faults (`domain/faults.ts`): failing or slow
 * requests, campaigns that fail to dispatch, carrier outages — each one deterministic and counted —
 * and reading or clearing what is armed.
 */

import type { CarrierCode } from '@msgsvc/mock';
import { parse } from '@msgsvc/mock/port';
import type { ControlRoute } from '../http/route';
import * as schemas from './control-schemas';

const created = (id: string) => ({ status: 201, body: { id } });

/** Fault routes. */
export const FAULT_ROUTES: readonly ControlRoute[] = [
  {
    method: 'GET',
    path: '/faults',
    handle: ({ mock }) => ({ status: 200, body: mock.control.faults() }),
  },
  {
    method: 'DELETE',
    path: '/faults',
    handle: ({ mock }) => {
      mock.control.clearFaults();
      return { status: 200, body: mock.control.faults() };
    },
  },
  {
    method: 'DELETE',
    path: '/faults/{fault_id}',
    handle: ({ mock, params }) => {
      mock.control.clearFaults(params.fault_id!);
      return { status: 200, body: mock.control.faults() };
    },
  },
  {
    method: 'POST',
    path: '/faults/request-failures',
    handle: ({ mock, json }) => {
      const input = parse(schemas.requestFailureBody, json);
      return created(mock.control.failNextRequests(input));
    },
  },
  {
    method: 'POST',
    path: '/faults/latencies',
    handle: ({ mock, json }) => {
      const input = parse(schemas.latencyBody, json);
      return created(mock.control.addLatency(input));
    },
  },
  {
    method: 'POST',
    path: '/faults/campaign-failures',
    handle: ({ mock, json }) => {
      const input = parse(schemas.dispatchFailureBody, json);
      return created(mock.control.failNextDispatch(input));
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

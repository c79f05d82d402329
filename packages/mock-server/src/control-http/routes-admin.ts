/**
 * Control routes on the whole world: reset it to the starting world the server was launched with
 * (the demo, or the `--world` file), and read or change the rate limits.
 */
import { parse, readonlyWorld } from '@msgsvc/mock/port';
import { clockView } from '../http/clock-view';
import type { ControlRoute } from '../http/route';
import * as schemas from './control-schemas';

/** Admin routes. */
export const ADMIN_ROUTES: readonly ControlRoute[] = [
  {
    method: 'POST',
    path: '/reset',
    handle: ({ mock, reseed, requestLog }) => {
      mock.reset();
      reseed();
      requestLog.clear();
      return { status: 200, body: { reset: true, clock: clockView(mock) } };
    },
  },
  {
    method: 'GET',
    path: '/rate-limits',
    handle: ({ mock }) => ({
      status: 200,
      body: { limits: { ...readonlyWorld(mock).rateLimits.table } },
    }),
  },
  {
    method: 'PUT',
    path: '/rate-limits',
    handle: ({ mock, json }) => {
      const input = parse(schemas.rateLimitsBody, json);
      if (input.disabled === true) mock.control.configureRateLimits(false);
      if (input.limits !== undefined) mock.control.configureRateLimits(input.limits);
      return { status: 200, body: { limits: { ...readonlyWorld(mock).rateLimits.table } } };
    },
  },
];

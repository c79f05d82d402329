/**
 * Control routes on the whole world: reset it to the starting world the server was launched with
 * (the demo, or the `--world` file), and read or change the rate limits (decision D8).
 */
import { configureRateLimits } from '../../domain/policies/rate-limits';
import { parse } from '../../http/validate';
import type { ControlRoute } from './route';
import { clockView } from './routes-clock';
import * as schemas from './schemas';

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
    handle: ({ mock }) => ({ status: 200, body: { limits: { ...mock.world.rateLimits.table } } }),
  },
  {
    method: 'PUT',
    path: '/rate-limits',
    handle: ({ mock, json }) => {
      const input = parse(schemas.rateLimitsBody, json);
      if (input.disabled === true) mock.control.configureRateLimits(false);
      // The domain names a bad key as `limits.<key>`, as the body has it.
      if (input.limits !== undefined) configureRateLimits(mock.world, input.limits, 'limits');
      return { status: 200, body: { limits: { ...mock.world.rateLimits.table } } };
    },
  },
];

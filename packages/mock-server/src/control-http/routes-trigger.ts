/**
 * The trigger route: any webhook event of the contract on demand (`POST /__mock/trigger`, issue 24
 * item 5), made to happen by the world's own machinery through `mock.control.trigger`.
 */
import { parse } from '@msgsvc/mock/port';
import type { ControlRoute } from '../http/route';
import * as schemas from './control-schemas';

/** The trigger route. */
export const TRIGGER_ROUTES: readonly ControlRoute[] = [
  {
    method: 'POST',
    path: '/trigger',
    handle: ({ mock, json }) => ({
      status: 200,
      body: mock.control.trigger(parse(schemas.triggerBody, json)),
    }),
  },
];

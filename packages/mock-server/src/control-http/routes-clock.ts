/**
 * Control routes on time: read the clock, move a virtual clock forward, run pending work.
 * A real clock follows the wall clock and cannot be moved: those calls answer 409
 * `CLOCK_NOT_VIRTUAL` instead of failing deep inside the engine.
 */

import type { MockService } from '@msgsvc/mock';
import { parse, readonlyWorld } from '@msgsvc/mock/port';
import { ControlError } from '../errors/control-errors';
import { clockView } from '../http/clock-view';
import type { ControlRoute } from '../http/route';
import * as schemas from './control-schemas';

function requireVirtual(mock: MockService): void {
  if (readonlyWorld(mock).clock.kind !== 'virtual') {
    throw new ControlError(
      'CLOCK_NOT_VIRTUAL',
      'This server runs on a real clock (--clock real): time follows the wall clock. Start it with --clock virtual to move time by hand.',
    );
  }
}

/** Clock routes. */
export const CLOCK_ROUTES: readonly ControlRoute[] = [
  { method: 'GET', path: '/clock', handle: ({ mock }) => ({ status: 200, body: clockView(mock) }) },
  {
    method: 'POST',
    path: '/clock/advance',
    handle: ({ mock, json }) => {
      const { ms } = parse(schemas.advanceBody, json);
      requireVirtual(mock);
      const ran = mock.clock.advance(ms);
      return { status: 200, body: { ...clockView(mock), tasks_run: ran, elapsed_ms: ms } };
    },
  },
  {
    method: 'POST',
    path: '/clock/run-until-idle',
    handle: async ({ mock }) => {
      requireVirtual(mock);
      // `settle` also waits for webhook deliveries in flight and runs the retries they schedule;
      // like `runUntilIdle`, it leaves housekeeping (expiries) pending.
      const run = await mock.clock.settle();
      return {
        status: 200,
        body: { ...clockView(mock), tasks_run: run.tasksRun, elapsed_ms: run.elapsedMs },
      };
    },
  },
];

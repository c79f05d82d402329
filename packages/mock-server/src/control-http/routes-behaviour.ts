/**
 * Control routes on how a world behaves: its clock, rate limits, injected faults, and a reset to
 * the world the server was launched with.
 */
import type { CarrierCode, MockService } from '@msgsvc/mock';
import { readonlyWorld } from '@msgsvc/mock/port';
import { ControlError } from '../errors/control-errors';
import * as schemas from '../generated/control-requests';
import { route } from '../http/route';
import { clockView } from '../http/views';

/**
 * A real clock follows the wall clock and cannot be moved: those calls answer 409
 * `CLOCK_NOT_VIRTUAL` instead of failing deep inside the engine.
 */
function requireVirtual(mock: MockService): void {
  if (readonlyWorld(mock).clock.kind !== 'virtual') {
    throw new ControlError(
      'CLOCK_NOT_VIRTUAL',
      'This server runs on a real clock (--clock real): time follows the wall clock. Start it with --clock virtual to move time by hand.',
    );
  }
}

const limits = (mock: MockService) => ({ limits: { ...readonlyWorld(mock).rateLimits.table } });

/** Clock, rate limit, fault and reset routes. */
export const BEHAVIOUR_ROUTES = [
  route('POST /reset', ({ mock, reseed, requestLog }) => {
    mock.reset();
    reseed();
    requestLog.clear();
    return { reset: true, clock: clockView(mock) };
  }),
  route('GET /rate-limits', ({ mock }) => limits(mock)),
  route('PUT /rate-limits', schemas.configureRateLimitsBody, ({ mock }, input) => {
    if (input.disabled === true) mock.control.configureRateLimits(false);
    if (input.limits !== undefined) mock.control.configureRateLimits(input.limits);
    return limits(mock);
  }),
  route('GET /clock', ({ mock }) => clockView(mock)),
  route('POST /clock/advance', schemas.advanceClockBody, ({ mock }, { ms }) => {
    requireVirtual(mock);
    const ran = mock.clock.advance(ms);
    return { ...clockView(mock), tasks_run: ran, elapsed_ms: ms };
  }),
  route('POST /clock/run-until-idle', async ({ mock }) => {
    requireVirtual(mock);
    // `settle` also waits for webhook deliveries in flight and runs the retries they schedule;
    // like `runUntilIdle`, it leaves housekeeping (expiries) pending.
    const run = await mock.clock.settle();
    return { ...clockView(mock), tasks_run: run.tasksRun, elapsed_ms: run.elapsedMs };
  }),
  route('GET /faults', ({ mock }) => mock.control.faults()),
  route('DELETE /faults', ({ mock }) => {
    mock.control.clearFaults();
    return mock.control.faults();
  }),
  route('DELETE /faults/{fault_id}', ({ mock, params }) => {
    mock.control.clearFaults(params.fault_id!);
    return mock.control.faults();
  }),
  route(
    'POST /faults/request-failures 201',
    schemas.injectRequestFailureBody,
    ({ mock }, input) => ({
      id: mock.control.failNextRequests(input),
    }),
  ),
  route('POST /faults/latencies 201', schemas.injectLatencyBody, ({ mock }, input) => ({
    id: mock.control.addLatency(input),
  })),
  route(
    'POST /faults/campaign-failures 201',
    schemas.injectDispatchFailureBody,
    ({ mock }, input) => ({
      id: mock.control.failNextDispatch(input),
    }),
  ),
  // Checked against the carriers this world routes to (a custom prefix table has its own).
  route('POST /faults/carrier-outages 201', schemas.injectCarrierOutageBody, ({ mock }, input) => ({
    id: mock.control.carrierOutage({ ...input, destination: input.destination as CarrierCode }),
  })),
];

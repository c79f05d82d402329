/**
 * The clock as the server's answers show it: its kind, the world's time and the work pending. Here,
 * below both route sets, so that the control API and the inspector show the clock one way without
 * the inspector importing the control API's clock routes.
 */
import type { MockService } from '@msgsvc/mock';
import { formatTimestamp, readonlyWorld } from '@msgsvc/mock/port';

/** The clock as the control API shows it. */
export function clockView(mock: MockService) {
  const world = readonlyWorld(mock);
  return {
    kind: world.clock.kind,
    now: formatTimestamp(world.now()),
    pending_tasks: mock.clock.pending(),
  };
}

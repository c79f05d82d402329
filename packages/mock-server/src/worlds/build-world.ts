/**
 * Builds the service of one world: its clock (real or virtual), seed, key namespace and request
 * log, seeded with the demo or a world file. The server's starting world and every world created
 * through `POST /__mock/worlds` come from here, so they differ only by what was asked.
 */
import { createMockService, RealClock } from '@msgsvc/mock';
import { reportToStderr } from '../errors/control-errors';
import { RequestLog } from './request-log';
import { applyWorld, type WorldFile, worldCredentials } from './world-file';

/** What a world is built from: the server's settings, and what its creator asked for. */
export interface WorldSettings {
  /** `real`: background work follows the wall clock; `virtual`: it moves when advanced. */
  readonly clock: 'real' | 'virtual';
  /** Speed-up of a real clock. */
  readonly speed: number;
  /** Seed of ids and of the delivery simulation. */
  readonly seed: number;
  /**
   * Where the clock starts (epoch ms): a virtual world starts there again after a reset. Default
   * for a virtual clock: the second the world is built; a real clock is the wall clock.
   */
  readonly startTime?: number | undefined;
  /** The world file it starts from; the demo world otherwise. */
  readonly file?: WorldFile | undefined;
}

/** A built world, before the server wraps it. */
export type BuiltWorld = ReturnType<typeof buildWorld>;

/** The header every webhook delivery of a created world carries: the world's id. */
const WORLD_HEADER = 'x-msgsvc-mock-world';

/**
 * Builds a world. `keyNamespace` is set for every world but the server's starting one: its keys
 * then carry it, unique across the server's worlds. Its webhook deliveries name `worldId`
 * in {@link WORLD_HEADER}, so that a receiver shared by several worlds tells them apart. The
 * world comes with `reseed` (seeds the starting organizations again, after `mock.reset()`), the
 * starting `organizations` with their keys in full, and the `settings` it was built from (a fork
 * and a reset build from the same).
 *
 * @throws {WorldFileError} when the world file cannot be built (a domain refusal, by JSON path).
 */
export function buildWorld(settings: WorldSettings, keyNamespace?: string, worldId = 'default') {
  const requestLog = new RequestLog();
  const { startTime } = settings;
  const mock = createMockService({
    // A virtual clock is left to the service: it builds a fresh one on each reset, so a reset
    // world starts at the same instant (and gets the same ids) as the first one (the
    // current second unless pinned: its times then read cleanly).
    ...(settings.clock === 'real'
      ? { clock: new RealClock(settings.speed, Date.now, startTime) }
      : { startTime: startTime ?? Math.floor(Date.now() / 1000) * 1000 }),
    seed: settings.seed,
    ...(keyNamespace === undefined ? {} : { keyNamespace }),
    webhookHeaders: { [WORLD_HEADER]: worldId },
    observe: (request, response) => requestLog.record(request, response),
    // A bug in the mock is reported once, on stderr, like the server's own failures.
    onError: reportToStderr,
  });
  const { file } = settings;
  const seed = () => {
    if (file === undefined) mock.seedDemo();
    else applyWorld(mock, file);
    return worldCredentials(mock);
  };
  const organizations = seed();
  return { mock, requestLog, reseed: (): void => void seed(), organizations, settings };
}

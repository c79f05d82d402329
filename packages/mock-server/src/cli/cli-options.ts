/**
 * The command line of `msgsvc-mock`: flags parsed with `node:util` `parseArgs`, then checked one by
 * one so that every mistake gets a sentence naming the flag and the value given.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** An origin as a browser sends it: scheme, host and optional port, nothing else. */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The port `msgsvc-mock serve` listens on unless told otherwise: not Prism's 4010. */
export const DEFAULT_PORT = 4780;

/** Thrown for a command line that cannot run; the CLI prints `message` and exits with 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Where the CLI writes and which process it controls (injectable for tests). `verify` and `proxy`
 * hand it on to the verify kit, whose commands take the same shape.
 */
export interface CliIo {
  /** Writes one line of output. */
  readonly stdout: (text: string) => void;
  /** Writes one line of diagnostics. */
  readonly stderr: (text: string) => void;
  /** The environment (flags' defaults, keys and URLs may come from it). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Subscribes to a stop signal (`serve` and `proxy` run until one arrives). */
  readonly onSignal: (signal: 'SIGINT' | 'SIGTERM', listener: () => void) => void;
  /** Subscribes to the end of the process that started this one, where the host can tell. */
  readonly onParentExit?: (listener: () => void) => void;
}

/** Options of `startServer`: the flags of `msgsvc-mock serve`, each with its default. */
export interface StartServerOptions {
  /** The port; 0 (the default) picks a free one. */
  readonly port?: number | undefined;
  /** The address to bind. Default `127.0.0.1`; beyond loopback the control API needs a token. */
  readonly host?: string | undefined;
  /** A world file to start from. Default: the demo world. */
  readonly world?: string | undefined;
  /** The seed of ids and the delivery simulation. Default 1. */
  readonly seed?: number | undefined;
  /** `real` (default): background work follows the wall clock; `virtual`: only when advanced. */
  readonly clock?: 'real' | 'virtual' | undefined;
  /**
   * Where the world's clock starts (a `Date` or epoch milliseconds); a virtual clock starts there
   * again after a reset. Default: the wall clock's current second, so the world's times
   * are today's. Webhooks are signed with the wall clock either way.
   */
  readonly startTime?: Date | number | undefined;
  /** Speed-up of a real clock. Default 1. */
  readonly speed?: number | undefined;
  /** The admin token of the control API and inspector. Default: none on loopback, else random. */
  readonly adminToken?: string | undefined;
  /**
   * Origins a browser tool may call the server from, exactly (`['http://localhost:5173']`): they
   * get CORS headers and answered preflights, other origins none. Default: none.
   */
  readonly cors?: readonly string[] | undefined;
  /**
   * A world snapshot file that keeps the world across restarts: loaded at start when it
   * exists (it wins over `world` and the demo), written atomically every `stateInterval` seconds
   * while the world changes and when the server closes.
   */
  readonly state?: string | undefined;
  /** Seconds between saves of the `state` file. Default 5. */
  readonly stateInterval?: number | undefined;
  /**
   * Seconds without a request after which a world created through `POST /__mock/worlds` (or
   * `createWorld()` of the running server) is freed; 0 never. Default 1800 (30 minutes).
   */
  readonly worldTtl?: number | undefined;
  /** The most worlds the server holds at once, the default one included. Default 1000. */
  readonly maxWorlds?: number | undefined;
}

/** The value of each option not given that has one (`startServer`'s port is 0: any free one). */
export const SERVE_DEFAULTS = {
  port: DEFAULT_PORT,
  host: '127.0.0.1',
  seed: 1,
  clock: 'real' as 'real' | 'virtual',
  speed: 1,
  cors: [] as readonly string[],
  stateInterval: 5,
  worldTtl: 1800,
  maxWorlds: 1000,
};

/** What `msgsvc-mock serve` was asked to do: every option, with its default when not given. */
export type ServeOptions = StartServerOptions & typeof SERVE_DEFAULTS;

/** The `--help` text: every command and flag. */
export const HELP = `msgsvc-mock — the @msgsvc messaging service mock as an HTTP server

Usage:
  msgsvc-mock serve [flags]     serve the public API, the control API and the inspector
  msgsvc-mock world-schema      print the JSON Schema of world files
  msgsvc-mock trigger TYPE      make a webhook event happen on a running server
                                (trigger --help)
  msgsvc-mock verify [flags]    run the behavioural suite against a deployment (verify --help)
  msgsvc-mock proxy [flags]     forward to a deployment, checking traffic against the contract
                                (proxy --help)
  msgsvc-mock --help            show this text

Serve flags:
  --port N            port to listen on; 0 picks a free one (default 4780)
  --host ADDRESS      address to bind (default 127.0.0.1). Beyond loopback, the control
                      API and inspector require an admin token
  --world FILE        build the starting world from a JSON world file (see world-schema);
                      default: the demo world
  --seed N            seed of ids and the delivery simulation, an integer (default 1)
  --clock KIND        real (default): background work follows the wall clock;
                      virtual: time moves only through POST /__mock/clock/advance
  --start-time ISO    where the world's clock starts, e.g. 2026-01-01T09:00:00Z (default:
                      now); webhooks are signed with the wall clock whatever the world's time
  --speed X           real clock speed-up, e.g. 60 makes a minute pass each second (default 1)
  --json              print the start-up information as one JSON line on stdout
  --detached          keep serving when the process that started it exits (by default
                      the server stops with it: with npm, npx or a test harness)
  --admin-token TOKEN admin token for the control API and inspector (env MSGSVC_ADMIN_TOKEN);
                      generated and printed when binding beyond loopback without one
  --cors ORIGINS      let a browser tool at these origins call the server: exact origins,
                      comma-separated (e.g. http://localhost:5173); others get no CORS header
  --state FILE        keep the world across restarts: load FILE (a world snapshot) at start
                      when it exists, save it atomically while serving and when stopping;
                      one server per file (FILE.lock); a damaged file exits 2
  --state-interval S  seconds between saves of the state file (default 5)
  --world-ttl S       free a world created through POST /__mock/worlds after S seconds
                      without a request; 0 never (default 1800)
  --max-worlds N      the most worlds held at once, the default one included (default 1000)
  -h, --help          show this text

The public API is served under /c/v1 (API keys in X-API-KEY), the control API under
/__mock (openapi/control.yaml) and the inspector page at /. SIGINT or SIGTERM stops the
server cleanly (exit code 0), and so does the end of the process that started it
(npm start, npx, a test harness), unless --detached.`;

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  world: { type: 'string' },
  seed: { type: 'string' },
  clock: { type: 'string' },
  'start-time': { type: 'string' },
  speed: { type: 'string' },
  json: { type: 'boolean' },
  detached: { type: 'boolean' },
  'admin-token': { type: 'string' },
  cors: { type: 'string', multiple: true },
  state: { type: 'string' },
  'state-interval': { type: 'string' },
  'world-ttl': { type: 'string' },
  'max-worlds': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The numeric options: the values allowed and how an error names them (flag or option alike). */
const NUMERIC = {
  port: [(n) => Number.isInteger(n) && n >= 0 && n <= 65535, 'an integer from 0 to 65535'],
  seed: [(n) => Number.isSafeInteger(n), 'an integer'],
  speed: [(n) => n > 0 && n <= 1_000_000, 'a number above 0'],
  stateInterval: [(n) => n >= 0.1 && n <= 86_400, 'a number of seconds from 0.1 to 86400'],
  worldTtl: [(n) => n >= 0 && n <= 30 * 86_400, 'a number of seconds from 0 to 2592000'],
  maxWorlds: [(n) => Number.isInteger(n) && n >= 1 && n <= 100_000, 'an integer from 1 to 100000'],
} as const satisfies Partial<
  Record<keyof typeof SERVE_DEFAULTS, readonly [(n: number) => boolean, string]>
>;

/**
 * Checks `startServer`'s options against the command line's rules.
 *
 * @throws {TypeError} naming the first `cors` entry that is not an origin.
 * @throws {RangeError} naming the first number out of its bounds, or a `startTime` that is no time.
 */
export function checkServeOptions(options: ServeOptions): void {
  const badOrigin = options.cors.find((origin) => !ORIGIN.test(origin));
  if (badOrigin !== undefined) {
    throw new TypeError(
      `cors: ${JSON.stringify(badOrigin)} is not an origin (e.g. http://localhost:5173).`,
    );
  }
  for (const [option, [ok, what]] of Object.entries(NUMERIC)) {
    const value = options[option as keyof typeof NUMERIC];
    if (!ok(value)) throw new RangeError(`${option} must be ${what} (got ${value}).`);
  }
  if (options.startTime !== undefined && !Number.isFinite(Number(options.startTime))) {
    throw new RangeError('startTime must be a valid Date or epoch milliseconds.');
  }
}

type Values = ReturnType<typeof parseFlags<typeof OPTIONS>>['values'];

/** `parseArgs`'s own result for these options (named, so that declarations can be emitted). */
type ParsedFlags<O extends NonNullable<ParseArgsConfig['options']>> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>
>;

/**
 * Parses `argv` against `options` with `node:util` `parseArgs` (strict, positionals allowed).
 *
 * @throws {UsageError} in parseArgs's own words for an unknown flag or a missing value.
 */
export function parseFlags<const O extends NonNullable<ParseArgsConfig['options']>>(
  argv: readonly string[],
  options: O,
): ParsedFlags<O> {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs explains itself ("Unknown option '--prot'"); only the advice is ours.
    throw new UsageError((error as Error).message.split('. To specify')[0]!.replace(/\.?$/, '.'));
  }
}

/**
 * Parses `argv` (without `node` and the script): `help`, `world-schema`, or `serve` with its
 * options, `--json` (the start-up line as JSON) and `--detached` (outlive the starter).
 *
 * @throws {UsageError} for an unknown command, an unknown flag or a bad value.
 */
export function parseCommandLine(argv: readonly string[], env: CliIo['env'] = {}) {
  const { values, positionals } = parseFlags(argv, OPTIONS);
  if (values.help === true) return { kind: 'help' as const };
  const [command, ...extra] = positionals;
  if (command === undefined) throw new UsageError('Missing command: try "msgsvc-mock serve".');
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  if (command === 'world-schema') return { kind: 'world-schema' as const };
  if (command !== 'serve') throw new UsageError(`Unknown command "${command}".`);
  const clock = values.clock ?? SERVE_DEFAULTS.clock;
  if (clock !== 'real' && clock !== 'virtual') {
    throw new UsageError(`--clock must be real or virtual (got "${clock}").`);
  }
  const speed = numeric(values, 'speed');
  if (values.speed !== undefined && clock === 'virtual') {
    throw new UsageError('--speed applies to the real clock only; drop it or use --clock real.');
  }
  const adminToken = values['admin-token'] ?? env.MSGSVC_ADMIN_TOKEN;
  if (adminToken !== undefined && !/^[\x21-\x7E]{16,256}$/.test(adminToken)) {
    throw new UsageError(
      'The admin token must be 16 to 256 printable ASCII characters without spaces.',
    );
  }
  if (values.world === '') throw new UsageError('--world needs a file name.');
  if (values.state === '') throw new UsageError('--state needs a file name.');
  const cors = corsOrigins(values.cors);
  if (values['state-interval'] !== undefined && values.state === undefined) {
    throw new UsageError('--state-interval applies to a state file; add --state FILE.');
  }
  const options: ServeOptions = {
    port: numeric(values, 'port'),
    host: host(values.host ?? SERVE_DEFAULTS.host),
    world: values.world,
    seed: numeric(values, 'seed'),
    clock,
    startTime: values['start-time'] === undefined ? undefined : startTime(values['start-time']),
    speed,
    adminToken,
    cors,
    state: values.state,
    stateInterval: numeric(values, 'stateInterval'),
    worldTtl: numeric(values, 'worldTtl'),
    maxWorlds: numeric(values, 'maxWorlds'),
  };
  return {
    kind: 'serve' as const,
    options,
    json: values.json === true,
    detached: values.detached === true,
  };
}

/** The origins of every `--cors` flag, comma-separated; one that is not an origin is refused. */
function corsOrigins(flags: readonly string[] | undefined): string[] {
  const cors = (flags ?? []).flatMap((list) =>
    list
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  );
  const badOrigin = cors.find((origin) => !ORIGIN.test(origin));
  if (badOrigin !== undefined || (flags !== undefined && cors.length === 0)) {
    throw new UsageError(
      `--cors takes exact origins such as http://localhost:5173, comma-separated (got "${badOrigin ?? ''}").`,
    );
  }
  return cors;
}

/** A numeric flag's value (its default when not given), or the error naming what it takes. */
function numeric(values: Values, option: keyof typeof NUMERIC): number {
  const flag = option.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  const text = values[flag as keyof Values] as string | undefined;
  if (text === undefined) return SERVE_DEFAULTS[option];
  const [ok, what] = NUMERIC[option];
  const value = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value) || !ok(value)) {
    throw new UsageError(`--${flag} must be ${what} (got "${text}").`);
  }
  return value;
}

// A zone is required: a local time would mean another instant on every machine.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

function startTime(text: string): number {
  const time = ISO_DATE_TIME.test(text)
    ? Date.parse(text.replace(/(\.\d{3})\d+/, '$1'))
    : Number.NaN;
  // Date.parse rolls 2026-02-30 over into March; a date that does not exist is a mistake.
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const exists = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
  if (!Number.isFinite(time) || !exists) {
    throw new UsageError(
      `--start-time must be an ISO 8601 date-time with a zone, e.g. 2026-01-01T09:00:00Z (got "${text}").`,
    );
  }
  return time;
}

function host(text: string): string {
  if (!/^[A-Za-z0-9.:%-]+$/.test(text) && !/^\[[0-9A-Fa-f:.%]+\]$/.test(text)) {
    throw new UsageError(`--host must be an address or host name (got "${text}").`);
  }
  return text.replace(/^\[(.*)\]$/, '$1');
}

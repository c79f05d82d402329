/**
 * The `msgsvc-mock` command: failures are one sentence on stderr, exit 2 for a bad command line or
 * a state file that cannot be used, 1 for anything else; SIGINT or SIGTERM stops it cleanly.
 *
 * @example
 * ```sh
 * msgsvc-mock serve --port 0 --json
 * # {"event":"listening","port":43117,"base_url":"http://127.0.0.1:43117/c/v1","live_key":"svc_live_…",…}
 * msgsvc-mock serve   # a second one on the default port 4780
 * # msgsvc-mock: port 4780 is in use (another server is listening on 127.0.0.1:4780); pass --port 0 for any free port
 * ```
 */

import { type CliIo, HELP, parseCommandLine, UsageError } from './cli/cli-options';
import { watchParent } from './cli/parent-watch';
import { errorMessage } from './errors/realm-neutral';

/** The verify kit's package, an optional peer: the server does not ship its Ajv and HTTP parser. */
const VERIFY_KIT = '@msgsvc/verify';

/** The real process's streams, environment and signals. */
const PROCESS_IO: CliIo = {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  onSignal: (signal, listener) => process.on(signal, listener),
  onParentExit: watchParent,
};

/**
 * Runs the CLI. Resolves with the exit code once the command is done (for `serve`: once the server
 * has stopped after a signal).
 */
export async function runCli(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  // The tools that use a deployment over HTTP belong to the verify kit, with command lines of
  // their own; `msgsvc-mock verify` and `msgsvc-mock proxy` hand over to it where it is installed.
  if (argv[0] === 'verify' || argv[0] === 'proxy') return runVerifyKit(argv[0], argv.slice(1), io);
  const name = argv[0] === 'trigger' ? 'msgsvc-mock trigger' : 'msgsvc-mock';
  try {
    // The server, the trigger and the world-file schema are loaded only by the commands that need
    // them, so that `--help` and a mistyped flag answer at once instead of after loading the service.
    if (argv[0] === 'trigger') {
      const { runTriggerCli } = await import('./trigger-cli');
      return await runTriggerCli(argv.slice(1), io);
    }
    const command = parseCommandLine(argv, io.env);
    if (command.kind === 'help') {
      io.stdout(HELP);
      return 0;
    }
    if (command.kind === 'world-schema') {
      const { worldJsonSchema } = await import('./worlds/world-file');
      io.stdout(JSON.stringify(worldJsonSchema(), null, 2));
      return 0;
    }
    return await serveUntilStopped(command, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`${name}: ${error.message}\nRun "${name} --help" for usage.`);
    return 2;
  }
}

/**
 * `msgsvc-mock verify` or `proxy`: the verify kit's command, or how to get the kit. The kit's name
 * is a literal so that bundlers see it: tsup keeps it external, and the standalone executable,
 * which can find no installed package, compiles the kit in.
 */
async function runVerifyKit(
  command: 'verify' | 'proxy',
  argv: readonly string[],
  io: CliIo,
): Promise<number> {
  let kit: typeof import('@msgsvc/verify');
  try {
    kit = await import('@msgsvc/verify');
  } catch (error) {
    // Only the kit itself missing; a kit that is installed but broken says so in its own words.
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    const missing =
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
      typeof message === 'string' &&
      message.includes(`'${VERIFY_KIT}'`);
    if (!missing) throw error;
    const kitCommand = command === 'verify' ? 'msgsvc-verify' : 'msgsvc-verify proxy';
    io.stderr(
      `msgsvc-mock ${command}: this is ${kitCommand} of the verify kit, ${VERIFY_KIT}, ` +
        'which is not installed here.\n' +
        `Install it beside the server: npm install -D ${VERIFY_KIT}\n` +
        `or run it without installing: npx -p ${VERIFY_KIT} ${kitCommand} … (the same arguments)`,
    );
    return 1;
  }
  const run = command === 'verify' ? kit.runVerifyCli : kit.runProxyCli;
  return run(argv, { ...io, command: `msgsvc-mock ${command}` });
}

/**
 * `msgsvc-mock serve`: starts the server, prints its start-up line, and serves until a stop signal
 * closes it; a second signal exits at once.
 */
async function serveUntilStopped(
  { options, json, detached }: Extract<ReturnType<typeof parseCommandLine>, { kind: 'serve' }>,
  io: CliIo,
): Promise<number> {
  const [{ startServer }, { startupJson, startupText }] = await Promise.all([
    import('./serve'),
    import('./cli/banner'),
  ]);
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer(options);
  } catch (error) {
    // A bad world file explains itself (it has no `code`); a listen error is put in words here.
    io.stderr(`msgsvc-mock: ${describe(error, options)}`);
    // A state file that can never be used is bad input, like a bad flag; one held by a
    // running server is not.
    return (error as Error | undefined)?.name === 'StateFileError' ? 2 : 1;
  }
  return new Promise((resolve) => {
    let stopping = false;
    const stop = () => {
      if (stopping) {
        // A second signal while draining: the user wants out now.
        resolve(1);
        return;
      }
      stopping = true;
      // Connections still busy after 5 s are not worth waiting for in a mock.
      const force = setTimeout(() => resolve(0), 5_000);
      force.unref();
      running.close().then(
        () => {
          clearTimeout(force);
          if (!json) io.stderr('msgsvc-mock: stopped.');
          resolve(0);
        },
        (error) => {
          io.stderr(`msgsvc-mock: error while stopping: ${(error as Error).message}`);
          resolve(1);
        },
      );
    };
    io.onSignal('SIGINT', stop);
    io.onSignal('SIGTERM', stop);
    // npm and npx do not pass a SIGTERM on to the server, and a SIGKILL cannot be passed on: the
    // server goes when whoever started it goes, unless told otherwise.
    if (!detached) io.onParentExit?.(stop);
    // Printed only once the signals are handled: whoever reads this line may stop the server at
    // once, and a SIGTERM that arrived before the handlers would kill it without saving its state.
    io.stdout(json ? startupJson(running.info) : startupText(running.info));
  });
}

function describe(error: unknown, { host, port }: { host: string; port: number }): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    const address = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
    return `port ${port} is in use (another server is listening on ${address}); pass --port 0 for any free port`;
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `cannot bind to ${host}: ${code}.`;
  if (code === 'EACCES') return `not allowed to bind to ${host}:${port}.`;
  return errorMessage(error);
}

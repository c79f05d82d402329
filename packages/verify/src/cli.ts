/**
 * The `msgsvc-verify` command: `verify` (the default, so the word may be left out) runs the
 * behavioural suite against a deployment; `proxy` checks live traffic against the contract (and
 * records it with `--record FILE`); `replay` replays a recording against a deployment. Each
 * resolves with its exit code: 0 when nothing drifted, 1 on drift, 2 for a bad command line.
 *
 * @example
 * ```sh
 * msgsvc-verify --base-url https://staging.example.com/c/v1 --api-key "$MSGSVC_TEST_KEY"
 * msgsvc-verify proxy --upstream https://staging.example.com --port 4011 --fail-on-violation
 * ```
 */
import type { CliIo } from './cli-io/cli-io';

/** The `msgsvc-verify --help` text (each command has its own, `msgsvc-verify proxy --help`). */
const HELP = `msgsvc-verify — check any deployment of the messaging API against its contract

Usage:
  msgsvc-verify [verify] --base-url URL --api-key KEY [flags]   run the behavioural suite
  msgsvc-verify proxy --upstream URL [flags]                    check live traffic
                                                                (--record FILE: keep a cassette)
  msgsvc-verify replay FILE --base-url URL --api-key KEY        replay a cassette, report differences

Run "msgsvc-verify verify --help", "msgsvc-verify proxy --help" or "msgsvc-verify replay --help"
for each command's flags.`;

/** The real process's streams, environment and signals. */
const PROCESS_IO: CliIo = {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  onSignal: (signal, listener) => process.on(signal, listener),
};

/** Runs `msgsvc-verify` on `argv` (the arguments after the program name). */
export async function runCli(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  const [first, ...rest] = argv;
  if (first === 'proxy') {
    const { runProxyCli } = await import('./proxy/proxy-cli');
    return runProxyCli(rest, { ...io, command: io.command ?? 'msgsvc-verify proxy' });
  }
  if (first === 'replay') {
    const { runReplayCli } = await import('./replay/replay-cli');
    return runReplayCli(rest, { ...io, command: io.command ?? 'msgsvc-verify replay' });
  }
  if (first === undefined || first === '--help' || first === '-h') {
    io.stdout(HELP);
    return 0;
  }
  const { runVerifyCli } = await import('./conformance/verify-cli');
  return runVerifyCli(first === 'verify' ? rest : argv, io);
}

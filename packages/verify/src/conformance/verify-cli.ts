/**
 * `msgsvc-verify` (also `msgsvc-mock verify`): parse, refuse unsafe keys, run the suite, print the table or JSON, write
 * JUnit XML when asked. Exit code 0 when nothing drifted, 1 on drift, 2 for a bad command line.
 * With `--replay FILE` it is the replay command instead (`replay/replay-cli.ts`).
 */
import { writeFile } from 'node:fs/promises';
import { type CliIo, UsageError } from '../cli-io/cli-io';
import { reportJunit } from './report-junit';
import { reportText } from './report-text';
import { runVerify, VerifyRefused } from './run-verify';
import { parseVerifyArgs, verifyHelp } from './verify-options';

/** Runs the verify command with its arguments (those after `verify`); resolves with the exit code. */
export async function runVerifyCli(
  argv: readonly string[],
  io: Pick<CliIo, 'stdout' | 'stderr' | 'env' | 'command'>,
  fetchImpl?: typeof fetch,
): Promise<number> {
  const name = io.command ?? 'msgsvc-verify';
  if (argv.some((arg) => arg === '--replay' || arg.startsWith('--replay='))) {
    // `verify --replay FILE` is the replay command under the suite's name.
    const { runReplayCli } = await import('../replay/replay-cli');
    return runReplayCli(argv, { ...io, command: name });
  }
  let command: ReturnType<typeof parseVerifyArgs>;
  try {
    command = parseVerifyArgs(argv, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`${name}: ${error.message}\nRun "${name} --help" for usage.`);
    return 2;
  }
  if (command === undefined) {
    io.stdout(verifyHelp(name));
    return 0;
  }
  let report: Awaited<ReturnType<typeof runVerify>>;
  try {
    report = await runVerify({ ...command.options, fetch: fetchImpl });
  } catch (error) {
    if (!(error instanceof VerifyRefused)) throw error;
    io.stderr(`${name}: ${error.message}`);
    return 2;
  }
  io.stdout(command.json ? JSON.stringify(report, null, 2) : reportText(report));
  if (command.junit !== undefined) await writeFile(command.junit, reportJunit(report));
  return report.failed > 0 ? 1 : 0;
}

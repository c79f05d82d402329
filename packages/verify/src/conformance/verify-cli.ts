/**
 * `msgsvc-verify` (also `msgsvc-mock verify`). Keys may come from the environment, so that they
 * stay out of shell history and CI logs. With `--replay FILE` it is the replay command instead.
 */
import { writeFile } from 'node:fs/promises';
import { type CliIo, parseFlags, UsageError } from '../cli-io/cli-io';
import { reportJunit, reportText } from './reports';
import { runVerify, VerifyRefused } from './run-verify';

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
  try {
    const { values } = parseFlags(argv, { options: OPTIONS });
    if (values.help === true) {
      io.stdout(verifyHelp(name));
      return 0;
    }
    const baseUrl = values['base-url'] ?? io.env.MSGSVC_BASE_URL;
    if (baseUrl === undefined) throw new UsageError('--base-url is required (or MSGSVC_BASE_URL).');
    if (!/^https?:\/\/[^\s]+$/.test(baseUrl) || !URL.canParse(baseUrl)) {
      throw new UsageError(`--base-url must be an http(s) URL (got "${baseUrl}").`);
    }
    const apiKey = values['api-key'] ?? io.env.MSGSVC_API_KEY;
    if (apiKey === undefined) throw new UsageError('--api-key is required (or MSGSVC_API_KEY).');
    const maxSends = integer('--max-sends', values['max-sends'] ?? '60', 0, 100_000);
    const timeBudget = integer('--time-budget', values['time-budget'] ?? '120', 1, 86_400);
    const numbers: Record<string, string> = {};
    for (const outcome of ['delivered', 'undelivered', 'invalid'] as const) {
      const value = values[`${outcome}-number`];
      if (value === undefined) continue;
      if (!NUMBER.test(value))
        throw new UsageError(`--${outcome}-number must be a phone number (got "${value}").`);
      numbers[outcome] = value;
    }
    if (values.junit === '') throw new UsageError('--junit needs a file name.');
    const report = await runVerify({
      baseUrl,
      apiKey,
      poorApiKey: values['poor-api-key'],
      restrictedApiKey: values['restricted-api-key'],
      otherOrgApiKey: values['other-org-api-key'],
      allowLive: values['allow-live'] === true,
      maxSends,
      timeBudgetMs: timeBudget * 1000,
      numbers,
      only: values.only,
      bail: values.bail === true,
      fetch: fetchImpl,
    });
    io.stdout(values.json === true ? JSON.stringify(report, null, 2) : reportText(report));
    if (values.junit !== undefined) await writeFile(values.junit, reportJunit(report));
    return report.failed > 0 ? 1 : 0;
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof VerifyRefused)) throw error;
    // A refused run gets no usage hint: its command line was right.
    const hint = error instanceof UsageError ? `\nRun "${name} --help" for usage.` : '';
    io.stderr(`${name}: ${error.message}${hint}`);
    return 2;
  }
}

/** The `--help` text, naming the command as the user typed it (`msgsvc-verify`, `msgsvc-mock verify`). */
const verifyHelp = (
  command: string,
): string => `${command} — run the behavioural suite against any deployment of the API

Usage:
  ${command} --base-url URL --api-key KEY [flags]

Flags:
  --base-url URL             the public API's base URL, ending in /c/v1 (env MSGSVC_BASE_URL)
  --api-key KEY              a test key (svc_test_…) of the organization to check (env MSGSVC_API_KEY)
  --poor-api-key KEY         a live key of an organization whose balance pays for nothing: 402 checks
  --restricted-api-key KEY   a key without scopes: 403 checks
  --other-org-api-key KEY    a key of a second organization: isolation checks
  --allow-live               accept live keys (svc_live_…): real messages, real charges
  --max-sends N              the most messages the run may create (default 60); checks that
                             would exceed it are skipped
  --time-budget SECONDS      how long the run may wait for the deployment's progress, all its
                             checks together (default 120)
  --only PREFIX              run only checks whose id starts with PREFIX (repeatable)
  --bail                     stop at the first failing check; the rest are reported as skipped
  --delivered-number E164    a number that is delivered (default +244900000001, D38)
  --undelivered-number E164  a number that ends UNDELIVERED ABSENT_SUBSCRIBER (default +244900000002)
  --invalid-number E164      a number the pattern admits but that is invalid (default +244900000000)
  --json                     print the report as JSON instead of a table
  --junit FILE               also write the report as JUnit XML to FILE
  -h, --help                 show this text

Checks needing a key that was not given are reported as skipped. Exit status: 0 when no check
failed, 1 on any drift, 2 for a bad command line or a refused key. Keys are shown by prefix only.`;

const OPTIONS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'poor-api-key': { type: 'string' },
  'restricted-api-key': { type: 'string' },
  'other-org-api-key': { type: 'string' },
  'allow-live': { type: 'boolean' },
  'max-sends': { type: 'string' },
  'time-budget': { type: 'string' },
  only: { type: 'string', multiple: true },
  bail: { type: 'boolean' },
  'delivered-number': { type: 'string' },
  'undelivered-number': { type: 'string' },
  'invalid-number': { type: 'string' },
  json: { type: 'boolean' },
  junit: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const NUMBER = /^\+?[\d\s\-.]{7,30}$/;

function integer(flag: string, text: string, min: number, max: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${flag} must be an integer from ${min} to ${max} (got "${text}").`);
  }
  return value;
}

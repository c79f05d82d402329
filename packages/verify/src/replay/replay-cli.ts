/**
 * `msgsvc-verify replay FILE …` (also `msgsvc-verify --replay FILE …`): {@link runReplay} on a
 * command line. Exit code 0 when nothing differs, 1 on differences, 2 for a bad command line, an
 * unreadable cassette, a path outside the public API (not sent) or a target that never answers.
 */
import { type CliIo, parseFlags, terminalSafe, UsageError } from '../cli-io/cli-io';
import { CassetteError, readCassette } from './cassette-format';
import { ReplayAborted, type ReplayReport, runReplay } from './run-replay';

/** The `--help` text, naming the command as the user typed it. */
const replayHelp = (
  command: string,
): string => `${command} — replay recorded traffic against a deployment and report what behaves differently

Usage:
  ${command} FILE --base-url URL --api-key KEY [flags]

FILE is a cassette written by "msgsvc-verify proxy --record FILE".

Flags:
  --base-url URL       the deployment's public API, ending in /c/v1 (also MSGSVC_BASE_URL)
  --api-key KEY        the key replayed for the cassette's first key, k1 (also MSGSVC_API_KEY)
  --key REF=KEY        the key replayed for another recorded key (k2=svc_test_…); repeatable.
                       Exchanges of a key not given are skipped, unless they were refused with
                       401: those replay with a key that exists nowhere
  --keep-timing        wait between requests as the recording did (default: at once)
  --json               print the report as JSON
  -h, --help           show this text

Compared per exchange: status, error code, the presence of relevant headers, the body's shape
(field names and types), formats of ids, times and amounts, list order and entries, and total,
page, size and pages. Ids and times are compared by rule, not value: an id the target returned
in place of a recorded one stands for it from then on, and is sent in later requests.

A recorded path that leads outside the public API (a ".." segment, percent-encoded or not, a
backslash, a control character) is refused: nothing is sent for it, it is listed as REFUSED and
the exit code is 2.`;

const OPTIONS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  key: { type: 'string', multiple: true },
  'keep-timing': { type: 'boolean' },
  json: { type: 'boolean' },
  replay: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * Parses the arguments after `replay`; `undefined` means `--help`.
 *
 * @throws {UsageError} for an unknown flag or a bad value.
 */
function parseReplayArgs(argv: readonly string[], env: CliIo['env']) {
  const { values, positionals } = parseFlags(argv, { options: OPTIONS, allowPositionals: true });
  if (values.help === true) return undefined;
  const files = values.replay === undefined ? positionals : [values.replay, ...positionals];
  if (files.length !== 1) throw new UsageError('give exactly one cassette FILE.');
  const baseUrl = values['base-url'] ?? env.MSGSVC_BASE_URL ?? '';
  if (baseUrl === '') throw new UsageError('--base-url is required.');
  if (!/^https?:\/\/\S+$/.test(baseUrl) || !URL.canParse(baseUrl)) {
    throw new UsageError(`--base-url must be an http(s) URL (got "${baseUrl}").`);
  }
  // Only k1, k2, … are keys here (the pattern below), so a plain object is safe to fill.
  const keys: Record<string, string> = {};
  const main = values['api-key'] ?? env.MSGSVC_API_KEY;
  if (main !== undefined && main !== '') keys.k1 = main;
  for (const pair of values.key ?? []) {
    const m = /^(k[1-9]\d{0,5})=(.+)$/.exec(pair);
    if (m === null) {
      const ref = pair.split('=')[0];
      throw new UsageError(`--key must be REF=KEY, e.g. k2=svc_test_… (got "${ref}=…").`);
    }
    if (Object.hasOwn(keys, m[1]!)) {
      throw new UsageError(`${m[1]} is given twice (--api-key gives k1).`);
    }
    keys[m[1]!] = m[2]!;
  }
  const options = { baseUrl, keys, keepTiming: values['keep-timing'] === true };
  return { file: files[0]!, options, json: values.json === true };
}

/**
 * Runs the replay command with its arguments (those after `replay`, or the whole `verify
 * --replay FILE …` line); resolves with the exit code.
 */
export async function runReplayCli(
  argv: readonly string[],
  io: Pick<CliIo, 'stdout' | 'stderr' | 'env' | 'command'>,
): Promise<number> {
  const name = io.command ?? 'msgsvc-verify replay';
  try {
    const command = parseReplayArgs(argv, io.env);
    if (command === undefined) {
      io.stdout(replayHelp(name));
      return 0;
    }
    const { file, options, json } = command;
    const report = await runReplay(readCassette(file), options);
    io.stdout(json ? JSON.stringify(report, null, 2) : replayText(report));
    const refused = report.skipped.filter((s) => s.refused === true).length;
    if (refused > 0) {
      io.stderr(
        `${name}: ${refused} exchange(s) of ${file} refused, nothing sent for them: their paths lead outside the public API. This cassette was not written by "msgsvc-verify proxy --record".`,
      );
      return 2;
    }
    return report.differences.length > 0 ? 1 : 0;
  } catch (error) {
    const usage = error instanceof UsageError;
    if (!usage && !(error instanceof CassetteError) && !(error instanceof ReplayAborted)) {
      throw error;
    }
    io.stderr(`${name}: ${error.message}${usage ? `\nRun "${name} --help" for usage.` : ''}`);
    return 2;
  }
}

/**
 * The text report of a replay (what `msgsvc-verify replay` prints without `--json`): a line per
 * difference, then the refused and skipped exchanges and a summary by kind. What came from the
 * cassette or the target is printed with its control characters escaped.
 */
export function replayText(report: ReplayReport): string {
  const lines: string[] = [];
  for (const d of report.differences) {
    const where = d.where === '' ? '' : ` ${d.where}`;
    lines.push(`DIFF #${d.seq} ${d.method} ${d.path} — ${d.kind}${where}: ${d.message}`);
  }
  for (const s of report.skipped) {
    lines.push(
      `${s.refused === true ? 'REFUSED' : 'SKIP'} #${s.seq} ${s.method} ${s.path}: ${s.reason}`,
    );
  }
  const kinds = Object.entries(report.by_kind)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  lines.push(
    `${report.replayed} of ${report.exchanges} exchange(s) replayed against ${report.base_url}, ${report.skipped.length} skipped: ` +
      (report.differences.length === 0
        ? 'no behavioural difference.'
        : `${report.differences.length} difference(s) (${kinds}).`),
  );
  return lines.map(terminalSafe).join('\n');
}

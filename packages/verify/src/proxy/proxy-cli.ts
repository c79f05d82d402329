/**
 * `msgsvc-verify proxy` (also `msgsvc-mock proxy`): {@link startProxy} on a command line, printing
 * violations as they come and the totals at the end (its help text says the rest).
 */
import { appendFileSync } from 'node:fs';
import { type CliIo, parseFlags, UsageError } from '../cli-io/cli-io';
import { type ProxyViolation, startProxy } from './proxy-server';

/** The `--help` text, naming the command as the user typed it (`msgsvc-verify proxy`, `msgsvc-mock proxy`). */
const proxyHelp = (
  command: string,
): string => `${command} — forward traffic to a deployment and check it against the contract

Usage:
  ${command} --upstream URL [flags]

Flags:
  --upstream URL         the deployment's origin, e.g. https://api.example.com (requests keep
                         their path: /c/v1/… goes to URL/c/v1/…)
  --port N               port to listen on; 0 picks a free one (default 4011)
  --host ADDRESS         address to bind (default 127.0.0.1)
  --jsonl FILE           append each violation to FILE as one JSON line
  --record FILE          record the public API's traffic to FILE, redacted (keys as references,
                         phone numbers fictional, contents as tokens): a cassette for
                         "msgsvc-verify replay FILE" (FILE is created afresh, mode 0600)
  --json                 print violations as JSON lines instead of text
  --fail-on-violation    exit with status 1 at the end if any exchange was off the contract
                         (warnings, fields the contract does not name, never fail)
  -h, --help             show this text

Traffic passes unchanged (only Host names the upstream); requests two HTTP parsers could read
differently are refused with 400 (service "proxy"). Each finished exchange is checked:
documented status, body schemas, required headers, the error envelope. A response field the
contract does not name is a WARNING line, not a violation: clients must tolerate added fields.
Keys are shown by prefix only. SIGINT or SIGTERM stops the proxy and prints the totals.`;

const OPTIONS = {
  upstream: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  jsonl: { type: 'string' },
  record: { type: 'string' },
  json: { type: 'boolean' },
  'fail-on-violation': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** One violation as a line of text. */
export function violationLine(v: ProxyViolation): string {
  const query = v.query === '' ? '' : `?${v.query}`;
  const who = v.operation ?? 'unknown route';
  const label = v.severity === 'warning' ? 'WARNING' : 'VIOLATION';
  return `${label} ${v.side} ${v.rule} ${who}: ${v.method} ${v.path}${query} → ${v.status}: ${v.message}`;
}

/** Runs the proxy command with its arguments (those after `proxy`); resolves with the exit code. */
export async function runProxyCli(argv: readonly string[], io: CliIo): Promise<number> {
  const name = io.command ?? 'msgsvc-verify proxy';
  const totals = { exchanges: 0, violations: 0, warnings: 0 };
  let args: ReturnType<typeof parseProxyArgs>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  try {
    args = parseProxyArgs(argv);
    if (args === undefined) {
      io.stdout(proxyHelp(name));
      return 0;
    }
    const { jsonl, json } = args;
    proxy = await startProxy({
      ...args,
      // A warning (an added field) never fails the run.
      onExchange: (found) => {
        totals.exchanges++;
        for (const { severity } of found)
          totals[severity === 'warning' ? 'warnings' : 'violations']++;
      },
      onViolation: (violation) => {
        const line = JSON.stringify(violation);
        io.stdout(json === true ? line : violationLine(violation));
        if (jsonl !== undefined) appendFileSync(jsonl, `${line}\n`);
      },
    });
  } catch (error) {
    const usage = error instanceof UsageError;
    const hint = usage ? `\nRun "${name} --help" for usage.` : '';
    io.stderr(`${name}: ${(error as Error).message}${hint}`);
    return usage ? 2 : 1;
  }
  io.stderr(`${name}: listening on ${proxy.url}, forwarding to ${new URL(args.upstream).origin}`);
  // Runs until the first request to stop: SIGINT, SIGTERM or the parent's exit.
  await new Promise<void>((stop) => {
    io.onSignal('SIGINT', stop);
    io.onSignal('SIGTERM', stop);
    io.onParentExit?.(stop);
  });
  await proxy.close();
  io.stderr(
    `${name}: ${totals.exchanges} exchange(s) checked, ${totals.violations} violation(s), ${totals.warnings} warning(s).`,
  );
  if (args.record !== undefined) {
    io.stderr(`${name}: ${proxy.recorded()} exchange(s) recorded to ${args.record}.`);
  }
  return args['fail-on-violation'] === true && totals.violations > 0 ? 1 : 0;
}

/**
 * The proxy's flags, checked; `undefined` means `--help`.
 *
 * @throws {UsageError} for an unknown flag or a bad value.
 */
function parseProxyArgs(argv: readonly string[]) {
  const { values } = parseFlags(argv, { options: OPTIONS });
  if (values.help === true) return undefined;
  const upstream = values.upstream;
  if (upstream === undefined) throw new UsageError('--upstream is required.');
  if (!/^https?:\/\/\S+$/.test(upstream) || !URL.canParse(upstream)) {
    throw new UsageError(`--upstream must be an http(s) URL (got "${upstream}").`);
  }
  const portText = values.port ?? '4011';
  const port = /^\d+$/.test(portText) ? Number(portText) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) {
    throw new UsageError(`--port must be an integer from 0 to 65535 (got "${portText}").`);
  }
  if (values.jsonl === '') throw new UsageError('--jsonl needs a file name.');
  if (values.record === '') throw new UsageError('--record needs a file name.');
  return { ...values, upstream, port };
}

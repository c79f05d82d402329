/**
 * `msgsvc-mock trigger <event-type>`: the command line becomes a `POST /__mock/trigger` through the
 * typed control client, and the answer one line per event (or the whole answer with `--json`).
 *
 * @example
 * ```sh
 * msgsvc-mock trigger message.status_updated --status UNDELIVERED --error-code ABSENT_SUBSCRIBER
 * msgsvc-mock trigger message.received --message 019b…  --text "SIM"
 * msgsvc-mock trigger campaign.completed --campaign 019b… --url http://127.0.0.1:4780
 * msgsvc-mock trigger message.received --world w0123456789abcdef --from +244923000001
 * ```
 */
import { type CliIo, DEFAULT_PORT, parseFlags, UsageError } from './cli/cli-options';
import { createControlClient } from './control-client';
import { errorMessage } from './errors/realm-neutral';

/** The `trigger --help` text. */
const TRIGGER_HELP = `msgsvc-mock trigger — make a webhook event happen on a running server

Usage:
  msgsvc-mock trigger <event-type> [flags]

Event types (the contract's webhooks):
  message.status_updated   move a message to --status (default DELIVERED) through its state
                           machine; without --message, a message is sent first
  message.received         a handset writes to a sender ID: a reply to --message, or from
                           --from to --to (default: the organization's default sender ID)
  campaign.completed       process and dispatch a campaign now (--status COMPLETED or FAILED);
                           without --campaign, a batch of three fictional numbers is sent first

Flags:
  --url URL            the server (env MSGSVC_MOCK_URL; default http://127.0.0.1:4780)
  --admin-token TOKEN  the server's admin token (env MSGSVC_ADMIN_TOKEN)
  --world ID           the world to act in, as POST /__mock/worlds answered it
                       (env MSGSVC_MOCK_WORLD; default: the server's default world)
  --message ID         the message to move, or to reply to
  --campaign ID        the campaign to complete
  --status STATUS      SENT, DELIVERED, FAILED, UNDELIVERED, EXPIRED, REJECTED, CANCELLED;
                       for campaign.completed: COMPLETED or FAILED
  --error-code CODE    the error code of a failure status, e.g. ABSENT_SUBSCRIBER
  --organization ID    whose record is created (needed when the world has several)
  --environment ENV    live (default) or test, for a created record
  --from NUMBER        the handset writing (message.received)
  --to VALUE           the created message's recipient, or the sender ID a handset writes to
  --text TEXT          the created message's text, or what the handset writes
  --json               print the server's whole answer as JSON
  -h, --help           show this text

Every event goes through the world's own machinery, so its payload is what webhook endpoints
receive and its ids can be fetched through the public API. A message in a final status, or a
campaign already completed, is refused: exit 1 with the server's reason. Exit 2 for a bad
command line.`;

const EVENT_TYPES = ['message.status_updated', 'message.received', 'campaign.completed'] as const;
const DEFAULT_URL = `http://127.0.0.1:${DEFAULT_PORT}`;

/** The flags that become fields of the trigger's body, in the body's order. */
const BODY_FIELDS = {
  message: 'message_id',
  campaign: 'campaign_id',
  status: 'status',
  'error-code': 'error_code',
  organization: 'organization_id',
  environment: 'environment',
  from: 'from',
  to: 'to',
  text: 'body',
} as const;

const STRING = { type: 'string' } as const;
const OPTIONS = {
  url: STRING,
  'admin-token': STRING,
  world: STRING,
  ...(Object.fromEntries(Object.keys(BODY_FIELDS).map((flag) => [flag, STRING])) as {
    [flag in keyof typeof BODY_FIELDS]: typeof STRING;
  }),
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * Runs `msgsvc-mock trigger` on its arguments (after `trigger`); resolves with the exit code.
 *
 * @throws {UsageError} for a command line that cannot run.
 */
export async function runTriggerCli(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags(argv, OPTIONS);
  if (values.help === true) {
    io.stdout(TRIGGER_HELP);
    return 0;
  }
  // The event type and the server's URL are checked here; everything else is checked once, by
  // the server (the same rules as over HTTP and in-process).
  const [type, ...extra] = positionals;
  const types = EVENT_TYPES.join(', ');
  if (type === undefined) throw new UsageError(`Missing event type: one of ${types}.`);
  if (!(EVENT_TYPES as readonly string[]).includes(type)) {
    throw new UsageError(`Unknown event type "${type}": one of ${types}.`);
  }
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  const url = values.url ?? io.env.MSGSVC_MOCK_URL ?? DEFAULT_URL;
  if (!/^https?:\/\/\S+$/.test(url))
    throw new UsageError(`--url must be an http(s) URL (got "${url}").`);
  const body: Record<string, string> = { type };
  for (const [flag, field] of Object.entries(BODY_FIELDS)) {
    const value = values[flag as keyof typeof BODY_FIELDS];
    if (value !== undefined) body[field] = value;
  }
  const control = createControlClient({
    url,
    adminToken: values['admin-token'] ?? io.env.MSGSVC_ADMIN_TOKEN,
    // An empty value means the default world, as when the variable is unset.
    world: (values.world ?? io.env.MSGSVC_MOCK_WORLD) || undefined,
  });
  // The body is the server's to judge; the client's types would refuse what the server explains.
  const answer = await control.POST('/__mock/trigger', { body: body as never }).catch((error) => {
    io.stderr(
      `msgsvc-mock trigger: cannot reach the server at ${url} (${errorMessage(error)}); is "msgsvc-mock serve" running? Pass --url.`,
    );
  });
  if (answer === undefined) return 1;
  const { data, error, response } = answer;
  if (data === undefined) {
    // The server's refusal: its message, and one line per field it names.
    const envelope = error as { message?: string; fields?: Record<string, string> } | undefined;
    const fields = Object.entries(envelope?.fields ?? {}).map(([name, why]) => `  ${name}: ${why}`);
    const message = envelope?.message ?? `the server answered ${response.status}`;
    io.stderr([`msgsvc-mock trigger: ${message}`, ...fields].join('\n'));
    return 1;
  }
  if (values.json === true) {
    io.stdout(JSON.stringify(data));
    return 0;
  }
  const { subject } = data;
  io.stdout(
    `${data.type}: ${subject.kind} ${subject.id}${subject.created ? ' (created)' : ''}, ${data.events.length} event${data.events.length === 1 ? '' : 's'}, ${data.deliveries.length} deliver${data.deliveries.length === 1 ? 'y' : 'ies'} queued`,
  );
  for (const event of data.events) {
    const status = 'status' in event.data ? ` ${event.data.status}` : '';
    io.stdout(`  ${event.type}${status} ${event.data.id}`);
  }
  return 0;
}

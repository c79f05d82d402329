/**
 * What the server prints on start: aligned lines for people, and for scripts (`--json`) one JSON
 * line whose field names are stable, so test suites in any language can read the port and keys.
 */
import { formatTimestamp } from '@msgsvc/mock/port';
import { firstCredentials, HEALTH_PATH } from '../control-http/routes-server';
import type { OrganizationCredentials } from '../worlds/world-file';

/** Everything the start-up message carries. */
export interface StartupInfo {
  /** The address bound to. */
  readonly host: string;
  /** The port bound to (the one picked, when 0 was asked for). */
  readonly port: number;
  /** An origin a client on this machine can use (loopback when bound to every interface). */
  readonly origin: string;
  /** `real` (background work follows the wall clock) or `virtual` (it moves when advanced). */
  readonly clock: 'real' | 'virtual';
  /** The world's time at start, in epoch milliseconds. */
  readonly worldTime: number;
  /** The real clock's speed-up. */
  readonly speed: number;
  /** The seed of ids and of the delivery simulation. */
  readonly seed: number;
  /** The control API's admin token, if one is required. */
  readonly adminToken: string | undefined;
  /** Whether the admin token was generated (and must therefore be shown). */
  readonly tokenGenerated: boolean;
  /** The organizations the server started with (the demo's, or a world file's) and their keys. */
  readonly organizations: readonly OrganizationCredentials[];
  /** The server's process id (a harness can check that it is gone after stopping it). */
  readonly pid: number;
}

/** The `--json` line (without the newline). */
export function startupJson(info: StartupInfo): string {
  return JSON.stringify({
    event: 'listening',
    pid: info.pid,
    host: info.host,
    port: info.port,
    base_url: `${info.origin}/c/v1`,
    control_url: `${info.origin}/__mock`,
    health_url: `${info.origin}${HEALTH_PATH}`,
    inspector_url: info.tokenGenerated ? inspectorUrl(info) : `${info.origin}/`,
    // A token the user gave is not echoed (it may come from a CI secret); a generated one must be.
    admin_token_required: info.adminToken !== undefined,
    admin_token: info.tokenGenerated ? (info.adminToken ?? null) : null,
    clock: info.clock,
    world_time: formatTimestamp(info.worldTime),
    speed: info.speed,
    seed: info.seed,
    ...firstCredentials(info.organizations),
    curl: tryIt(info)[1] ?? null,
    organizations: info.organizations,
  });
}

/** The human start-up message. */
export function startupText(info: StartupInfo): string {
  const lines = [
    `msgsvc mock server listening on ${info.host}:${info.port}`,
    '',
    `  Public API    ${info.origin}/c/v1`,
    `  Control API   ${info.origin}/__mock`,
    `  Inspector     ${inspectorUrl(info)}`,
    `  Health        ${info.origin}${HEALTH_PATH}`,
    `  Clock         ${info.clock}${info.clock === 'real' && info.speed !== 1 ? ` ×${info.speed}` : ''}, at ${new Date(info.worldTime).toISOString()} · seed ${info.seed}`,
  ];
  if (info.adminToken !== undefined) {
    lines.push(
      `  Admin token   ${info.tokenGenerated ? info.adminToken : '(the one you gave)'}  — send "Authorization: Bearer <token>" to /__mock`,
    );
  }
  for (const org of info.organizations) {
    lines.push('', `  ${org.name}  (organization ${org.id})`);
    for (const key of org.api_keys)
      lines.push(`    ${`${key.environment} key`.padEnd(14)}${key.key}`);
    for (const sender of org.sender_ids) {
      lines.push(`    ${'sender ID'.padEnd(16)}${sender.name}  (${sender.id}, ${sender.status})`);
    }
    if (org.webhook_secret !== null) {
      lines.push(`    ${'webhook secret'.padEnd(16)}${org.webhook_secret}`);
    }
  }
  const [send, list] = tryIt(info);
  if (send !== undefined && list !== undefined) {
    lines.push(
      '',
      'Try it (a test key: nothing is sent, nothing is charged):',
      `  ${send}`,
      `  ${list}`,
    );
  }
  lines.push('', 'Press Ctrl+C to stop.');
  return lines.join('\n');
}

/**
 * Two requests to paste into a terminal, with the starting world's first key (its test key when it
 * has one): send a message, then list messages. Keys are `[A-Za-z0-9_]`, safe in single quotes.
 */
function tryIt(info: StartupInfo): [send?: string, list?: string] {
  const keys = info.organizations.flatMap((org) => org.api_keys);
  const key = (keys.find((k) => k.environment === 'test') ?? keys[0])?.key;
  if (key === undefined) return [];
  const url = `${info.origin}/c/v1/messages`;
  return [
    `curl -s ${url} -H 'X-API-KEY: ${key}' -H 'Content-Type: application/json' -d '{"to":"+244923000001","body":"Hello"}'`,
    `curl -s ${url} -H 'X-API-KEY: ${key}'`,
  ];
}

function inspectorUrl(info: StartupInfo): string {
  if (info.adminToken === undefined) return `${info.origin}/`;
  return info.tokenGenerated
    ? `${info.origin}/?token=${encodeURIComponent(info.adminToken)}`
    : `${info.origin}/?token=<admin token>`;
}

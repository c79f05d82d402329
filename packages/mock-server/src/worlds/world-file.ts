/**
 * World files: load one (`--world FILE`), validate it against {@link worldFileSchema}, and build it
 * into a mock through `mock.control.*` — the same calls a test would make. Every failure names the
 * file and the JSON path at fault, so a typo is found without reading a stack trace.
 */
import { readFileSync } from 'node:fs';
import { DomainError, type MockService } from '@msgsvc/mock';
import { readonlyWorld } from '@msgsvc/mock/port';
import type { components } from '../generated/control';
import { type WorldFile, worldFileSchema } from './world-file-schema';

export { type WorldFile, worldJsonSchema } from './world-file-schema';

/** A world file that cannot be read, parsed, validated or built; `message` says where and why. */
class WorldFileError extends Error {
  override name = 'WorldFileError';
}

/**
 * What a user needs to talk to one organization: its active API keys in full (printed once, at
 * start-up), its sender IDs and its webhook secret — the control contract's `WorldOrganization`.
 */
export type OrganizationCredentials = components['schemas']['WorldOrganization'];

/** A sender ID as the server reports it at start-up (`id` is `remitter_id` on the wire). */
export type SenderIdCredentials = OrganizationCredentials['sender_ids'][number];

/**
 * Reads and validates a world file.
 *
 * @throws {WorldFileError} with a message naming the file and each problem's JSON path.
 */
export function loadWorldFile(path: string): WorldFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new WorldFileError(`Cannot read world file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new WorldFileError(`World file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const result = worldFileSchema.safeParse(json);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.length === 0 ? '(root)' : issue.path.join('.')}: ${issue.message}`,
    );
    throw new WorldFileError(`World file ${path} is invalid:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * Builds a world file into a mock (after `mock.reset()`, or on a fresh mock).
 *
 * @example
 * ```ts
 * applyWorld(mock, loadWorldFile('examples/world.example.json'));
 * console.log(worldCredentials(mock)[0]?.api_keys[0]?.key);
 * ```
 */
export function applyWorld(mock: MockService, file: WorldFile): void {
  if (file.demo === true) mock.seedDemo();
  if (file.rate_limits !== undefined) mock.control.configureRateLimits(file.rate_limits);
  // A world of several on a server draws its own keys, fixed ones included.
  const fresh = readonlyWorld(mock).keyNamespace !== undefined;
  file.organizations.forEach((org, i) => {
    const at = `organizations.${i}`;
    const { sender_ids = [], api_keys = [], tags = [], contacts = [], ...fields } = org;
    const { id } = step(at, () => mock.control.createOrganization(fields));
    const each = <T>(list: readonly T[], name: string, make: (item: T) => unknown) => {
      for (const [j, item] of list.entries()) step(`${at}.${name}.${j}`, () => make(item));
    };
    each(sender_ids, 'sender_ids', ({ default: make_default, ...sender }) =>
      mock.control.createSenderId({
        organization_id: id,
        ...sender,
        ...(make_default === undefined ? {} : { make_default }),
      }),
    );
    const tagIds = new Map<string, string>();
    each(tags, 'tags', (name) => tagIds.set(name, mock.control.createTag(id, name).id));
    each(contacts, 'contacts', ({ tags: names = [], ...contact }) =>
      mock.control.createContact({
        organization_id: id,
        ...contact,
        tag_ids: names.map((tag) => tagIds.get(tag)!),
      }),
    );
    each(api_keys, 'api_keys', ({ key: fixed, ...key }) =>
      mock.control.issueApiKey({
        organization_id: id,
        ...key,
        ...(fixed === undefined || fresh ? {} : { key: fixed }),
      }),
    );
  });
}

/**
 * Every organization of a world with its active keys in full, read from the world itself: what
 * the server prints at start-up and what creating a world answers.
 */
export function worldCredentials(mock: MockService): OrganizationCredentials[] {
  const world = readonlyWorld(mock);
  return [...world.organizations.values()].map((organization) => ({
    id: organization.id,
    name: organization.name,
    api_keys: [...world.apiKeys.values()]
      .filter((key) => key.organizationId === organization.id && !key.revoked)
      .map((key) => ({
        id: key.id,
        name: key.name,
        environment: key.environment,
        key: key.key,
        scopes: [...key.scopes],
      })),
    sender_ids: [...world.senders.values()]
      .filter((sender) => sender.organizationId === organization.id)
      .map((sender) => ({ id: sender.id, name: sender.name, status: sender.status })),
    webhook_secret: organization.webhookSecret,
  }));
}

/** Runs one control call, turning a domain refusal into an error that names the file path. */
function step<T>(path: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof DomainError) {
      const fields = Object.entries(error.fields ?? {}).map(([field, text]) => `${field}: ${text}`);
      throw new WorldFileError(
        `World file: ${path}: ${fields.length > 0 ? fields.join('; ') : error.message}`,
      );
    }
    throw error;
  }
}

/**
 * Near-miss hints for the request journal, after WireMock's "closest stub" view: what a refused
 * request almost was — a path or method of the contract, an id of the right shape or kind, a key
 * of another organization or world, a header, body field or query parameter a letter or two away.
 * All is compared with the contract's outline (generated from `openapi/openapi.yaml`), never with a
 * hand-kept list; a hint costs a few `Map` reads and short edit distances, so it is made when shown.
 */
import { type ReadonlyWorld, readonlyWorld } from '@msgsvc/mock/port';
import { matchPath, pathSegments, pathTemplates } from '@msgsvc/sdk/contract';
import type { ControlDeps } from '../http/route';
import { jsonOf, type StoredRequest } from '../worlds/request-log';
import { nearest } from './edit-distance';
import {
  CONTRACT_OUTLINE,
  type OutlineField,
  type OutlineOperation,
} from './generated/contract-outline';

const MATCHER = pathTemplates(
  CONTRACT_OUTLINE.operations.map((operation) => [operation.path, operation]),
);

/** Every operation id of the contract, in its order (the journal's `op` filter). */
export const OPERATION_IDS: readonly string[] = CONTRACT_OUTLINE.operations.map(
  (operation) => operation.operationId,
);

/** The contract's base path, `/c/v1`. */
const BASE_PATH = CONTRACT_OUTLINE.basePath;

/**
 * The operations whose path the request path has (the most literal path wins, as the service
 * routes: `/campaigns/batch` before `/campaigns/{campaign_id}`), with the values of its parameters.
 */
function operationsAt(path: string) {
  const match = path.startsWith(`${BASE_PATH}/`)
    ? matchPath(MATCHER, pathSegments(path, BASE_PATH.length + 1))
    : undefined;
  return { operations: match?.values ?? [], params: match?.params ?? {} };
}

/** The operation a request was for (`HEAD` is `GET`'s), or undefined when none has its method and path. */
export function operationOf(method: string, path: string): OutlineOperation | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return operationsAt(path).operations.find((operation) => operation.method === wanted);
}

/** One hint: what the request almost was, in words, and the record it points to if any. */
export type NearMiss = ReturnType<typeof hint>;

/** The worlds a hint may look in: the request's own, and the server's others. */
export function nearMissWorlds(deps: ControlDeps) {
  return {
    world: readonlyWorld(deps.mock),
    others: deps.worlds
      .list()
      .filter((entry) => entry.id !== deps.world.id)
      .map((entry) => ({ id: entry.id, name: entry.name, world: readonlyWorld(entry.mock) })),
  };
}

type NearMissWorlds = ReturnType<typeof nearMissWorlds>;

/** The most hints one request gets (WireMock shows three near misses). */
const MAX_HINTS = 3;

/** The hints for one logged request; none for a request that was not refused with a 4xx. */
export function nearMisses(entry: StoredRequest, worlds: NearMissWorlds): NearMiss[] {
  const operation = operationOf(entry.method, entry.path);
  if (entry.status < 400 || entry.status >= 500) {
    return headerHints(entry, operation).slice(0, MAX_HINTS);
  }
  if (operation === undefined) return routeHints(entry);
  return [
    ...headerHints(entry, operation),
    ...keyHints(entry),
    ...idHints(entry, operation, worlds),
    ...fieldHints(entry, operation),
    ...queryHints(entry, operation),
  ].slice(0, MAX_HINTS);
}

function hint(
  kind: 'path' | 'method' | 'id' | 'header' | 'key' | 'field' | 'query',
  message: string,
  record: ReturnType<typeof link> = null,
) {
  return { kind, message, record };
}

/** The methods and operations at a path, as text: `GET (listMessages), POST (sendMessage)`. */
function describe(operations: readonly OutlineOperation[]): string {
  return operations.map((o) => `${o.method} (${o.operationId})`).join(', ');
}

/** A path of no operation, or a method its path lacks (one hint at most). */
function routeHints({ method, path }: StoredRequest): NearMiss[] {
  const at = operationsAt(path).operations;
  if (at.length > 0) {
    const message = `${method} is not an operation of ${path}: the contract has ${describe(at)} there.`;
    return [hint('method', message)];
  }
  const message = pathHint(path, method);
  return message === undefined ? [] : [hint('path', message)];
}

/** What a path of no operation almost was: without its trailing slash, under the base path, or near. */
function pathHint(path: string, method: string): string | undefined {
  const trimmed = path.replace(/\/+$/, '');
  const found = operationsAt(trimmed).operations;
  if (found.length > 0) {
    return `No trailing slash: ${trimmed} is the contract's path (${describe(found)}).`;
  }
  if (!path.startsWith(`${BASE_PATH}/`)) {
    // `/messages` or `/v1/messages`: the same path with the base path in front.
    const segments = path.split('/').filter(Boolean);
    for (let i = 0; i < segments.length; i++) {
      const candidate = `${BASE_PATH}/${segments.slice(i).join('/')}`;
      const found = operationsAt(candidate).operations;
      if (found.length > 0) {
        return `The API's paths are under ${BASE_PATH}: did you mean ${candidate} (${describe(found)})?`;
      }
    }
    return undefined;
  }
  const close = closestPath(path, method);
  if (close === undefined) return undefined;
  const away = close.distance === 1 ? 'one letter' : `${close.distance} letters`;
  return `${path} is not a path of the contract: ${close.path} is ${away} away, with ${describe(close.operations)}.`;
}

/**
 * The contract path nearest to a path under the base path (two edits at most over its fixed
 * segments; a parameter takes any value but none), with every operation at it. At the same
 * distance, a path with the request's method wins.
 */
function closestPath(path: string, method: string) {
  const sent = path.slice(BASE_PATH.length + 1).split('/');
  let best: { path: string; distance: number; hasMethod: boolean } | undefined;
  for (const operation of CONTRACT_OUTLINE.operations) {
    const template = operation.path.split('/').slice(1);
    if (template.length !== sent.length) continue;
    let distance = 0;
    const concrete = template.map((expected, i) => {
      if (expected.startsWith('{')) {
        if (sent[i] === '') distance = 3;
        return sent[i];
      }
      // A change of case counts as one edit.
      if (sent[i] !== expected) {
        distance += Math.max(1, nearest(sent[i]!, [expected])?.distance ?? 3);
      }
      return expected;
    });
    if (distance === 0 || distance > 2) continue;
    const hasMethod = operation.method === method;
    if (
      best === undefined ||
      distance < best.distance ||
      (distance === best.distance && hasMethod && !best.hasMethod)
    ) {
      best = { path: `${BASE_PATH}/${concrete.join('/')}`, distance, hasMethod };
    }
  }
  return best && { ...best, operations: operationsAt(best.path).operations };
}

/** A key the request's world does not hold, held by another world (keys are routed by their namespace). */
function keyHints(entry: StoredRequest): NearMiss[] {
  const world = entry.key_owner?.world;
  if (entry.status !== 401 || world === undefined || world === null) return [];
  const message = `The key ${entry.key ?? ''} is a key of ${worldName(world)}, not of this one.`;
  return [hint('key', message)];
}

/** A world as a hint names it: its id, and its name when it has one. */
function worldName({ id, name }: { readonly id: string; readonly name: string | null }): string {
  return `world ${id}${name === null ? '' : ` (${name})`}`;
}

/** Contract headers sent under a near name (the key, `Idempotency-Key`), or not sent at all. */
function headerHints(entry: StoredRequest, operation: OutlineOperation | undefined): NearMiss[] {
  const { apiKeyHeader } = CONTRACT_OUTLINE;
  const expected = [
    ...(apiKeyHeader === null ? [] : [apiKeyHeader]),
    ...(operation?.headers.map((header) => header.name) ?? []),
  ];
  const sent = Object.keys(entry.request_headers);
  const params = [...new URLSearchParams(entry.query).keys()];
  const messages = expected.map((name) => {
    const wanted = name.toLowerCase();
    if (sent.includes(wanted)) return undefined;
    const near = sent.slice(0, 50).find((header) => nearest(header, [wanted]) !== undefined);
    if (near !== undefined) {
      return `The header "${near}" is not ${name}: the service never read it. Send it as ${name}.`;
    }
    const inQuery = params.find((param) => nearest(param, [wanted, wanted.replace(/^x-/, '')]));
    if (inQuery !== undefined) return `"${inQuery}" was sent in the query: ${name} is a header.`;
    if (name === apiKeyHeader && entry.status === 401) {
      return `No ${name} header was sent: every operation needs one.`;
    }
    return undefined;
  });
  return messages.filter((message) => message !== undefined).map((text) => hint('header', text));
}

/** Path ids of the wrong shape, of another kind, or of another organization or world. */
function idHints(
  entry: StoredRequest,
  operation: OutlineOperation,
  worlds: NearMissWorlds,
): NearMiss[] {
  const { params } = operationsAt(entry.path);
  return operation.pathParams.flatMap((param) => {
    const value = params[param.name];
    const found = value === undefined ? undefined : idHint(entry, param, value, worlds);
    return found === undefined ? [] : [found];
  });
}

/** The hint about one path id; a parameter names its kind of record (`message_id`: a message). */
function idHint(
  entry: StoredRequest,
  param: OutlineOperation['pathParams'][number],
  value: string,
  worlds: NearMissWorlds,
): NearMiss | undefined {
  const shape = shapeProblem(value, param.pattern);
  const id = shape === undefined ? value : shape.meant;
  const found = id === null ? undefined : findRecord(worlds.world, id);
  if (shape !== undefined) {
    const named = found === undefined ? '' : ` ${id} is ${a(found.kind)} of this world.`;
    const message = `${param.name} "${value}" does not fit the contract: ${shape.problem}.${named}`;
    return hint('id', message, link(found));
  }
  if (entry.status !== 404) return undefined;
  const wanted = param.name.replace(/_id$/, '');
  if (found !== undefined && found.kind !== wanted) {
    const get = link(found) === null ? '' : `: GET ${BASE_PATH}/${found.kind}s/${value}`;
    return hint('id', `${value} is ${a(found.kind)}'s id, not ${a(wanted)}'s${get}.`, link(found));
  }
  if (found !== undefined) {
    const owner = ownerMismatch(entry, found, worlds.world);
    return owner === undefined ? undefined : hint('key', owner, link(found));
  }
  for (const other of worlds.others) {
    const elsewhere = findRecord(other.world, value);
    if (elsewhere === undefined) continue;
    const message = `${value} is ${a(elsewhere.kind)} of ${worldName(other)}, not of this one: send the request with a key of that world.`;
    return hint('key', message);
  }
  return undefined;
}

/** Why a record exists yet was not found: another organization's, or the other environment's. */
function ownerMismatch(
  entry: StoredRequest,
  found: FoundRecord,
  world: ReadonlyWorld,
): string | undefined {
  const owner = entry.key_owner;
  if (owner === null || owner.world !== null) return undefined;
  const name = (id: string) => world.organizations.get(id)?.name ?? id;
  if (owner.organization_id !== found.organizationId) {
    return `This ${found.kind} exists, in organization ${name(found.organizationId)}; the key ${entry.key ?? ''} is organization ${name(owner.organization_id)}'s.`;
  }
  if (found.environment !== null && found.environment !== owner.environment) {
    return `This ${found.kind} was made with a ${found.environment} key; the key ${entry.key ?? ''} is a ${owner.environment} key.`;
  }
  return undefined;
}

/** Body fields a letter or two from one of the operation's (nested objects and list items too). */
function fieldHints(entry: StoredRequest, operation: OutlineOperation): NearMiss[] {
  if (operation.body === null) return [];
  const hints: NearMiss[] = [];
  let budget = 200;
  const walk = (value: unknown, fields: readonly OutlineField[], at: string, depth: number) => {
    if (depth > 4 || fields.length === 0 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 20)) walk(item, fields, `${at}[]`, depth + 1);
      return;
    }
    const names = fields.map((field) => field.name);
    const sent = Object.keys(value);
    for (const key of sent) {
      if (--budget < 0 || hints.length >= MAX_HINTS) return;
      const field = fields.find((f) => f.name === key);
      if (field !== undefined) {
        walk((value as Record<string, unknown>)[key], field.fields, `${at}${key}.`, depth + 1);
        continue;
      }
      const near = nearest(key, names);
      if (near === undefined || sent.includes(near.name)) continue;
      const message = `"${at}${key}" is not a field of ${operation.operationId}'s body: did you mean "${at}${near.name}"?`;
      hints.push(hint('field', message));
    }
  };
  walk(jsonOf(entry.request_body), operation.body, '', 0);
  return hints;
}

/** Query parameters a letter or two from one of the operation's. */
function queryHints(entry: StoredRequest, operation: OutlineOperation): NearMiss[] {
  if (operation.query.length === 0 || entry.query === '') return [];
  const sent = [...new Set(new URLSearchParams(entry.query).keys())].slice(0, 50);
  // `nearest` finds nothing for a name that is one of the operation's.
  return sent.flatMap((name) => {
    const near = nearest(name, operation.query);
    if (near === undefined || sent.includes(near.name)) return [];
    const message = `"${name}" is not a query parameter of ${operation.operationId}: did you mean "${near.name}"?`;
    return [hint('query', message)];
  });
}

/** A record a hint names, for a link (`#/messages/<id>`, `#/campaigns/<id>`). */
function link(found: FoundRecord | undefined) {
  if (found?.kind === 'message' || found?.kind === 'campaign') {
    return { kind: found.kind, id: found.id };
  }
  return null;
}

/** A word with its article: `a message`, `an organization`. */
function a(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

/** What an id names in a world (`environment`: `live` or `test` for records that have one). */
type FoundRecord = NonNullable<ReturnType<typeof findRecord>>;

/** Where each kind of record an id can name is looked up, in the order an id is tried. */
const LOOKUPS: readonly (readonly [
  'message' | 'campaign' | 'sender ID' | 'organization' | 'contact',
  (world: ReadonlyWorld, id: string) => { readonly organizationId: string } | undefined,
])[] = [
  ['message', (world, id) => world.messages.get(id)],
  ['campaign', (world, id) => world.campaigns.get(id)],
  ['sender ID', (world, id) => world.senders.get(id)],
  [
    'organization',
    (world, id) => (world.organizations.has(id) ? { organizationId: id } : undefined),
  ],
  ['contact', (world, id) => world.contacts.get(id)],
];

/** Finds the record an id names in a world, of whatever kind. */
function findRecord(world: ReadonlyWorld, id: string) {
  for (const [kind, lookup] of LOOKUPS) {
    const record = lookup(world, id);
    if (record === undefined) continue;
    // Only messages and campaigns belong to one environment.
    const environment = 'environment' in record ? String(record.environment) : null;
    return { kind, id, organizationId: record.organizationId, environment };
  }
  return undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Why `value` does not fit `pattern` (a path parameter's, from the contract): the `problem` in
 * words (`it has the prefix "msg_"`) and the id `meant`, once the problem is taken away, when that
 * fits the pattern. Undefined when it fits.
 */
function shapeProblem(value: string, pattern: string | null) {
  const regex = pattern === null ? undefined : new RegExp(pattern, 'u');
  const fitsPattern = (id: string) => regex?.test(id) ?? true;
  if (fitsPattern(value)) return undefined;
  const fix = (problem: string, meant: string) => ({
    problem,
    meant: fitsPattern(meant) ? meant : null,
  });
  const bare = value.trim().replace(/^["'{<[(]+|["'}>\])]+$/g, '');
  if (bare !== value && bare !== '') {
    return fix('it has spaces, quotes or brackets around it', dashed(bare));
  }
  const prefixed = /^([A-Za-z]{2,8}_)(.+)$/.exec(value);
  if (prefixed !== null) {
    return fix(
      `it has the prefix "${prefixed[1]}" (ids in paths are bare UUIDs)`,
      dashed(prefixed[2]!),
    );
  }
  if (/^[0-9a-f]{32}$/i.test(value)) {
    return fix('it is a UUID written without its dashes', dashed(value));
  }
  const version = UUID.exec(value)?.[1];
  if (version !== undefined) {
    return {
      problem: `it is a UUID of version ${version}, not the one this path takes`,
      meant: null,
    };
  }
  return { problem: 'it is not a UUID', meant: null };
}

/** A 32-digit hex string with the dashes of a UUID put back; anything else as it is. */
function dashed(text: string): string {
  return text.replace(
    /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/i,
    '$1-$2-$3-$4-$5',
  );
}

/**
 * The cassette: recorded traffic of the public API, redacted, as JSON Lines. The
 * first line is the header (`{"cassette":"msgsvc-verify","version":1,…}`), each further line one
 * exchange, written as it finishes; exchanges replay in `seq` order (the order requests arrived).
 * Reading checks every line against a closed schema, so a corrupt or hostile file (bad JSON,
 * another version, unknown or prototype-named fields, absurd nesting) is refused with the line
 * and field at fault before anything is sent.
 */
import { readFileSync } from 'node:fs';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';

/** The format version this kit writes and reads. */
export const CASSETTE_VERSION = 1;

/** The first line of a cassette. */
export interface CassetteHeader {
  /** Names the format: always `msgsvc-verify`. */
  readonly cassette: 'msgsvc-verify';
  /** The format's version; a reader refuses another. */
  readonly version: typeof CASSETTE_VERSION;
  /** ISO 8601 time the recording started. */
  readonly recorded_at: string;
  /** The path prefix the exchanges' paths are relative to (`/c/v1`). */
  readonly base_path: string;
  /** What was masked, for a reader of the file. */
  readonly redaction: string;
}

/** An API key as recorded: a reference (`k1`), the same key the same reference, and its prefix. */
export interface RecordedKey {
  /** The key's reference in this cassette: `k1`, `k2`, … */
  readonly ref: string;
  /** `svc_test_abcd…`, never the key. */
  readonly prefix: string;
}

/** One side's body: JSON when it parsed, else a marker as long as it was, else nothing. */
export interface RecordedBody {
  /** The body, parsed, when it was JSON. */
  readonly json?: unknown;
  /** The JSON came after a UTF-8 byte-order mark, which replay sends again. */
  readonly bom?: true;
  /**
   * When the body was not JSON: `<redacted: not JSON>` cut or padded with dots to its length in
   * bytes (none of it is kept; replay sends the marker). Cassettes of earlier versions of the
   * kit may hold the text itself.
   */
  readonly text?: string;
  /** The body was longer than the proxy keeps (2 MiB) and is not recorded. */
  readonly truncated?: true;
}

/** One exchange of a cassette. */
export interface RecordedExchange {
  /** Arrival order, from 1. */
  readonly seq: number;
  /** ISO 8601 time the request arrived. */
  readonly started_at: string;
  /** Milliseconds from the request's arrival to the response's last byte. */
  readonly duration_ms: number;
  /** The request as the client sent it (scrubbed). */
  readonly request: {
    /** `GET`, `POST`, … */
    readonly method: string;
    /** Relative to the header's `base_path`: `/messages/…`. */
    readonly path: string;
    /** Query parameters in order, as `[name, value]` pairs (repeated names repeat). */
    readonly query: readonly (readonly [string, string])[];
    /** The relevant request headers (content type, idempotency key), lower-case names. */
    readonly headers: Readonly<Record<string, string>>;
    /** `null` when the request carried no `X-API-KEY`. */
    readonly api_key: RecordedKey | null;
    /** `null` when the request had no body. */
    readonly body: RecordedBody | null;
  };
  /** The response as the service answered (scrubbed). */
  readonly response: {
    /** The HTTP status. */
    readonly status: number;
    /** The relevant response headers (content type, trace id, rate limits, replays). */
    readonly headers: Readonly<Record<string, string>>;
    /** `null` when the response had no body. */
    readonly body: RecordedBody | null;
  };
}

/** A cassette that cannot be read: exit code 2, the line and the fault. */
export class CassetteError extends Error {
  /** Always `'CassetteError'`. */
  override name = 'CassetteError';
}

/** Request headers a cassette keeps (the key separately, as a reference). */
export const RECORDED_REQUEST_HEADERS = ['content-type', 'idempotency-key', 'accept'] as const;
/** Response headers a cassette keeps. */
export const RECORDED_RESPONSE_HEADERS = [
  'content-type',
  'x-trace-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'idempotent-replayed',
  'location',
] as const;

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype'];
/** An object (or `null`, when `type` says so) with these properties, each required, and no other. */
const closed = (properties: Record<string, unknown>, type: string | string[] = 'object') => ({
  type,
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});
const headerMap = {
  type: 'object',
  propertyNames: { pattern: '^[a-z0-9-]{1,64}$', not: { enum: PROTOTYPE_NAMES } },
  additionalProperties: { type: 'string', maxLength: 8192 },
};
const body = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    json: true,
    bom: { const: true },
    text: { type: 'string' },
    truncated: { const: true },
  },
};
const HEADER_SCHEMA = closed({
  cassette: { const: 'msgsvc-verify' },
  version: { type: 'integer' },
  recorded_at: { type: 'string' },
  base_path: { type: 'string', pattern: '^(/[A-Za-z0-9._~-]+)*$' },
  redaction: { type: 'string' },
});
const EXCHANGE_SCHEMA = closed({
  seq: { type: 'integer', minimum: 1 },
  started_at: { type: 'string' },
  duration_ms: { type: 'number', minimum: 0 },
  request: closed({
    method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] },
    path: { type: 'string', pattern: '^/', maxLength: 2048 },
    query: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'array',
        prefixItems: [{ type: 'string' }, { type: 'string' }],
        minItems: 2,
        maxItems: 2,
      },
    },
    headers: headerMap,
    api_key: closed(
      {
        ref: { type: 'string', pattern: '^k[1-9][0-9]{0,5}$' },
        prefix: { type: 'string', maxLength: 64 },
      },
      ['object', 'null'],
    ),
    body,
  }),
  response: closed({
    status: { type: 'integer', minimum: 100, maximum: 599 },
    headers: headerMap,
    body,
  }),
});

const ajv = new Ajv2020({ strict: false, allErrors: true });
const validateHeader = ajv.compile<CassetteHeader>(HEADER_SCHEMA);
const validateExchange = ajv.compile<RecordedExchange>(EXCHANGE_SCHEMA);
/**
 * Deeper JSON than this is refused in a cassette and not walked in an answer: no API body nests
 * so, and walking it could exhaust the stack.
 */
export const MAX_DEPTH = 64;

/** A read cassette: its header and exchanges in `seq` order. */
export interface Cassette {
  /** The first line. */
  readonly header: CassetteHeader;
  /** Every exchange, in `seq` order. */
  readonly exchanges: readonly RecordedExchange[];
}

/** Reads and checks the cassette at `file`. @throws {CassetteError} naming the line at fault. */
export function readCassette(file: string): Cassette {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CassetteError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  return parseCassette(text, file);
}

/** Parses cassette text (what {@link readCassette} reads). @throws {CassetteError} */
export function parseCassette(text: string, name = 'cassette'): Cassette {
  const lines = text
    .split('\n')
    .flatMap((line, i) => (line.trim() === '' ? [] : [{ line, at: `${name}, line ${i + 1}` }]));
  const [first, ...rest] = lines;
  if (first === undefined) throw new CassetteError(`${name}: empty, no cassette header.`);
  const header = parseLine(first, validateHeader, 'msgsvc-verify cassette header');
  if (header.version !== CASSETTE_VERSION) {
    throw new CassetteError(
      `${first.at}: cassette format version ${header.version}; this msgsvc-verify reads version ${CASSETTE_VERSION}.`,
    );
  }
  const seqs = new Set<number>();
  const exchanges = rest.map((line) => {
    const exchange = parseLine(line, validateExchange, 'recorded exchange');
    if (seqs.has(exchange.seq)) {
      throw new CassetteError(`${line.at}: seq ${exchange.seq} appears twice.`);
    }
    seqs.add(exchange.seq);
    return exchange;
  });
  return { header, exchanges: exchanges.sort((a, b) => a.seq - b.seq) };
}

/** One line of a cassette, parsed and checked against `validate`. @throws {CassetteError} */
function parseLine<T>(
  { line, at }: { line: string; at: string },
  validate: ValidateFunction<T>,
  what: string,
): T {
  let value: unknown;
  try {
    value = JSON.parse(line.trim());
  } catch (error) {
    throw new CassetteError(`${at}: not JSON (${(error as Error).message}).`);
  }
  if (depth(value) > MAX_DEPTH) {
    throw new CassetteError(`${at}: nested deeper than ${MAX_DEPTH} levels.`);
  }
  if (!validate(value)) throw new CassetteError(`${at}: not a ${what}: ${fault(validate.errors)}.`);
  return value;
}

function fault(errors: ValidateFunction['errors']): string {
  // A field that may not be there says most: named, whichever error Ajv listed first.
  // Ajv lists at least one error for a value it refused.
  const e =
    errors!.find((x) => 'additionalProperty' in x.params || 'propertyName' in x.params) ??
    errors![0]!;
  const where = e.instancePath === '' ? '/' : e.instancePath;
  const named: unknown = e.params.additionalProperty ?? e.params.propertyName;
  return named === undefined
    ? `${where} ${e.message}`
    : `${where} has a field it may not have: ${JSON.stringify(named)}`;
}

/** Nesting depth of a parsed JSON value, iteratively (a hostile file cannot blow the stack). */
function depth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, level] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (level > deepest) deepest = level;
    if (deepest > MAX_DEPTH) return deepest;
    for (const child of Object.values(node)) stack.push([child, level + 1]);
  }
  return deepest;
}

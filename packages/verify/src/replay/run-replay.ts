/**
 * Replays a cassette's requests, in order, against a deployment and reports where its behaviour
 * differs from the recording. Each request is sent as recorded, except that ids and times
 * the recording learnt from earlier answers are swapped for the target's ({@link Correspondence})
 * and key references become the keys given.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeOrKeep } from '@msgsvc/sdk/contract';
import { Correspondence } from './by-rule';
import type { Cassette, RecordedBody, RecordedExchange } from './cassette-format';
import { decodeQueryPart, recoded } from './cassette-writer';
import {
  type ComparedResponse,
  compareResponses,
  type Difference,
  type DifferenceKind,
} from './compare';
import { outsideApi } from './replay-path';

/** Options of {@link runReplay}. */
export interface ReplayOptions {
  /** The target's public API base URL, ending in `/c/v1`. */
  readonly baseUrl: string;
  /** The key each recorded key reference (`k1`, `k2`…) is replayed with. */
  readonly keys: Readonly<Record<string, string>>;
  /** Wait between requests as long as the recording did (default: one after the other at once). */
  readonly keepTiming?: boolean | undefined;
  /** The fetch to send with (tests); default the global one. */
  readonly fetch?: typeof fetch | undefined;
}

/** Which exchange of the cassette a finding is about. */
interface ExchangeAt {
  /** The exchange's `seq` in the cassette. */
  readonly seq: number;
  /** The request's method. */
  readonly method: string;
  /** The recorded path (relative to the base URL), query included. */
  readonly path: string;
}

/** A difference of one exchange, with the exchange it was found in. */
export interface ReplayDifference extends Difference, ExchangeAt {}

/** An exchange that was not replayed, and why. */
export interface SkippedExchange extends ExchangeAt {
  /** Why it was not replayed. */
  readonly reason: string;
  /**
   * Its path leads outside the public API (a `..` segment, encoded or not): it was refused, and
   * nothing was sent for it.
   */
  readonly refused?: true;
}

/** What {@link runReplay} found. */
export interface ReplayReport {
  /** The base URL replayed against. */
  readonly base_url: string;
  /** Exchanges in the cassette. */
  readonly exchanges: number;
  /** Exchanges sent to the target. */
  readonly replayed: number;
  /** Exchanges not sent, each with why. */
  readonly skipped: readonly SkippedExchange[];
  /** Every difference found, in exchange order. */
  readonly differences: readonly ReplayDifference[];
  /** Differences by kind (kinds without any are left out). */
  readonly by_kind: Readonly<Partial<Record<DifferenceKind, number>>>;
}

/** A replay that cannot go on: the target does not answer. Exit code 2. */
export class ReplayAborted extends Error {
  /** Always `'ReplayAborted'`. */
  override name = 'ReplayAborted';
}

/** Network failures in a row after which the target is taken to be unreachable. */
const UNREACHABLE_AFTER = 3;

/**
 * Replays `cassette` against `options.baseUrl`.
 *
 * @example
 * ```ts
 * const report = await runReplay(readCassette('traffic.jsonl'), {
 *   baseUrl: 'http://127.0.0.1:4780/c/v1',
 *   keys: { k1: process.env.MSGSVC_TEST_KEY! },
 * });
 * if (report.differences.length > 0) process.exitCode = 1;
 * ```
 * @throws {ReplayAborted} when the target does not answer three requests in a row.
 */
export async function runReplay(cassette: Cassette, options: ReplayOptions): Promise<ReplayReport> {
  const base = options.baseUrl.replace(/\/+$/, '');
  const ids = new Correspondence();
  const differences: ReplayDifference[] = [];
  const skipped: SkippedExchange[] = [];
  const send = options.fetch ?? fetch;
  let replayed = 0;
  /** Requests in a row the target did not answer. */
  let failures = 0;
  // With keepTiming, each request waits until as long has passed since the first as recorded.
  const recordedStart = Date.parse(cassette.exchanges[0]?.started_at ?? '');
  const replayStart = Date.now();
  for (const exchange of cassette.exchanges) {
    const { method, path, query } = exchange.request;
    const shown =
      query.length === 0 ? path : `${path}?${query.map((pair) => pair.join('=')).join('&')}`;
    const at = { seq: exchange.seq, method, path: shown };
    const key = keyFor(exchange, options.keys);
    const request = buildRequest(exchange, base, typeof key === 'string' ? key : undefined, ids);
    // A cassette is anyone's file: a path that climbs out of the API is never sent, with a key
    // or without (the recorded path, and the one sent once ids are translated).
    const outside = outsideApi(path, base) ?? outsideApi(request.path, base);
    if (outside !== undefined) {
      const reason = `refused, nothing sent: its path leads outside the public API (${outside})`;
      skipped.push({ ...at, reason, refused: true });
      continue;
    }
    if (typeof key === 'object' || exchange.request.body?.truncated === true) {
      const reason =
        typeof key === 'object' ? key.skip : 'its request body was too large to record';
      skipped.push({ ...at, reason });
      continue;
    }
    const due = Date.parse(exchange.started_at) - recordedStart - (Date.now() - replayStart);
    if (options.keepTiming === true && due > 0) await sleep(due);
    const answer = await send(request.url, request.init).then(readAnswer).catch(causeOf);
    if (typeof answer === 'string') {
      if (++failures === UNREACHABLE_AFTER) {
        const message = `${base} did not answer ${UNREACHABLE_AFTER} requests in a row (${answer}).`;
        throw new ReplayAborted(message);
      }
      const message = `recorded ${exchange.response.status}, replayed no answer (${answer})`;
      differences.push({ ...at, kind: 'status', where: 'status', message });
      continue;
    }
    failures = 0;
    replayed++;
    const { body } = exchange.response;
    // A truncated body is not compared: treated as no body.
    const json = body?.truncated === true ? undefined : body?.json;
    const found = compareResponses({ ...exchange.response, json }, answer, ids);
    differences.push(...found.map((difference) => ({ ...at, ...difference })));
  }
  const byKind: Partial<Record<DifferenceKind, number>> = {};
  for (const d of differences) byKind[d.kind] = (byKind[d.kind] ?? 0) + 1;
  return {
    base_url: base,
    exchanges: cassette.exchanges.length,
    replayed,
    skipped,
    differences,
    by_kind: byKind,
  };
}

/** Why a request got no answer: the network's error code, or the error's message. */
function causeOf(error: unknown): string {
  return String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message);
}

/**
 * The key to send: the one given for the recorded reference; for a reference without one
 * whose recording was refused with 401, a key that exists nowhere (of the same environment), so
 * the refusal replays; otherwise the exchange is skipped, naming the reference to give.
 */
function keyFor(exchange: RecordedExchange, keys: Readonly<Record<string, string>>) {
  const recorded = exchange.request.api_key;
  if (recorded === null) return undefined;
  if (Object.hasOwn(keys, recorded.ref)) return keys[recorded.ref];
  if (exchange.response.status === 401) {
    const env = /^svc_(?:live|test)_/.exec(recorded.prefix)?.[0];
    return env === undefined ? 'not-a-key' : `${env}replayUnknownKey${recorded.ref}000000000000`;
  }
  return {
    skip: `it was sent with key ${recorded.ref} (${recorded.prefix}); give one with --key ${recorded.ref}=KEY`,
  };
}

/** The request as the target should receive it. */
function buildRequest(
  exchange: RecordedExchange,
  base: string,
  key: string | undefined,
  ids: Correspondence,
): { url: string; path: string; init: RequestInit & { headers: Headers } } {
  const { request } = exchange;
  const path = request.path
    .split('/')
    .map((part) => recoded(part, decodeOrKeep, (text) => ids.translate(text)))
    .join('/');
  const query = request.query
    .map(([name, raw]) => `${name}=${recoded(raw, decodeQueryPart, (text) => ids.translate(text))}`)
    .join('&');
  const headers = new Headers(request.headers);
  if (key !== undefined) headers.set('x-api-key', key);
  return {
    url: `${base}${path}${query === '' ? '' : `?${query}`}`,
    path,
    init: {
      method: request.method,
      headers,
      body: requestBody(request.body, ids),
      redirect: 'manual',
    },
  };
}

/** The body to send: recorded ids and times in its JSON strings translated. */
function requestBody(body: RecordedBody | null, ids: Correspondence): string | null {
  if (body?.text !== undefined) return body.text;
  if (body === null || !Object.hasOwn(body, 'json')) return null;
  const json = JSON.stringify(body.json, (_, value: unknown) =>
    typeof value === 'string' ? ids.translate(value) : value,
  );
  return body.bom === true ? `\ufeff${json}` : json;
}

async function readAnswer(response: Response): Promise<ComparedResponse> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {}
  // Own keys, defined: a header a hostile target names `__proto__` is a header like any other.
  return { status: response.status, headers: Object.fromEntries(response.headers), json };
}

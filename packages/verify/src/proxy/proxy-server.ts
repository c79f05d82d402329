/**
 * `msgsvc-verify proxy` without the command line: an HTTP server that forwards every request to the
 * upstream deployment unchanged (method, path, query, headers, body; only `Host` names the
 * upstream and hop-by-hop headers stay on their hop, D93), streams the answer back as it arrives,
 * and checks each finished exchange against the contract off the response path.
 */
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { keyPrefix } from '@msgsvc/sdk';
import { CassetteWriter } from '../replay/cassette-writer';
import { checkExchange, type Violation } from './check-exchange';
import { Contract } from './contract';
import { redactText, redactUrlPart } from './redact';

/** A violation as the proxy reports it: the exchange, keys by prefix only. */
export interface ProxyViolation extends Violation {
  /** ISO 8601 time the exchange finished. */
  readonly time: string;
  /** The request's method. */
  readonly method: string;
  /** The path, secrets cut to their prefix. */
  readonly path: string;
  /** The query without `?`, secrets cut to their prefix. */
  readonly query: string;
  /** The response's status. */
  readonly status: number;
  /** The `X-API-KEY` sent, by prefix (`null` when none). */
  readonly api_key: string | null;
  /** The response's `X-Trace-Id`, to find the exchange in the service's logs. */
  readonly trace_id: string | null;
}

/** Options of {@link startProxy}. */
export interface ProxyOptions {
  /** The deployment's origin (and optional path prefix), e.g. `https://api.example.com`. */
  readonly upstream: string;
  /** Default 0 (a free port). */
  readonly port?: number | undefined;
  /** Default `127.0.0.1`. */
  readonly host?: string | undefined;
  /**
   * Called once per violation, after the response has been sent; also for each warning (a
   * response field the contract does not name, `severity: 'warning'`, D100).
   */
  readonly onViolation?: ((violation: ProxyViolation) => void) | undefined;
  /** Called once per exchange checked (with its violations and warnings), for counters. */
  readonly onExchange?: ((violations: readonly ProxyViolation[]) => void) | undefined;
  /**
   * A file to record the public API's traffic to, redacted: a cassette that `msgsvc-verify
   * replay` replays against another deployment (E46, D143). Created afresh, mode 0600.
   */
  readonly record?: string | undefined;
}

/** A running proxy. */
export interface RunningProxy {
  /** The proxy's origin, e.g. `http://127.0.0.1:43117`. */
  readonly url: string;
  /** Exchanges written to the `record` cassette so far (0 when not recording). */
  readonly recorded: () => number;
  /** Stops listening and closes idle connections (and the cassette, once its exchanges are written). */
  close(): Promise<void>;
}

/** Bytes of each body kept for checking; a longer body is checked as far as the contract can. */
const KEEP = 2 * 1024 * 1024;
/** Checks wait for this long a moment without requests in flight (E48). */
const IDLE_MS = 2;
/** …or run at once when this many exchanges wait, */
const BACKLOG_EXCHANGES = 256;
/** …or this many of their bytes. */
const BACKLOG_BYTES = 16 * 1024 * 1024;
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
]);

/** Raw header pairs without hop-by-hop headers (and without `host` when `host` is given). */
function forwardHeaders(raw: readonly string[], host?: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || (host !== undefined && name === 'host')) continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  if (host !== undefined) out.push('Host', host);
  return out;
}

/** Bytes of one body, up to {@link KEEP}; `truncated` once more arrived than is kept. */
interface Kept {
  readonly chunks: Buffer[];
  bytes: number;
  truncated: boolean;
}

const kept = (): Kept => ({ chunks: [], bytes: 0, truncated: false });

function collect(body: Kept, chunk: Buffer): void {
  if (body.bytes >= KEEP) {
    body.truncated = true;
    return;
  }
  body.chunks.push(chunk);
  body.bytes += chunk.length;
}

const lowerHeaders = (message: IncomingMessage) => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
};

/**
 * Starts the proxy (what `msgsvc-verify proxy` runs).
 *
 * @example
 * ```ts
 * const proxy = await startProxy({
 *   upstream: 'https://staging.example.com',
 *   onViolation: (v) => console.error(v.rule, v.message),
 * });
 * // point the client at `${proxy.url}/c/v1`
 * ```
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  const prefix = upstream.pathname.replace(/\/+$/, '');
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  const contract = new Contract();
  const cassette = options.record === undefined ? undefined : new CassetteWriter(options.record);
  // Checks wait until no request is in flight (E48): a check run between two requests of a
  // busy client would delay the second. A backlog beyond its bounds runs at once.
  const backlog: (() => void)[] = [];
  let backlogBytes = 0;
  let inFlight = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  const runBacklog = () => {
    idleTimer = undefined;
    backlogBytes = 0;
    for (const job of backlog.splice(0)) {
      try {
        job();
      } catch (error) {
        // A check that throws is a bug of the kit: reported, never fatal to the traffic.
        process.emitWarning(`msgsvc-verify proxy: checking an exchange failed: ${String(error)}`);
      }
    }
  };
  const scheduleBacklog = () => {
    if (backlog.length === 0) return;
    if (backlog.length >= BACKLOG_EXCHANGES || backlogBytes >= BACKLOG_BYTES) {
      clearTimeout(idleTimer);
      runBacklog();
    } else if (inFlight === 0 && idleTimer === undefined) {
      idleTimer = setTimeout(runBacklog, IDLE_MS);
    }
  };
  const defer = (job: () => void, bytes: number) => {
    backlog.push(job);
    backlogBytes += bytes;
    scheduleBacklog();
  };

  const server = createServer((req, res) => {
    inFlight++;
    if (idleTimer !== undefined) {
      clearTimeout(idleTimer);
      idleTimer = undefined;
    }
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      inFlight--;
      scheduleBacklog();
    };
    res.once('close', done);
    const started = new Date();
    const begin = performance.now();
    const seq = cassette?.arrived(req.url ?? '/');
    const requestBody = kept();
    const outgoing = send({
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: `${prefix}${req.url ?? '/'}`,
      headers: forwardHeaders(req.rawHeaders, upstream.host) as unknown as Record<string, string>,
    });
    req.on('data', (chunk: Buffer) => collect(requestBody, chunk));
    req.pipe(outgoing);
    outgoing.on('error', (error) => {
      if (res.headersSent) {
        res.destroy(error);
        return;
      }
      // No upstream answer to pass on: say so in the envelope's shape, plainly marked as ours.
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          code: 'PROXY_UPSTREAM_UNREACHABLE',
          message: `the proxy could not reach ${upstream.origin}: ${(error as NodeJS.ErrnoException).code ?? error.message}`,
          status: 502,
          service: 'proxy',
        }),
      );
    });
    outgoing.on('response', (answer) => {
      res.writeHead(
        answer.statusCode ?? 502,
        answer.statusMessage,
        forwardHeaders(answer.rawHeaders) as unknown as Record<string, string>,
      );
      const responseBody = kept();
      answer.on('data', (chunk: Buffer) => collect(responseBody, chunk));
      answer.pipe(res);
      answer.on('end', () => {
        const durationMs = performance.now() - begin;
        // After the last byte went out: checking (and recording) never delays an answer (E48).
        defer(() => {
          const sent = Buffer.concat(requestBody.chunks);
          const received = Buffer.concat(responseBody.chunks);
          report(req, answer, sent, received);
          if (seq !== undefined) {
            cassette!.record({
              seq,
              startedAt: started,
              durationMs,
              method: req.method ?? 'GET',
              url: req.url ?? '/',
              requestHeaders: lowerHeaders(req),
              requestBody: sent,
              requestTruncated: requestBody.truncated,
              status: answer.statusCode ?? 0,
              responseHeaders: lowerHeaders(answer),
              responseBody: received,
              responseTruncated: responseBody.truncated,
            });
          }
        }, requestBody.bytes + responseBody.bytes);
      });
    });
  });

  function report(req: IncomingMessage, answer: IncomingMessage, body: Buffer, out: Buffer): void {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
    const requestHeaders = lowerHeaders(req);
    const responseHeaders = lowerHeaders(answer);
    let found: Violation[];
    try {
      found = checkExchange(contract, {
        method: req.method ?? 'GET',
        path,
        query,
        requestHeaders,
        requestBody: body.toString('utf8'),
        status: answer.statusCode ?? 0,
        responseHeaders,
        responseBody: out.toString('utf8'),
      });
    } catch (error) {
      found = [
        {
          severity: 'error',
          side: 'response',
          rule: 'response-body',
          operation: null,
          message: `could not be checked: ${(error as Error).message}`,
        },
      ];
    }
    const key = requestHeaders['x-api-key'];
    const violations = found.map(
      (violation): ProxyViolation => ({
        time: new Date().toISOString(),
        method: req.method ?? 'GET',
        path: redactUrlPart(path),
        query: redactUrlPart(query),
        status: answer.statusCode ?? 0,
        api_key: key === undefined ? null : keyPrefix(key),
        trace_id: responseHeaders['x-trace-id'] ?? null,
        ...violation,
        message: redactText(violation.message),
      }),
    );
    for (const violation of violations) options.onViolation?.(violation);
    options.onExchange?.(violations);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    recorded: () => cassette?.written ?? 0,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      // Exchanges that finished before the close are still checked and written, then the
      // cassette closes.
      clearTimeout(idleTimer);
      runBacklog();
      cassette?.close();
    },
  };
}

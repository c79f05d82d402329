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
}

/** A running proxy. */
export interface RunningProxy {
  /** The proxy's origin, e.g. `http://127.0.0.1:43117`. */
  readonly url: string;
  /** Stops listening and closes idle connections. */
  close(): Promise<void>;
}

/** Bytes of each body kept for checking; a longer body is checked as far as the contract can. */
const KEEP = 2 * 1024 * 1024;
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

function collect(chunks: Buffer[], size: { bytes: number }, chunk: Buffer): void {
  if (size.bytes >= KEEP) return;
  chunks.push(chunk);
  size.bytes += chunk.length;
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

  const server = createServer((req, res) => {
    const requestChunks: Buffer[] = [];
    const requestSize = { bytes: 0 };
    const outgoing = send({
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: `${prefix}${req.url ?? '/'}`,
      headers: forwardHeaders(req.rawHeaders, upstream.host) as unknown as Record<string, string>,
    });
    req.on('data', (chunk: Buffer) => collect(requestChunks, requestSize, chunk));
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
      const responseChunks: Buffer[] = [];
      const responseSize = { bytes: 0 };
      answer.on('data', (chunk: Buffer) => collect(responseChunks, responseSize, chunk));
      answer.pipe(res);
      answer.on('end', () => {
        // After the last byte went out: checking never delays the answer.
        setImmediate(() =>
          report(req, answer, Buffer.concat(requestChunks), Buffer.concat(responseChunks)),
        );
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

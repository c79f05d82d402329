/**
 * `msgsvc-verify proxy` without the command line: a TCP server that pairs each client connection
 * with its own upstream connection and passes the bytes through (request heads rewritten, answers
 * byte for byte), then checks a copy of the traffic against the contract once the traffic is quiet.
 */
import { once } from 'node:events';
import { type AddressInfo, createServer, isIP, connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { keyPrefix } from '@msgsvc/sdk';
import { redactSecrets } from '@msgsvc/sdk/contract';
import { CassetteWriter } from '../replay/cassette-writer';
import type { TappedExchange } from '../replay/tapped-exchange';
import { checkExchange, type Violation } from './check-exchange';
import { Contract } from './contract';
import { type KeptExchange, readExchange } from './exchange-tap';
import { type PairDeps, PairedConnection } from './paired-connection';
import { QuietQueue } from './quiet-queue';

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
   * response field the contract does not name, `severity: 'warning'`).
   */
  readonly onViolation?: ((violation: ProxyViolation) => void) | undefined;
  /** Called once per exchange checked (with its violations and warnings), for counters. */
  readonly onExchange?: ((violations: readonly ProxyViolation[]) => void) | undefined;
  /**
   * How long a request head may take to arrive whole before the proxy answers 408 and closes
   * the connection (default 60 000 ms, as Node's `headersTimeout`).
   */
  readonly headersTimeoutMs?: number | undefined;
  /**
   * A file to record the public API's traffic to, redacted: a cassette that `msgsvc-verify
   * replay` replays against another deployment. Created afresh, mode 0600.
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
  const contract = new Contract();
  const cassette = options.record === undefined ? undefined : new CassetteWriter(options.record);
  const pairs = new Set<PairedConnection>();
  /** Exchanges answered and not yet checked: checked in the order their requests arrived. */
  const finished: KeptExchange[] = [];
  const queue = new QuietQueue(() => {
    const batch = finished.splice(0).sort((a, b) => a.arrival.at - b.arrival.at);
    for (const kept of batch) {
      try {
        const exchange = readExchange(kept);
        cassette?.record(exchange);
        const violations = violationsOf(contract, exchange);
        for (const violation of violations) options.onViolation?.(violation);
        options.onExchange?.(violations);
      } catch (error) {
        // A check that throws is a bug of the kit: reported, never fatal to the traffic.
        process.emitWarning(`msgsvc-verify proxy: checking an exchange failed: ${String(error)}`);
      }
    }
  });
  const deps: PairDeps = {
    ...upstreamOf(options.upstream),
    headersTimeoutMs: options.headersTimeoutMs ?? 60_000,
    moved: (bytes, requests) => queue.moved(bytes, requests),
    onExchange: (exchange) => {
      finished.push(exchange);
      queue.soon();
    },
    seqOf: (target) => cassette?.arrived(target),
  };
  const server = createServer({ allowHalfOpen: true, noDelay: true }, (client) => {
    const pair = new PairedConnection(client, deps);
    pairs.add(pair);
    client.once('close', () => pairs.delete(pair));
  });
  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    recorded: () => cassette?.written ?? 0,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const pair of pairs) pair.closeWhenIdle();
      await closed;
      queue.runNow();
      cassette?.close();
    },
  };
}

/** How the proxy reaches the upstream at `url`: plain or TLS, its `Host` and its path prefix. */
function upstreamOf(url: string): Pick<PairDeps, 'connect' | 'origin' | 'host' | 'prefix'> {
  const upstream = new URL(url);
  const secure = upstream.protocol === 'https:';
  const hostname = upstream.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(upstream.port || (secure ? 443 : 80));
  const connect = () =>
    secure
      ? tlsConnect({
          host: hostname,
          port,
          servername: isIP(hostname) === 0 ? hostname : undefined,
          ALPNProtocols: ['http/1.1'],
        }).setNoDelay(true)
      : netConnect({ host: hostname, port, noDelay: true, allowHalfOpen: true });
  return {
    connect,
    origin: upstream.origin,
    host: upstream.host,
    prefix: upstream.pathname.replace(/\/+$/, ''),
  };
}

/** Checks `exchange` against the contract: its violations as the proxy reports them. */
function violationsOf(contract: Contract, exchange: TappedExchange): ProxyViolation[] {
  const { arrival, path, query, requestHeaders, responseHeaders, status } = exchange;
  const key = requestHeaders['x-api-key'];
  return checkExchange(contract, { ...exchange, method: arrival.method }).map(
    (violation): ProxyViolation => ({
      time: new Date().toISOString(),
      method: arrival.method,
      path: redactSecrets(path),
      query: redactSecrets(query),
      status,
      api_key: key === undefined ? null : keyPrefix(key),
      trace_id: responseHeaders['x-trace-id'] ?? null,
      ...violation,
      message: redactSecrets(violation.message),
    }),
  );
}

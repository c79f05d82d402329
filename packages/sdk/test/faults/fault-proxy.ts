/**
 * The over-the-wire fault injector: a small HTTP proxy on 127.0.0.1 in front of the mock server
 * that makes each request meet the plan's fault at the socket level — the client's socket
 * destroyed before forwarding, after the service answered, or half-way through the body; a
 * request held without an answer; headers and a few bytes, then silence; a page instead of JSON.
 * Both sides keep connections alive, as undici does by default. `close()` destroys every socket.
 */
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { cutPoint, HTML_PAGE, HTML_TYPE, statusAnswer } from './fault-answers';
import type { FaultPlan } from './fault-plan';

/** A running proxy. */
export interface FaultProxy {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Resolves once every request the proxy still has to forward has been answered upstream. */
  drain(): Promise<void>;
  /** Stops listening and destroys every socket, held ones included. */
  close(): Promise<void>;
}

/** An upstream answer, read whole. */
interface Upstream {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
}

// Hop-by-hop headers belong to one connection and are never forwarded.
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length']);

/**
 * Starts a proxy to `upstream` (an origin such as `http://127.0.0.1:4780`).
 *
 * @param timeout - The client's per-attempt timeout: `late` forwards after it has fired.
 */
export async function startFaultProxy(
  upstream: string,
  plan: FaultPlan,
  timeout: number,
): Promise<FaultProxy> {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const sockets = new Set<Socket>();
  const inFlight = new Set<Promise<unknown>>();

  const forward = (req: IncomingMessage, body: Buffer): Promise<Upstream> =>
    new Promise<Upstream>((resolve, reject) => {
      const headers = copyHeaders(req.headers);
      headers['content-length'] = String(body.length);
      const out = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers,
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 502,
              headers: copyHeaders(res.headers),
              body: Buffer.concat(chunks),
            }),
          );
          res.on('error', reject);
        },
      );
      out.on('error', reject);
      out.end(body);
    });

  const reply = (res: ServerResponse, answer: Upstream) => {
    if (res.destroyed) return;
    res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
    res.end(answer.body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const key = req.headers['idempotency-key'];
    const fault = plan.next(typeof key === 'string' ? key : undefined);
    if (fault.kind === 'reset-before') {
      req.socket.destroy();
      return;
    }
    const body = await readBody(req);
    switch (fault.kind) {
      case 'pass':
        reply(res, await forward(req, body));
        return;
      case 'reset-after':
        await forward(req, body);
        req.socket.destroy();
        return;
      case 'status-500':
      case 'status-503':
      case 'rate-429': {
        const answer = statusAnswer(fault.kind, crypto.randomUUID().replaceAll('-', ''));
        reply(res, { ...answer, body: Buffer.from(answer.body) });
        return;
      }
      case 'hold':
        // Never forwarded, never answered: the socket stays open until the client gives up.
        return;
      case 'hold-deaf':
        // Forwarded and executed, but the answer never comes back.
        await forward(req, body);
        return;
      case 'late':
        // Stuck past the client's timeout, then forwarded: the service executes it after the
        // client gave up on this attempt; the answer goes to a socket that is usually gone.
        await new Promise((resolve) => setTimeout(resolve, timeout + fault.lateBy));
        reply(res, await forward(req, body));
        return;
      case 'body-cut': {
        const answer = await forward(req, body);
        const cut = cutPoint(answer.body.length, fault.cutAt);
        res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
        res.write(answer.body.subarray(0, cut), () => req.socket.destroy());
        return;
      }
      case 'body-stall': {
        const answer = await forward(req, body);
        const cut = cutPoint(answer.body.length, fault.cutAt);
        res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
        res.write(answer.body.subarray(0, cut));
        return;
      }
      case 'html':
        await forward(req, body);
        reply(res, {
          status: 200,
          headers: { 'content-type': HTML_TYPE },
          body: Buffer.from(HTML_PAGE),
        });
        return;
    }
  };

  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    // Tracked until the proxy is done with the request (a held one: once it decided to hold), so
    // `drain` also waits for a late request still waiting to be forwarded.
    const done = handle(req, res).catch(() => req.socket.destroy());
    inFlight.add(done);
    done.then(() => inFlight.delete(done));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    async drain() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await closed;
    },
  };
}

function copyHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP.has(name)) out[name] = value;
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    // A client that gives up mid-upload ends the request without `end` (a no-op after it).
    req.on('close', () => reject(new Error('The client closed the request before its end')));
  });
}

/**
 * The in-process fault injector: a `fetch` around another (the mock's) that makes each attempt meet
 * the fault the plan draws for it. It behaves as undici does where a real fetch would (the same
 * errors, a body stream that errors mid-way), and worse where a custom fetch may: `hold-deaf` and
 * the stalled body ignore the abort signal, so only the client's own deadline can end them.
 */
import {
  connectionReset,
  cutPoint,
  HTML_PAGE,
  HTML_TYPE,
  type StatusFault,
  statusAnswer,
  terminated,
} from './fault-answers';
import type { Fault, FaultPlan } from './fault-plan';

/** The `fetch` the SDK accepts. */
type AttemptFetch = (request: Request, init?: { signal?: AbortSignal }) => Promise<Response>;

/** A faulty fetch and a way to wait for the requests it still has to forward. */
export interface FaultyFetch {
  readonly fetch: AttemptFetch;
  /** Resolves once every late forward has reached the service (call before checking state). */
  drain(): Promise<void>;
}

/**
 * Wraps `target` (the service) with the plan's faults.
 *
 * @param timeout - The client's per-attempt timeout: `late` forwards after it has fired.
 */
export function createFaultyFetch(
  target: (request: Request) => Promise<Response>,
  plan: FaultPlan,
  timeout: number,
): FaultyFetch {
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    promise.then(
      () => inFlight.delete(promise),
      () => inFlight.delete(promise),
    );
    return promise;
  };

  const attempt = async (
    request: Request,
    signal: AbortSignal | undefined,
    fault: Fault,
  ): Promise<Response> => {
    switch (fault.kind) {
      case 'pass':
        return target(request);
      case 'reset-before':
        throw connectionReset();
      case 'reset-after': {
        // The service executed the request; its answer is lost with the connection.
        await (await target(request)).arrayBuffer();
        throw connectionReset();
      }
      case 'status-500':
      case 'status-503':
      case 'rate-429':
        return statusResponse(fault.kind);
      case 'hold':
        // Never forwarded, never answered; gives up when the attempt's signal aborts.
        return new Promise<never>((_, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      case 'hold-deaf':
        // Never forwarded, never answered, and deaf to the signal.
        return new Promise<never>(() => {});
      case 'late': {
        // Stuck in a queue past the client's timeout, then forwarded: the service executes it
        // after the client gave up on this attempt (perhaps after a retry already did).
        const forwarded = track(
          delay(timeout + fault.lateBy).then(() => target(request).then(readAll)),
        );
        return new Promise<Response>((resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
          forwarded.then((answer) => resolve(rebuild(answer)), reject);
        });
      }
      case 'body-cut': {
        const answer = await target(request).then(readAll);
        const cut = cutPoint(answer.bytes.length, fault.cutAt);
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(answer.bytes.slice(0, cut));
            controller.error(terminated());
          },
        });
        return new Response(body, { status: answer.status, headers: answer.headers });
      }
      case 'body-stall': {
        const answer = await target(request).then(readAll);
        const cut = cutPoint(answer.bytes.length, fault.cutAt);
        // Some bytes, then nothing ever again; only `cancel()` ends it (not the signal).
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(answer.bytes.slice(0, cut));
          },
        });
        return new Response(body, { status: answer.status, headers: answer.headers });
      }
      case 'html': {
        // The service executed the request; a proxy replaced its answer with a page.
        await (await target(request)).arrayBuffer();
        return new Response(HTML_PAGE, { status: 200, headers: { 'content-type': HTML_TYPE } });
      }
    }
  };

  return {
    fetch: (request, init) =>
      attempt(
        request,
        init?.signal,
        plan.next(request.headers.get('idempotency-key') ?? undefined),
      ),
    async drain() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

interface ReadAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: Uint8Array<ArrayBuffer>;
}

async function readAll(response: Response): Promise<ReadAnswer> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}

function rebuild(answer: ReadAnswer): Response {
  return new Response(answer.bytes, { status: answer.status, headers: answer.headers });
}

function statusResponse(kind: StatusFault): Response {
  const answer = statusAnswer(kind, crypto.randomUUID().replaceAll('-', ''));
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

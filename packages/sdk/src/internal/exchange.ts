/**
 * One attempt as a whole exchange: the request sent, the response headers received and the body
 * read, all under one time limit and the caller's signal. A body is part of the answer: a
 * connection that breaks or stalls after the headers is as much a failed attempt as one that
 * breaks before them (issue 10), and the service's answers are small JSON, so reading them here
 * costs nothing a caller would not pay anyway.
 */

/** A response with its body read as text. */
export interface Exchange {
  readonly response: Response;
  readonly text: string;
}

/**
 * Why an attempt produced no exchange: `timeout` (the attempt's limit), `abort` (the caller's
 * signal), `network` (no response headers) or `body` (the body could not be read to its end).
 */
export class AttemptFailure {
  /**
   * @param reason - Which phase failed, and how.
   * @param cause - The underlying error or abort reason.
   */
  constructor(
    readonly reason: 'timeout' | 'abort' | 'network' | 'body',
    readonly cause: unknown,
  ) {}
}

/** The `fetch` an exchange uses: a request and, when it can be aborted, a signal. */
export type AttemptFetch = (request: Request, init?: { signal: AbortSignal }) => Promise<Response>;

// setTimeout fires at once for delays past 2³¹−1 ms; such limits are simply not timed.
const MAX_TIMER = 2_147_483_647;

/**
 * Runs one attempt. Rejects with an {@link AttemptFailure} only.
 *
 * @param fetch - The base fetch.
 * @param request - The request of this attempt.
 * @param limit - Milliseconds the whole exchange may take (`Infinity`: no limit).
 * @param signal - The caller's signal, if any.
 */
export function exchange(
  fetch: AttemptFetch,
  request: Request,
  limit: number,
  signal: AbortSignal | undefined,
): Promise<Exchange> {
  const timed = limit < MAX_TIMER;
  if (!timed && signal === undefined) return readWhole(fetch, request, undefined);
  // The signal handed to `fetch` is created only when `fetch` reads it: a fetch that ignores
  // signals (a mock) never pays for one. Either way the race below ends the attempt on time.
  let controller: AbortController | undefined;
  const init = {
    get signal() {
      controller ??= new AbortController();
      return controller.signal;
    },
  };
  return new Promise<Exchange>((resolve, reject) => {
    const giveUp = (failure: AttemptFailure) => {
      cleanup();
      controller?.abort(failure.cause);
      reject(failure);
    };
    const timer = timed
      ? setTimeout(
          () => giveUp(new AttemptFailure('timeout', timeoutReason(limit))),
          Math.max(0, limit),
        )
      : undefined;
    const onAbort = () => giveUp(new AttemptFailure('abort', signal?.reason));
    const cleanup = () => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    signal?.addEventListener('abort', onAbort);
    // A late settlement after `giveUp` is a no-op: a promise settles once.
    readWhole(fetch, request, init).then(
      (whole) => {
        cleanup();
        resolve(whole);
      },
      (failure) => {
        cleanup();
        reject(failure);
      },
    );
  });
}

async function readWhole(
  fetch: AttemptFetch,
  request: Request,
  init: { signal: AbortSignal } | undefined,
): Promise<Exchange> {
  let response: Response;
  try {
    response = await fetch(request, init);
  } catch (cause) {
    throw new AttemptFailure('network', cause);
  }
  if (response.body === null) return { response, text: '' };
  try {
    return { response, text: await response.text() };
  } catch (cause) {
    throw new AttemptFailure('body', cause);
  }
}

function timeoutReason(limit: number): DOMException {
  return new DOMException(`The attempt timed out after ${limit} ms`, 'TimeoutError');
}

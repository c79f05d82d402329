/**
 * Responses whose bodies fail the way real connections do: cut half-way (undici reports
 * `TypeError: terminated`) or stalled after the first bytes.
 */

/** A response whose body sends the first half of `text`, then errors like a reset connection. */
export function cutBody(
  status: number,
  text: string,
  headers: Record<string, string> = {},
): Response {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.slice(0, bytes.length >> 1));
    },
    pull(controller) {
      controller.error(new TypeError('terminated'));
    },
  });
  return new Response(body, {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * A response whose body sends a few bytes and then nothing, ever. When `signal` aborts, the body
 * errors (as undici does); without a signal it stalls for good.
 */
export function stalledBody(status: number, signal?: AbortSignal): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"id":'));
      signal?.addEventListener('abort', () => controller.error(signal.reason));
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'application/json' } });
}

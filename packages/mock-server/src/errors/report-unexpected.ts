/**
 * The server's one report of an exception it did not expect: a block on stderr naming the request
 * and the trace id of the 500 it got, then the stack. The client's 500 says what broke too;
 * this is for whoever runs the server. Below `worlds/`: each world's mock reports its own bugs with
 * it.
 */
import type { UnexpectedErrorContext } from '@msgsvc/mock/port';

/**
 * Writes one report to stderr. Never throws: reporting a failure must not become another one.
 *
 * @param error - What was thrown.
 * @param context - The request that failed and the trace id of its 500.
 */
export function reportToStderr(error: unknown, { request, traceId }: UnexpectedErrorContext): void {
  try {
    const stack =
      typeof error === 'object' && error !== null && typeof (error as Error).stack === 'string'
        ? (error as Error).stack
        : String(error);
    process.stderr.write(
      `msgsvc-mock: unexpected error answering ${request.method} ${request.path} (trace ${traceId}); the client got a 500:\n${stack}\n`,
    );
  } catch {
    // stderr closed, or a value that cannot be printed: the 500 still carries the message.
  }
}

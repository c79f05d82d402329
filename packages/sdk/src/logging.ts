// Debug logging as transport hooks, like openai-node's `OPENAI_LOG`. The API key appears only as
// its prefix (the hooks' events never hold more) and bodies only when asked for.
import type { TransportHooks } from './core/retry-fetch';

/** How much the client logs. `off` (the default) logs nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'off';

/** Where log lines go: `console` by default, or any object with these methods (pino, winston…). */
export interface Logger {
  /** Attempts and responses. */
  debug(message: string, details?: Record<string, unknown>): void;
  /** Retries. */
  info(message: string, details?: Record<string, unknown>): void;
  /** Calls that failed for good. */
  warn(message: string, details?: Record<string, unknown>): void;
}

const RANK: Readonly<Record<LogLevel, number>> = { debug: 0, info: 1, warn: 2, off: 3 };

/**
 * Reads a log level (from an option or `MSGSVC_LOG`); anything unknown is `off`.
 *
 * @param value - `debug`, `info`, `warn` or `off`, in any case.
 */
export function parseLogLevel(value: string | undefined): LogLevel {
  const level = value?.toLowerCase();
  return level !== undefined && Object.hasOwn(RANK, level) ? (level as LogLevel) : 'off';
}

/**
 * The client's hooks: the caller's, each followed by its log line where `level` prints one.
 *
 * @param hooks - The caller's hooks (they run first).
 * @param level - The least severe level printed.
 * @param logger - Where lines go.
 * @param bodies - Whether request and response bodies are included (debug lines only).
 */
export function logHooks(
  hooks: TransportHooks,
  level: LogLevel,
  logger: Logger,
  bodies: boolean,
): TransportHooks {
  // The caller's hook, followed by `line` when `level` prints lines of `rank`.
  const logged = <E>(hook: ((event: E) => void) | undefined, rank: number, line: (e: E) => void) =>
    RANK[level] > rank
      ? hook
      : (event: E) => {
          hook?.(event);
          line(event);
        };
  return {
    onRequest: logged(hooks.onRequest, RANK.debug, (e) =>
      logger.debug(`msgsvc → ${e.method} ${pathOf(e.url)} (attempt ${e.attempt})`, {
        headers: e.headers,
        ...(e.idempotencyKey === undefined ? {} : { idempotencyKey: e.idempotencyKey }),
        ...(bodies && e.body !== undefined ? { body: e.body } : {}),
      }),
    ),
    onResponse: logged(hooks.onResponse, RANK.debug, (e) =>
      logger.debug(
        `msgsvc ← ${e.status} ${e.method} ${pathOf(e.url)} (attempt ${e.attempt}, ${Math.round(e.durationMs)} ms, trace ${e.traceId ?? '-'})`,
        bodies ? { body: e.body } : undefined,
      ),
    ),
    onRetry: logged(hooks.onRetry, RANK.info, (e) =>
      logger.info(
        `msgsvc retrying ${e.method} ${pathOf(e.url)} in ${Math.round(e.delayMs)} ms after attempt ${e.attempt}: ${e.status ?? e.error?.code} (trace ${e.traceId ?? '-'})`,
      ),
    ),
    onError: logged(hooks.onError, RANK.warn, (e) =>
      logger.warn(
        `msgsvc ${e.method} ${pathOf(e.url)} failed after ${e.attempt} attempt(s): ${e.error.code} ${e.error.message}`,
        e.idempotencyKey === undefined ? undefined : { idempotencyKey: e.idempotencyKey },
      ),
    ),
  };
}

// The path and query: the origin is the same on every line.
function pathOf(url: string): string {
  const { pathname, search } = new URL(url);
  return pathname + search;
}

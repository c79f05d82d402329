/**
 * An exception the mock did not expect is a bug in the mock, and the person who meets it is a test
 * author who cannot see inside it. So the 500 says what broke: the exception's name and message and
 * its first stack frames, bounded, with anything that looks like a credential cut to its prefix.
 */

import { redactSecrets } from '@msgsvc/sdk/contract';
import type { ErrorData } from '../domain/core/errors';
import type { HttpRequest } from './types';

/** Stack frames a message quotes at most. */
export const MAX_FRAMES = 5;
/** Characters a message has at most. */
export const MAX_MESSAGE = 1000;

/** What an error reporter learns about the request that failed, besides the exception. */
export interface UnexpectedErrorContext {
  /** The request that failed (its headers include the API key: keep them out of shared logs). */
  readonly request: HttpRequest;
  /** The trace id of the 500 the request got. */
  readonly traceId: string;
}

/** Called once with each exception the mock did not expect, and the request it broke. */
export type UnexpectedErrorReporter = (error: unknown, context: UnexpectedErrorContext) => void;

/**
 * The envelope of an unexpected exception: `INTERNAL_SERVER_ERROR` whose message names the
 * exception and where it was thrown, bounded (`MAX_MESSAGE` characters, `MAX_FRAMES` frames).
 */
export function unexpectedError(error: unknown): ErrorData {
  // Shape, not `instanceof Error`: an error from another realm (a test runner's vm) is still one.
  const parts: { name?: unknown; message?: unknown; stack?: unknown } =
    typeof error === 'object' && error !== null ? error : {};
  const { name, message, stack } = parts;
  const headline =
    typeof message === 'string'
      ? `${typeof name === 'string' && name !== '' ? name : 'Error'}: ${message}`
      : safeString(error);
  const frames =
    typeof stack === 'string'
      ? stack
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line.startsWith('at '))
          .slice(0, MAX_FRAMES)
          .map(shortenPaths)
      : [];
  const lead = `The mock failed unexpectedly (a bug in @msgsvc/mock, not in your request): ${headline}`;
  const text = frames.length === 0 ? lead : `${lead}\n${frames.map((f) => `    ${f}`).join('\n')}`;
  // Credentials the message quotes (an API key, a webhook secret) are cut before the bound, so a
  // cut never lands inside one.
  const redacted = redactSecrets(text);
  return {
    code: 'INTERNAL_SERVER_ERROR',
    message: redacted.length <= MAX_MESSAGE ? redacted : `${redacted.slice(0, MAX_MESSAGE - 1)}…`,
  };
}

/** The report `onError` gives by default: one `console.error` line naming the request, and the error. */
export function consoleReporter(error: unknown, { request, traceId }: UnexpectedErrorContext) {
  console.error(
    `@msgsvc/mock: unexpected error answering ${request.method} ${request.path} (trace ${traceId}); the client got a 500:`,
    error,
  );
}

// `/home/me/work/repo/packages/mock/src/http/pipeline.ts:12:3` → `…/mock/src/http/pipeline.ts:12:3`:
// enough to find the line, without the machine's directories.
function shortenPaths(frame: string): string {
  return frame.replace(
    /(?:file:\/\/)?(?:[A-Za-z]:)?[\\/][^\s()]*[\\/]([^\s()\\/]+[\\/][^\s()\\/]+[\\/][^\s()\\/]+[\\/][^\s()\\/]+)/g,
    '…/$1',
  );
}

function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return 'a value that cannot be shown';
  }
}

/**
 * The service's error envelope, for every error anywhere, and the one table from domain error codes
 * to their status and `service`. An exception the mock did not expect is a bug in the mock, met by
 * a test author who cannot see inside it: its 500 says what broke, bounded, credentials cut.
 */
import type { components } from '@msgsvc/sdk';
import { redactSecrets } from '@msgsvc/sdk/contract';
import type { ErrorCode, ErrorData } from '../domain/core/errors';
import { formatTimestamp } from '../domain/core/time-format';
import type { HttpRequest, HttpResponse } from './types';

/** Every code the mock produces, mapped. */
const ERROR_TABLE: Readonly<Record<ErrorCode, { status: number; service: 'core' | 'billing' }>> = {
  AUTH_INVALID_API_KEY: { status: 401, service: 'core' },
  AUTH_INVALID_SCOPE: { status: 403, service: 'core' },
  NOT_FOUND: { status: 404, service: 'core' },
  RESOURCE_NOT_FOUND: { status: 404, service: 'core' },
  METHOD_NOT_ALLOWED: { status: 405, service: 'core' },
  BILLING_INSUFFICIENT_FUNDS: { status: 402, service: 'billing' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, service: 'core' },
  PAYLOAD_TOO_LARGE: { status: 413, service: 'core' },
  // What the HTTP server answers for itself, before any route.
  BAD_REQUEST: { status: 400, service: 'core' },
  REQUEST_TIMEOUT: { status: 408, service: 'core' },
  REQUEST_HEADER_FIELDS_TOO_LARGE: { status: 431, service: 'core' },
  NOT_IMPLEMENTED: { status: 501, service: 'core' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, service: 'core' },
  VALIDATION_ERROR: { status: 422, service: 'core' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, service: 'core' },
  TEST_MODE_CHANNEL_UNSUPPORTED: { status: 422, service: 'core' },
  RATE_LIMIT_EXCEEDED: { status: 429, service: 'core' },
  INTERNAL_SERVER_ERROR: { status: 500, service: 'core' },
  SERVICE_UNAVAILABLE: { status: 503, service: 'core' },
};

/** The JSON body of an error response, as the contract gives it. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/** Builds an error response for a domain error, its status and service from the error table. */
export function errorResponse(
  error: ErrorData,
  traceId: string,
  now: number,
  headers: Record<string, string> = {},
): HttpResponse {
  const { status, service } = ERROR_TABLE[error.code];
  // Fields named one by one: an Error's `message` is not enumerable, so a spread would drop it.
  const parts = { code: error.code, message: error.message, status, service, fields: error.fields };
  return envelopeResponse(parts, traceId, now, headers);
}

/**
 * Builds an error response from its parts, with the trace id in body and header: the one place the
 * envelope is written (the control API's own codes use it too).
 */
export function envelopeResponse(
  error: Omit<ErrorEnvelope, 'trace_id' | 'timestamp' | 'fields'> & {
    fields?: ErrorEnvelope['fields'] | undefined;
  },
  traceId: string,
  now: number,
  headers: Record<string, string> = {},
): HttpResponse {
  const envelope: ErrorEnvelope = {
    code: error.code,
    // Messages echo what a request sent (its path, a value): never a whole key or secret.
    message: redactSecrets(error.message),
    status: error.status,
    trace_id: traceId,
    timestamp: formatTimestamp(now),
    service: error.service,
  };
  if (error.fields !== undefined) {
    // Own properties even for a field named `__proto__`, which an assignment would not make.
    envelope.fields = Object.fromEntries(
      Object.entries(error.fields).map(([name, text]) => [
        redactSecrets(name),
        redactSecrets(text),
      ]),
    );
  }
  return {
    status: error.status,
    headers: { ...headers, 'content-type': 'application/json', 'x-trace-id': traceId },
    body: JSON.stringify(envelope),
  };
}

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

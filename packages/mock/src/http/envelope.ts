/**
 * The service's error object, used for every error anywhere: `code`, `message`, `status`,
 * `trace_id`, `timestamp`, `service`, and `fields` only on validation and scope errors.
 */

import type { components } from '@msgsvc/sdk';
import { redactSecrets } from '@msgsvc/sdk/contract';
import type { ErrorData } from '../domain/core/errors';
import { formatTimestamp } from '../domain/core/time-format';
import { ERROR_TABLE } from './error-table';
import type { HttpResponse } from './types';

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
  const parts = { code: error.code, message: error.message, status, service };
  return envelopeResponse(
    error.fields === undefined ? parts : { ...parts, fields: error.fields },
    traceId,
    now,
    headers,
  );
}

/**
 * Builds an error response from its parts, with the trace id in body and header: the one place the
 * envelope is written (the control API's own codes use it too).
 */
export function envelopeResponse(
  error: {
    code: string;
    message: string;
    status: number;
    service: string;
    fields?: Readonly<Record<string, string>>;
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

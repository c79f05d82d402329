/**
 * The service's error object, used for every error anywhere: `code`, `message`, `status`,
 * `trace_id`, `timestamp`, `service`, and `fields` only on validation and scope errors.
 */
import type { ErrorData } from '../domain/errors';
import { formatTimestamp } from '../domain/time-format';
import { ERROR_TABLE } from './error-table';
import type { HttpResponse } from './types';

/** The JSON body of an error response. */
export interface ErrorEnvelope {
  code: string;
  message: string;
  status: number;
  trace_id: string;
  timestamp: string;
  service: string;
  fields?: Record<string, string>;
}

/** Builds an error response for `error`, with the trace id in body and header. */
export function errorResponse(
  error: ErrorData,
  traceId: string,
  now: number,
  headers: Record<string, string> = {},
): HttpResponse {
  const mapping = ERROR_TABLE[error.code];
  const envelope: ErrorEnvelope = {
    code: error.code,
    message: error.message,
    status: mapping.status,
    trace_id: traceId,
    timestamp: formatTimestamp(now),
    service: mapping.service,
  };
  if (error.fields !== undefined) envelope.fields = { ...error.fields };
  return {
    status: mapping.status,
    headers: { ...headers, 'content-type': 'application/json', 'x-trace-id': traceId },
    body: JSON.stringify(envelope),
  };
}

/** The one table from domain error codes to HTTP: status and the `service` the envelope names. */
import type { ErrorCode } from '../domain/core/errors';

/** How an error code is answered. */
export interface ErrorMapping {
  readonly status: number;
  readonly service: 'core' | 'billing';
}

/** Every code the mock produces, mapped. */
export const ERROR_TABLE: Readonly<Record<ErrorCode, ErrorMapping>> = {
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

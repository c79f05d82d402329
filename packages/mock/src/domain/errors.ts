/**
 * Domain errors are data keyed by the service's error codes; the http layer maps each code to a
 * status and a `service` in one table (`http/error-table.ts`). The domain never knows a status code.
 */

/** Every error code the mock produces (the service's own, plus decisions D2, D9, D28, D68). */
export type ErrorCode =
  | 'AUTH_INVALID_API_KEY'
  | 'AUTH_INVALID_SCOPE'
  | 'NOT_FOUND'
  | 'RESOURCE_NOT_FOUND'
  | 'VALIDATION_ERROR'
  | 'BILLING_INSUFFICIENT_FUNDS'
  | 'RATE_LIMIT_EXCEEDED'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IDEMPOTENCY_KEY_IN_USE'
  | 'TEST_MODE_CHANNEL_UNSUPPORTED'
  | 'METHOD_NOT_ALLOWED'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'BAD_REQUEST'
  | 'REQUEST_TIMEOUT'
  | 'REQUEST_HEADER_FIELDS_TOO_LARGE'
  | 'NOT_IMPLEMENTED'
  | 'INTERNAL_SERVER_ERROR'
  | 'SERVICE_UNAVAILABLE';

/** An error as data. */
export interface ErrorData {
  readonly code: ErrorCode;
  readonly message: string;
  /** Field name → message, for validation and scope errors. */
  readonly fields?: Readonly<Record<string, string>>;
}

/** Thrown by domain operations; carries {@link ErrorData}. Nothing has changed when it is thrown. */
export class DomainError extends Error implements ErrorData {
  readonly code: ErrorCode;
  readonly fields?: Readonly<Record<string, string>>;

  constructor(data: ErrorData) {
    super(data.message);
    this.name = 'DomainError';
    this.code = data.code;
    if (data.fields !== undefined) this.fields = data.fields;
  }
}

/** Shorthand for a `VALIDATION_ERROR` naming the fields at fault. */
export function validationError(fields: Record<string, string>): DomainError {
  return new DomainError({
    code: 'VALIDATION_ERROR',
    message: 'The request has invalid fields.',
    fields,
  });
}

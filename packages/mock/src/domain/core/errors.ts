// The domain never knows a status code: `http/envelope.ts` maps each error code to one.
import type { components } from '@msgsvc/sdk';

/**
 * Every error code the mock produces: the contract's `KnownErrorCode`, so a code the mock
 * uses and the contract does not document fails `tsc`.
 */
export type ErrorCode = components['schemas']['KnownErrorCode'];

/** An error as data. */
export interface ErrorData {
  /** The service's error code, e.g. `VALIDATION_ERROR` (the contract's `KnownErrorCode`). */
  readonly code: ErrorCode;
  /** A sentence for people. */
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

/** `value`, or a `RESOURCE_NOT_FOUND` (or `code`) saying `message` when there is none. */
export function found<T>(
  value: T | undefined,
  message: string,
  code: ErrorCode = 'RESOURCE_NOT_FOUND',
): T {
  if (value === undefined) throw new DomainError({ code, message });
  return value;
}

/** Shorthand for a `VALIDATION_ERROR` naming the fields at fault. */
export function validationError(fields: Record<string, string>): DomainError {
  return new DomainError({
    code: 'VALIDATION_ERROR',
    message: 'The request has invalid fields.',
    fields,
  });
}

/**
 * Errors of the control API, in the service's one error envelope, and the server's one report of
 * an exception it did not expect. Below `worlds/`, whose registry throws two of them.
 */
import { randomBytes } from 'node:crypto';
import { DomainError, UnknownValueError } from '@msgsvc/mock';
import {
  envelopeResponse,
  errorResponse,
  type HttpRequest,
  type HttpResponse,
  type UnexpectedErrorContext,
  unexpectedError,
  validationError,
} from '@msgsvc/mock/port';
import { errorStack } from './realm-neutral';

/** Codes the server adds (its control API's, a refused CORS preflight), with their statuses. */
const CONTROL_ERRORS = {
  ADMIN_TOKEN_REQUIRED: 401,
  HOST_NOT_ALLOWED: 403,
  CORS_ORIGIN_NOT_ALLOWED: 403,
  CLOCK_NOT_VIRTUAL: 409,
  WORLD_PERMANENT: 409,
  WORLD_LIMIT_REACHED: 409,
} as const;

/** Thrown by control routes for control-only conditions. */
export class ControlError extends Error {
  constructor(
    readonly code: keyof typeof CONTROL_ERRORS,
    message: string,
  ) {
    super(message);
    this.name = 'ControlError';
  }
}

/**
 * A fresh trace id (32 hex digits). Drawn from `node:crypto`, not the world's seeded
 * stream, so that control traffic never shifts the trace ids the public API hands out.
 */
export function controlTraceId(): string {
  return randomBytes(16).toString('hex');
}

/** The envelope for a control-only error. */
export function controlErrorResponse(error: ControlError, now: number): HttpResponse {
  const status = CONTROL_ERRORS[error.code];
  return envelopeResponse(
    { code: error.code, message: error.message, status, service: 'core' },
    controlTraceId(),
    now,
  );
}

/**
 * Turns anything a control route threw into an error response (never throws); an unexpected
 * exception is a 500 naming it and its first stack frames, reported once on stderr with `request`.
 */
export function toErrorResponse(error: unknown, now: number, request: HttpRequest): HttpResponse {
  if (error instanceof ControlError) return controlErrorResponse(error, now);
  const traceId = controlTraceId();
  if (error instanceof DomainError) return errorResponse(error, traceId, now);
  // A name outside its vocabulary (an operation id, a carrier): a TypeError in-process, a 422
  // naming the field and the accepted values here.
  if (error instanceof UnknownValueError) {
    return errorResponse(validationError({ [error.field]: error.fieldMessage }), traceId, now);
  }
  reportToStderr(error, { request, traceId });
  return errorResponse(unexpectedError(error), traceId, now, { 'x-should-retry': 'false' });
}

/**
 * Writes the server's one report of an exception it did not expect to stderr: the request and the
 * trace id of the 500 it got, then the stack (the client's 500 says what broke too; this is for
 * whoever runs the server). Each world's mock reports its own bugs with it. Never throws:
 * reporting a failure must not become another one.
 */
export function reportToStderr(error: unknown, { request, traceId }: UnexpectedErrorContext): void {
  try {
    process.stderr.write(
      `msgsvc-mock: unexpected error answering ${request.method} ${request.path} (trace ${traceId}); the client got a 500:\n${errorStack(error)}\n`,
    );
  } catch {
    // stderr closed, or a value that cannot be printed: the 500 still carries the message.
  }
}

import { closest, UnknownValueError } from './vocabulary';

/**
 * An option a control call does not take, e.g. `failNextRequests({ operationId })` for
 * `operation_id`. A `TypeError` like {@link UnknownValueError}, whose vocabulary here is the
 * call's option names; over HTTP the same name is a 422 `VALIDATION_ERROR` with
 * `fields.<name>: "Unknown field."`.
 */
export class UnknownOptionError extends UnknownValueError {
  /** The call that was given the option, e.g. `failNextRequests`. */
  readonly operation: string;

  constructor(operation: string, option: string, accepted: readonly string[]) {
    super(option, option, accepted);
    const guess = closest(option, accepted);
    this.message = `Unknown option ${JSON.stringify(option)} for ${operation}; ${guess === undefined ? '' : `did you mean ${JSON.stringify(guess)}? `}It takes ${accepted.join(', ')}.`;
    this.name = 'UnknownOptionError';
    this.operation = operation;
  }

  /** The message for the `fields` of a validation error: the HTTP control API's own words. */
  override get fieldMessage(): string {
    return 'Unknown field.';
  }
}

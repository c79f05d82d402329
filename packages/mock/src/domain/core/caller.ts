/**
 * Who is asking: the organization and environment of the API key a request authenticated with.
 * Every public operation takes a caller and sees only that tenant's records.
 */
import type { Environment } from './model';
import { UUID_PATTERN } from './patterns';

/** The authenticated identity of a request. */
export interface Caller {
  readonly organizationId: string;
  readonly environment: Environment;
  readonly apiKeyId: string;
}

/** Whether `text` is a UUID (any version). */
export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text);
}

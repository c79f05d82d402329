import type { Environment } from './model';
import { UUID_PATTERN } from './patterns';

/**
 * The authenticated identity of a request: every public operation takes a caller and sees only its
 * tenant's records.
 */
export interface Caller {
  readonly organizationId: string;
  readonly environment: Environment;
  readonly apiKeyId: string;
}

/** Whether `text` is a UUID (any version). */
export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text);
}

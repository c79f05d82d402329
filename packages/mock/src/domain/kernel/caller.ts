/**
 * Who is asking: the organization and environment of the API key a request authenticated with.
 * Every public operation takes a caller and sees only that tenant's records.
 */
import type { Environment } from './model';

/** The authenticated identity of a request. */
export interface Caller {
  readonly organizationId: string;
  readonly environment: Environment;
  readonly apiKeyId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is a UUID (any version). */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}

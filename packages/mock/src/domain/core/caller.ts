import type { Environment } from './model';

/**
 * The authenticated identity of a request: every public operation takes a caller and sees only its
 * tenant's records.
 */
export interface Caller {
  readonly organizationId: string;
  readonly environment: Environment;
  readonly apiKeyId: string;
}

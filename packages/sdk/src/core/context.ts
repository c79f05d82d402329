/**
 * What every resource shares with its client: the typed openapi-fetch client, the retrying
 * transport (for per-request policy overrides), and the clock and sleep (injectable for tests).
 */
import type { Client } from 'openapi-fetch';
import type { paths } from '../generated/openapi';
import type { Sleep } from '../internal/runtime';
import type { Transport } from './retry-fetch';

/** The state a client hands to its resources. */
export interface ClientContext {
  readonly raw: Client<paths>;
  readonly fetch: Transport;
  readonly sleep: Sleep;
  readonly now: () => number;
}

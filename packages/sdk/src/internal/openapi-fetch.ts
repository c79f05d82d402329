/**
 * openapi-fetch's `createClient`, whichever of its builds was loaded. Its CommonJS build sets
 * `exports.default` without `__esModule`, so in our CommonJS build (Node's interop rules, as this
 * package is `"type": "module"`) the default import is the whole exports object and the function
 * sits one level deeper.
 */
import * as openapiFetch from 'openapi-fetch';

type CreateClient = typeof openapiFetch.default;

/** `createClient` of openapi-fetch. */
export const createClient: CreateClient =
  (openapiFetch.default as unknown as { default?: CreateClient }).default ?? openapiFetch.default;

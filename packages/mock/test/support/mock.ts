/**
 * The mock service every test of this package uses: `createMockService` with the contract check
 * installed, so no response can leave the mock unchecked.
 */

import { assertOnContract } from '../../../../openapi/test/support/response-check';
import { createMockService as create, type MockServiceOptions } from '../../src/index';

/** `createMockService`, with every response validated against the contract. */
export function createMockService(options: MockServiceOptions = {}) {
  return create({ ...options, observe: assertOnContract });
}

/** JSON headers for a key. */
export function jsonHeaders(
  apiKey: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return { 'x-api-key': apiKey, 'content-type': 'application/json', ...extra };
}

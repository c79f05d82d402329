/**
 * The mock in Jest (and Bun's test runner): `useMockService()` gives each test a fresh mock, a
 * pre-wired client and the demo world, and importing this entry installs the matchers of
 * `@msgsvc/mock/vitest` on the runner's `expect`, so import it from a test file or a
 * `setupFilesAfterEnv` file. Jest is an optional peer dependency: only this entry uses it.
 *
 * @example
 * ```ts
 * import { fictionalNumbers, useMockService } from '@msgsvc/mock/jest';
 *
 * const ctx = useMockService();
 * test('sends a campaign', async () => {
 *   const recipients = fictionalNumbers(3);
 *   await ctx.client.campaigns.sendBatch({
 *     remitter_id: ctx.demo.sender.id, channel_type: 'SMS', content: 'Olá!', recipients,
 *   });
 *   ctx.mock.clock.runUntilIdle();
 *   expect(ctx.mock).toHaveSent({ to: recipients[0], body: 'Olá!' });
 *   expect(ctx.mock).toHaveDelivered(recipients[1]);
 *   expect(ctx.mock).toHaveCharged('12.000000');
 * });
 * ```
 *
 * @module \@msgsvc/mock/jest
 */

import type {} from 'expect';
import { type MockMatchers, mockMatchers } from '../testing/matchers';
import { runnerApi } from './use-mock-service';

runnerApi().expect.extend(mockMatchers);

// `@jest/globals`' expect: its matchers are the `expect` package's `Matchers`.
declare module 'expect' {
  interface Matchers<R> extends MockMatchers<R> {}
}

// The global expect as `@types/jest` declares it.
declare global {
  namespace jest {
    interface Matchers<R> extends MockMatchers<R> {}
  }
}

export type { MockServiceOptions } from '../mock-service';
export * from '../testing/matchers';
export { type MockContext, useMockService } from './use-mock-service';

/**
 * What a test runner's fixture gives each test — one shape for `@msgsvc/mock/vitest`'s `test` and
 * `@msgsvc/mock/jest`'s `useMockService()`.
 */
import type { MessagingClient } from '@msgsvc/sdk';
import type { DemoWorld } from '../domain/tenancy/demo-world';
import type { MockService } from '../mock-service';

/** What the fixture gives a test. */
export interface MockFixtures {
  /** A fresh mock service for this test alone, with the demo world seeded. */
  mock: MockService;
  /** `mock.client()`: the demo live key, the mock's fetch, waits on its virtual clock. */
  client: MessagingClient;
  /** The demo world: organization, keys, sender ID (`demo.sender.id`), tags and contacts. */
  demo: DemoWorld;
}

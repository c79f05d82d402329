// World's parts are changed in place by the domain's functions, never replaced from outside; the
// seams the service and tests use (config, route, webhookTransport) stay assignable.
import { describe, it } from 'vitest';
import type { World } from '../src/domain/engine/world';

declare const world: World;
declare const other: World;

describe('World', () => {
  it('refuses to replace a part', () => {
    // @ts-expect-error the message store is the world's own
    world.messages = other.messages;
    // @ts-expect-error the ledger is appended to, never swapped
    world.ledger = [];
    // @ts-expect-error faults are cleared in place (clearFaults)
    world.faults = other.faults;
    // @ts-expect-error the scheduler is loaded in place on restore
    world.scheduler = other.scheduler;
    // @ts-expect-error sender IDs are a map the domain fills
    world.senders = new Map();
    // @ts-expect-error the UUID generator's state is restored in place
    world.idState = other.idState;
  });

  it('keeps the seams the service and tests use assignable', () => {
    world.config = other.config;
    world.route = other.route;
    world.webhookTransport = other.webhookTransport;
  });
});

// The port's view of a world is read-only by type (issue 23): a tool can read every store, never
// add to one or replace a part; and the domain's World is such a view as it is, with no copy.
import { describe, expectTypeOf, it } from 'vitest';
import type { World } from '../src/domain/engine/world';
import type { ReadonlyWorld } from '../src/port';

declare const view: ReadonlyWorld;
declare const world: World;

describe('ReadonlyWorld', () => {
  it('is what a World already is', () => {
    expectTypeOf(world).toExtend<ReadonlyWorld>();
  });

  it('reads, and refuses every write', () => {
    expectTypeOf(view.messages.get('id')).toEqualTypeOf<ReturnType<World['messages']['get']>>();
    // @ts-expect-error a map of the view has no set
    view.organizations.set('id', world.organizations.get('id')!);
    // @ts-expect-error nor delete
    view.apiKeys.delete('key');
    // @ts-expect-error the ledger is appended to by the domain alone
    view.ledger.push(world.ledger[0]!);
    // @ts-expect-error the outbox likewise
    view.webhooks.outbox.length = 0;
    // @ts-expect-error opt-outs change through inbound STOP words, not a tool
    view.optOuts.add('x');
    // @ts-expect-error the message store's writes are the domain's
    view.messages.add(world.messages.get('id')!);
    // @ts-expect-error a part is never replaced
    view.keyNamespace = 'abcd';
  });
});

// expect and the hooks imported from @jest/globals, typed by the `expect` package's Matchers.
import { expect, test } from '@jest/globals';
import { useMockService } from '@msgsvc/mock/jest';

const ctx = useMockService({ seed: 7 });

test('the matchers are on @jest/globals’ expect', async () => {
  await ctx.client.messages.send({ to: '923 000 001', body: 'Olá' });
  expect(ctx.mock).toHaveSent({ to: '+244923000001', body: expect.stringContaining('Ol') });
  expect(() => expect(ctx.mock).toHaveCharged('1')).toThrow(
    'expected the account to have been charged 1.000000, but it was charged',
  );
});

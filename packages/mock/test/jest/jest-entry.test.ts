// @msgsvc/mock/jest on Jest's own `expect` (the `expect` package, which Jest and @jest/globals
// export), with the runner's hooks stubbed as Jest puts them on the global object: the matchers
// install on import and fail with the vitest entry's messages; useMockService gives each test a
// fresh mock through beforeEach.
import { createMockService, DEMO_ORGANIZATION_ID, type MockService } from '@msgsvc/mock';
import { expect as vitestExpect } from '@msgsvc/mock/vitest';
import { expect as jestExpect } from 'expect';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Hook = () => void;
const hooks: { beforeEach: Hook[]; afterAll: Hook[] } = { beforeEach: [], afterAll: [] };

/** Loads the entry afresh under a Jest-like global object: Jest's expect and recording hooks. */
async function loadEntry() {
  vi.stubGlobal('expect', jestExpect);
  vi.stubGlobal('beforeEach', (hook: Hook) => hooks.beforeEach.push(hook));
  vi.stubGlobal('afterAll', (hook: Hook) => hooks.afterAll.push(hook));
  vi.resetModules();
  return import('@msgsvc/mock/jest');
}

/** What the runner does around one test: the beforeEach hooks, in order. */
function startTest(): void {
  for (const hook of hooks.beforeEach) hook();
}

function failure(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the assertion passed');
}

let mock: MockService;
beforeEach(() => {
  hooks.beforeEach.length = 0;
  hooks.afterAll.length = 0;
  mock = createMockService({ demo: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the matchers on Jest’s expect', () => {
  it('are installed by importing the entry, and pass and fail on what the mock did', async () => {
    await loadEntry();
    await mock.client().messages.send({ to: '923 000 001', body: 'O seu código: 482913' });

    jestExpect(mock).toHaveSent({ to: '+244923000001', body: /482913/ });
    jestExpect(mock).toHaveSent({ body: jestExpect.stringContaining('4829') });
    jestExpect(mock).not.toHaveSent({ to: '+244923000002' });
    jestExpect(mock).not.toHaveDelivered('+244923000001');
    mock.clock.runUntilIdle();
    jestExpect(mock).toHaveDelivered('+244923000001');
    jestExpect(mock).not.toHaveCharged(0);
    expect(() => jestExpect(mock).toHaveSent({ to: '+244923000001', body: 'x' })).toThrow();
  });

  it('fail with the same messages as the vitest entry’s', async () => {
    await loadEntry();
    await mock.client().messages.send({ to: '+244923000001', body: 'Code 1111' });
    await mock.client().messages.send({ to: '+244923000003', body: 'Adeus', external_id: 'o-3' });

    const cases: Array<(e: typeof jestExpect) => void> = [
      (e) => e(mock).toHaveSent({ to: '+244923000001', body: 'Code 2222' }),
      (e) => e(mock).toHaveSent({ to: '+244923000002', external_id: 'o-3' }),
      (e) => e(mock).toHaveSent({ body: e.stringContaining('9999') }),
      (e) => e(mock).not.toHaveSent({ to: '+244923000001' }),
      (e) => e(mock).toHaveDelivered('+244923000001'),
      (e) => e(mock).toHaveDelivered('+244923000009'),
      (e) => e({}).toHaveSent(),
    ];
    for (const assertion of cases) {
      const jest = failure(() => assertion(jestExpect));
      const vitest = failure(() => assertion(vitestExpect as unknown as typeof jestExpect));
      expect(jest).toBe(vitest);
    }
    expect(failure(() => jestExpect(mock).toHaveDelivered('+244923000001'))).toContain(
      'run `mock.clock.runUntilIdle()` first',
    );
  });

  it('toHaveCharged fails with the amounts and the ledger', async () => {
    await loadEntry();
    await mock.client().messages.send({ to: '+244923000001', body: 'Olá' });

    const message = failure(() => jestExpect(mock).toHaveCharged('99'));
    expect(message).toContain('expected the account to have been charged 99.000000, but it was');
    expect(message).toContain('DEBIT');
  });

  it('refuses to load outside a runner, with a sentence naming the fix', async () => {
    vi.resetModules();
    await expect(import('@msgsvc/mock/jest')).rejects.toThrow(
      /found no Jest expect and hooks: import it from a test file or a file of Jest's setupFilesAfterEnv/,
    );
  });
});

describe('useMockService', () => {
  it('gives each test a fresh mock with the demo world, and a client wired to it', async () => {
    const { useMockService } = await loadEntry();
    const ctx = useMockService();
    expect(hooks.beforeEach).toHaveLength(1);
    expect(hooks.afterAll).toHaveLength(1);

    startTest();
    const first = ctx.mock;
    expect(ctx.mock).toBe(first);
    expect(ctx.demo.organization.id).toBe(DEMO_ORGANIZATION_ID);
    await ctx.client.messages.send({
      to: '+244923000001',
      body: 'Olá',
      remitter_id: ctx.demo.sender.id,
    });
    jestExpect(ctx.mock).toHaveSent({ to: '+244923000001', sms_remitter_id: ctx.demo.sender.id });

    startTest();
    expect(ctx.mock).not.toBe(first);
    jestExpect(ctx.mock).not.toHaveSent();
    expect(ctx.mock.control.counts().messages).toBe(0);
  });

  it('passes its options to the service', async () => {
    const { useMockService } = await loadEntry();
    const ctx = useMockService({ seed: 7 });
    const outcomes: string[][] = [];
    for (const _run of [1, 2]) {
      startTest();
      const to = Array.from({ length: 8 }, (_, i) => `+24492300000${i}`);
      for (const number of to) await ctx.client.messages.send({ to: number, body: 'x' });
      ctx.mock.clock.runUntilIdle();
      outcomes.push(to.map((number) => ctx.mock.control.messagesTo(number)[0]!.status));
    }
    expect(outcomes[1]).toEqual(outcomes[0]);
    const other = createMockService({ seed: 8, demo: true });
    expect(other.seedDemo().organization.id).toBe(DEMO_ORGANIZATION_ID);
  });

  it('says where to read the mock when it is read outside a test', async () => {
    const { useMockService } = await loadEntry();
    const ctx = useMockService();
    expect(() => ctx.mock).toThrow(/`mock` was read outside a test. Read it inside a test/);

    startTest();
    expect(ctx.client).toBeDefined();
    for (const hook of hooks.afterAll) hook();
    expect(() => ctx.client).toThrow(/`client` was read outside a test/);
  });
});

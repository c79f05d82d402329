/**
 * A world's key namespace (D131): every key it issues, the demo's included, carries the namespace
 * after its environment prefix; a fixed key must carry it; a snapshot from elsewhere restored into
 * it, or a fork taken into another namespace, gets keys of its own with the same ids.
 */
import {
  createMockService,
  DEMO_LIVE_KEY,
  DEMO_ORGANIZATION_ID,
  DEMO_WEBHOOK_SECRET,
} from '@msgsvc/mock';
import { describe, expect, it } from 'vitest';

describe('key namespace', () => {
  it('puts the namespace in every issued key, the demo keys included', () => {
    const mock = createMockService({ keyNamespace: 'Ab12Cd34' });
    const demo = mock.seedDemo();
    expect(demo.liveKey).toMatch(/^svc_live_Ab12Cd34[A-Za-z0-9]{24}$/);
    expect(demo.testKey).toMatch(/^svc_test_Ab12Cd34[A-Za-z0-9]{24}$/);
    expect(demo.liveKey).not.toBe(DEMO_LIVE_KEY);
    const issued = mock.control.issueApiKey({ organization_id: demo.organization.id });
    expect(issued.key).toMatch(/^svc_live_Ab12Cd34/);
    // The keys work.
    expect(mock.world.apiKeys.get(demo.liveKey)?.organizationId).toBe(demo.organization.id);
  });

  it('refuses a fixed key outside the namespace, and takes one inside it', () => {
    const mock = createMockService({ keyNamespace: 'Ab12Cd34' });
    const { organization } = mock.seedDemo();
    let refused: unknown;
    try {
      mock.control.issueApiKey({
        organization_id: organization.id,
        key: 'svc_live_somethingelse000000000001',
      });
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { key: expect.stringContaining('begin with svc_live_Ab12Cd34') },
    });
    const inside = mock.control.issueApiKey({
      organization_id: organization.id,
      key: 'svc_live_Ab12Cd34mine0000000000001',
    });
    expect(inside.key).toBe('svc_live_Ab12Cd34mine0000000000001');
  });

  it('gives a snapshot from another world keys of its own, same ids, on restore', () => {
    const plain = createMockService({ demo: true });
    const snapshot = plain.snapshot();
    const namespaced = createMockService({ keyNamespace: 'Zz99Yy88' });
    namespaced.restore(snapshot);
    const keys = [...namespaced.world.apiKeys.values()];
    expect(keys.map((k) => k.id)).toEqual(snapshot.apiKeys.map((k) => k.id));
    for (const key of keys) expect(key.key).toMatch(/^svc_(live|test)_Zz99Yy88/);
    expect(namespaced.world.apiKeys.has(DEMO_LIVE_KEY)).toBe(false);
    // The same namespace's own snapshot comes back exactly.
    const again = namespaced.snapshot();
    namespaced.restore(again);
    expect([...namespaced.world.apiKeys.keys()]).toEqual(keys.map((k) => k.key));
  });

  it("gives a restored snapshot's organizations new signing secrets, and their endpoints with them", () => {
    const plain = createMockService({ demo: true });
    const own = `whsec_${'A'.repeat(32)}`;
    const signedByOrganization = plain.control.addWebhookEndpoint({
      organization_id: DEMO_ORGANIZATION_ID,
      url: 'https://example.test/a',
    });
    const signedByItself = plain.control.addWebhookEndpoint({
      organization_id: DEMO_ORGANIZATION_ID,
      url: 'https://example.test/b',
      secret: own,
    });
    const namespaced = createMockService({ keyNamespace: 'Zz99Yy88' });
    namespaced.restore(plain.snapshot());
    const secret = namespaced.world.organizations.get(DEMO_ORGANIZATION_ID)!.webhookSecret;
    expect(secret).not.toBe(DEMO_WEBHOOK_SECRET);
    const endpoint = (id: string) => namespaced.world.webhooks.endpoints.find((e) => e.id === id);
    expect(endpoint(signedByOrganization.id)?.secret).toBe(secret);
    expect(endpoint(signedByItself.id)?.secret).toBe(own);
  });

  it('keeps worlds of one seed and second apart: secrets unguessable, ids their own, both kept by reset', async () => {
    const make = (keyNamespace: string) =>
      createMockService({ keyNamespace, seed: 7, startTime: Date.UTC(2026, 2, 1), demo: true });
    const [a, b] = [make('Ab12Cd34'), make('Ef56Gh78')];
    const [demoA, demoB] = [a.seedDemo(), b.seedDemo()];
    const secret = (key: string) => key.slice('svc_live_'.length + 8);
    expect(secret(demoA.liveKey)).not.toBe(secret(demoB.liveKey));
    expect(demoA.webhookSecret).not.toBe(demoB.webhookSecret);
    expect(demoA.webhookSecret).not.toBe(DEMO_WEBHOOK_SECRET);
    const send = async (mock: typeof a) => {
      const sent = await mock.client().messages.send({ to: '+244923000001', body: 'hi' });
      return sent.id;
    };
    const first = await send(a);
    expect(first).not.toBe(await send(b));
    // A reset world is the same world again: its keys, its secret and its ids.
    a.reset();
    const again = a.seedDemo();
    expect(again.liveKey).toBe(demoA.liveKey);
    expect(again.webhookSecret).toBe(demoA.webhookSecret);
    expect(await send(a)).toBe(first);
  });

  it('rejects a namespace that is not 4 to 16 letters or digits', () => {
    for (const bad of ['abc', 'has_underscore', 'x'.repeat(17), '__proto__']) {
      expect(() => createMockService({ keyNamespace: bad })).toThrow(RangeError);
    }
  });

  it('leaves a world without a namespace as it was: the demo keys are the fixed ones', () => {
    expect(createMockService().seedDemo().liveKey).toBe(DEMO_LIVE_KEY);
  });
});

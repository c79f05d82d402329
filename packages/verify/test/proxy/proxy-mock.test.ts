/**
 * The proxy in front of the mock: traffic passes unchanged (verify still passes every check
 * through it), the mock's answers are all on the contract (no response-side violation), and the
 * requests verify sends off the contract on purpose are reported as the client's.
 */

import { startServer } from '@msgsvc/mock-server';
import { MessagingClient } from '@msgsvc/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerify } from '../../src/conformance/run-verify';
import { type ProxyViolation, startProxy } from '../../src/proxy/proxy-server';
import { KEYS, VERIFY_WORLD } from '../verify/support';

let server: Awaited<ReturnType<typeof startServer>>;
let proxy: Awaited<ReturnType<typeof startProxy>>;
const violations: ProxyViolation[] = [];
let exchanges = 0;

beforeAll(async () => {
  server = await startServer({ world: VERIFY_WORLD, speed: 100 });
  proxy = await startProxy({
    upstream: server.url,
    onViolation: (v) => violations.push(v),
    onExchange: () => {
      exchanges++;
    },
  });
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

describe('proxy in front of the mock', () => {
  it('reports nothing for a client on the contract', async () => {
    const client = new MessagingClient({ apiKey: KEYS.main, baseUrl: `${proxy.url}/c/v1` });
    const sent = await client.messages.send({ to: '+244900000001', body: 'through the proxy' });
    await client.messages.retrieve(sent.id);
    await client.messages.list({ size: 5, status: ['PENDING', 'SENT'] });
    const batch = await client.campaigns.sendBatch({
      remitter_id: sent.remitter_id,
      content: 'batch through the proxy',
      channel_type: 'SMS',
      recipients: ['+244900000001', '+244900000002'],
    });
    await client.campaigns.retrieve(batch.campaign_id);
    await client.campaigns.listMessages(batch.campaign_id, { size: 2 });
    await client.campaigns.list({ size: 1 });
    await expect(
      client.messages.retrieve('01890000-0000-7000-8000-000000000000'),
    ).rejects.toThrow();
    // Each exchange is checked just after it is answered: wait for the eighth check.
    await expect.poll(() => exchanges, { timeout: 10_000 }).toBe(8);
    expect(violations).toEqual([]);
  });

  it('passes verify through unchanged; every answer of the mock is on the contract', async () => {
    violations.length = 0;
    const before = exchanges;
    let requests = 0;
    const report = await runVerify({
      fetch: (input, init) => {
        requests++;
        return fetch(input, init);
      },
      baseUrl: `${proxy.url}/c/v1`,
      apiKey: KEYS.main,
      poorApiKey: KEYS.poor,
      restrictedApiKey: KEYS.restricted,
      otherOrgApiKey: KEYS.other,
      allowLive: true,
      maxSends: 1200,
      timeBudgetMs: 20_000,
    });
    expect(report.results.filter((r) => r.outcome !== 'pass')).toEqual([]);
    // Every request verify sent is one exchange the proxy checks: wait for the last check.
    await expect.poll(() => exchanges - before, { timeout: 10_000 }).toBe(requests);
    expect(violations.filter((v) => v.side === 'response')).toEqual([]);
    // verify's deliberate off-contract requests are the client's violations, each named.
    const rules = new Set(violations.map((v) => `${v.rule} ${v.operation}`));
    expect(rules).toContain('request-header listMessages'); // no X-API-KEY
    expect(rules).toContain('parameter listMessages'); // size=0, statuses=…
    expect(rules).toContain('request-body sendBatchCampaign'); // bounds
    expect(rules).toContain('request-header sendMessage'); // text/plain
    for (const v of violations) {
      for (const key of Object.values(KEYS)) expect(JSON.stringify(v)).not.toContain(key);
    }
  }, 60_000);
});

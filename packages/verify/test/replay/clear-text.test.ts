/**
 * The cases a cassette kept in clear (issue 35, item 6), recorded through the proxy from a mock:
 * a JSON body after a byte-order mark (which the mock accepts), a body that is not JSON, a number
 * in an idempotency key, in a campaign's name, in a refused request's query and in unknown
 * fields (by name, by value, as a JSON number). None of the numbers or texts is in the cassette,
 * and it replays against a fresh mock without a difference.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/proxy-server';
import { type Cassette, readCassette } from '../../src/replay/cassette-format';
import { runReplay } from '../../src/replay/run-replay';
import { KEYS } from '../verify/support';
import { freshMock } from './traffic';

/** Every secret of the session, written as it was sent. */
const CLEAR = {
  bomNumber: '+244923111001',
  bomText: 'Senha secreta do banco 7781',
  notJsonNumber: '+244923111002',
  notJsonText: 'Mensagem particular para o Joaquim',
  keyNumber: '+244923111007',
  nameNumber: '923111003',
  queryNumber: '+244923111004',
  queryName: '244923111005',
  fieldNumber: '+351912000111',
  fieldName: '+244923111006',
  jsonNumber: 244923111008,
} as const;

const dir = mkdtempSync(join(tmpdir(), 'clear-'));
const file = join(dir, 'clear.jsonl');
let text: string;
let cassette: Cassette;
const started = '2026-03-02T09:00:00Z';

async function session(base: string): Promise<number[]> {
  const headers = { 'content-type': 'application/json', 'x-api-key': KEYS.main };
  const statuses: number[] = [];
  const send = async (path: string, init: RequestInit) => {
    const answer = await fetch(`${base}${path}`, init);
    await answer.arrayBuffer();
    statuses.push(answer.status);
    return answer;
  };
  await send('/messages', {
    method: 'POST',
    headers,
    body: `\ufeff${JSON.stringify({ to: CLEAR.bomNumber, body: CLEAR.bomText })}`,
  });
  await send('/messages', {
    method: 'POST',
    headers,
    body: `{"to": "${CLEAR.notJsonNumber}", "body": "${CLEAR.notJsonText}",`,
  });
  await send('/messages', {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': `send-${CLEAR.keyNumber}-1` },
    body: JSON.stringify({ to: '+244900000001', body: 'a' }),
  });
  const sender = (await (
    await fetch(`${base}/messages?size=1`, { headers: { 'x-api-key': KEYS.main } })
  ).json()) as { entries: { remitter_id: string }[] };
  statuses.push(200);
  await send('/campaigns/batch', {
    method: 'POST',
    headers,
    body: JSON.stringify({
      remitter_id: sender.entries[0]!.remitter_id,
      content: 'x',
      channel_type: 'SMS',
      name: `clientes ${CLEAR.nameNumber}`,
      recipients: ['+244900000001', '+244900000002'],
    }),
  });
  await send(`/messages?to=${encodeURIComponent(CLEAR.queryNumber)}&${CLEAR.queryName}=1`, {
    headers: { 'x-api-key': KEYS.main },
  });
  await send('/messages', {
    method: 'POST',
    headers,
    body: JSON.stringify({
      to: '+244900000001',
      body: 'a',
      phone_number: CLEAR.fieldNumber,
      [CLEAR.fieldName]: 'x',
      msisdn: CLEAR.jsonNumber,
    }),
  });
  return statuses;
}

let recordedStatuses: number[];
beforeAll(async () => {
  const mock = await freshMock(started);
  const proxy = await startProxy({ upstream: mock.url, record: file });
  try {
    recordedStatuses = await session(`${proxy.url}/c/v1`);
  } finally {
    await proxy.close();
    await mock.close();
  }
  text = readFileSync(file, 'utf8');
  cassette = readCassette(file);
}, 60_000);

describe('a cassette keeps no clear text', () => {
  it('was answered as a client would see it: the BOM send accepted, the refused ones refused', () => {
    expect(recordedStatuses).toEqual([201, 422, 201, 200, 202, 422, 422]);
  });

  it.each(Object.entries(CLEAR))('holds no %s, in any form', (_, value) => {
    expect(text).not.toContain(String(value));
    const digits = String(value).replace(/\D/g, '');
    if (digits !== '') expect(text).not.toContain(digits.slice(-9));
  });

  it('keeps a BOM body as JSON, masked, and a body that is not JSON as a marker as long', () => {
    const [bom, notJson, keyed] = cassette.exchanges;
    expect(bom!.request.body).toMatchObject({ bom: true, json: { to: '+244980000001' } });
    const sent = `{"to": "${CLEAR.notJsonNumber}", "body": "${CLEAR.notJsonText}",`;
    expect(notJson!.request.body!.text).toMatch(/^<redacted: not JSON>\.+$/);
    expect(notJson!.request.body!.text).toHaveLength(Buffer.byteLength(sent));
    expect(keyed!.request.headers['idempotency-key']).toMatch(/^send-\+24498\d{7}-1$/);
  });

  it('replays against a fresh mock with no difference', async () => {
    const target = await freshMock(started);
    try {
      const report = await runReplay(cassette, {
        baseUrl: `${target.url}/c/v1`,
        keys: { k1: KEYS.main },
      });
      expect(report.differences).toEqual([]);
      expect(report.replayed).toBe(cassette.exchanges.length);
    } finally {
      await target.close();
    }
  });
});

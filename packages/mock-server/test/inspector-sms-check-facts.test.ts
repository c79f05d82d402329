/**
 * The pricing facts behind the inspector's SMS check (D150): the price per segment is the one the
 * mock charged (read back from the message's cost), in the account's currency, so segments × price
 * on the page always equals the cost the message shows.
 */

import { createMockService, DEFAULT_PRICES, type MockService } from '@msgsvc/mock';
import { countSegments, parseMoney } from '@msgsvc/sdk/sms';
import { describe, expect, it } from 'vitest';
import { smsCheckFacts } from '../src/inspector/api';

const PORTUGUESE =
  'Olá! A sua fatura de março está disponível; o pagamento não foi recebido até hoje.';

function send(mock: MockService, key: string, to: string, body: string, channel = 'SMS') {
  const response = mock.handle({
    method: 'POST',
    path: '/c/v1/messages',
    query: '',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ to, body, channel_type: channel }),
  });
  if (response instanceof Promise) throw new Error('unexpected latency');
  expect(response.status).toBe(201);
  const message = mock.world.messages.get(JSON.parse(response.body).id);
  if (message === undefined) throw new Error('message not stored');
  return message;
}

describe('smsCheckFacts', () => {
  it('gives the price per segment the message was charged, in the account currency', () => {
    const mock = createMockService();
    const { liveKey } = mock.seedDemo();
    const message = send(mock, liveKey, '+244953000001', PORTUGUESE);
    expect(countSegments(PORTUGUESE)).toMatchObject({ encoding: 'UCS_2', segments: 2 });
    const facts = smsCheckFacts(mock.world, message);
    // AFRICELL_AO, 3.500000 per segment (D26).
    expect(facts).toEqual({
      channel: 'SMS',
      currency: 'AOA',
      unit_price: '3.500000',
      charged: true,
    });
    expect(parseMoney(facts.unit_price ?? '') * message.segments).toBe(message.cost);
  });

  it('follows the world’s own price table, and a test key’s message is priced but not debited', () => {
    const mock = createMockService({
      prices: { ...DEFAULT_PRICES, SMS: { ...DEFAULT_PRICES.SMS, UNITEL: 2_250_000 } },
    });
    const { testKey } = mock.seedDemo();
    const facts = smsCheckFacts(mock.world, send(mock, testKey, '+244923000001', PORTUGUESE));
    expect(facts).toMatchObject({ unit_price: '2.250000', charged: false });
  });

  it('prices a WhatsApp message per message', () => {
    const mock = createMockService();
    const { liveKey } = mock.seedDemo();
    const facts = smsCheckFacts(
      mock.world,
      send(mock, liveKey, '+244923000001', PORTUGUESE, 'WHATSAPP'),
    );
    expect(facts).toMatchObject({ channel: 'WHATSAPP', unit_price: '12.000000' });
  });

  it('gives no price when the cost is not a whole number of segments, or nothing was priced', () => {
    const mock = createMockService();
    const { liveKey } = mock.seedDemo();
    const message = send(mock, liveKey, '+244923000001', PORTUGUESE);
    // As a hand-edited state file could carry them.
    expect(smsCheckFacts(mock.world, { ...message, cost: 8_000_001 }).unit_price).toBeNull();
    expect(smsCheckFacts(mock.world, { ...message, cost: 0 }).unit_price).toBeNull();
    expect(smsCheckFacts(mock.world, { ...message, segments: 0 }).unit_price).toBeNull();
    expect(smsCheckFacts(mock.world, { ...message, billingAccountId: 'gone' }).currency).toBeNull();
  });
});

// node:test has no expect: the mock's control API answers in the public API's shapes, read with
// node:assert, and @msgsvc/mock's plain assertions check what was sent in the matchers' words.
// A fresh mock per test through beforeEach.
import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { assertCharged, assertSent, createMockService, fictionalNumbers } from '@msgsvc/mock';
import { ValidationError } from '@msgsvc/sdk';

let mock;
let client;
beforeEach(() => {
  mock = createMockService({ demo: true });
  client = mock.client();
});

test('texts the code', async () => {
  await client.messages.send({ to: '923 000 001', body: 'O seu código: 482913' });
  const [message] = mock.control.messagesTo('+244923000001');
  assert.match(message.content, /482913/);
  assert.equal(message.status, 'PENDING');
});

test('delivers and charges a campaign', async () => {
  const recipients = fictionalNumbers(3);
  await client.campaigns.sendBatch({
    remitter_id: mock.seedDemo().sender.id,
    channel_type: 'SMS',
    content: 'Olá!',
    recipients,
  });
  mock.clock.runUntilIdle();
  for (const to of recipients) assert.equal(mock.control.messagesTo(to)[0].status, 'DELIVERED');
});

test('a bad number is a typed validation error', async () => {
  await assert.rejects(client.messages.send({ to: '12', body: 'x' }), ValidationError);
  assert.equal(mock.control.counts().messages, 0);
});

test("the plain assertions take what was sent and fail with the matchers' message", async () => {
  const sent = await client.messages.send({ to: '923 000 001', body: 'Code 1111' });
  assertSent(mock, { to: '+244923000001', body: /1111/ });
  assertCharged(mock, sent.cost);
  assert.throws(() => assertSent(mock, { to: '+244923000001', body: 'Code 2222' }), {
    name: 'AssertionError',
    message:
      'expected the mock to have sent { to: "+244923000001", body: "Code 2222" }, but none of the 1 message(s) it sent to +244923000001 matches:\n  +244923000001 PENDING SMS "Code 1111"',
  });
});

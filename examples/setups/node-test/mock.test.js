// node:test has no expect: the mock's control API answers in the public API's shapes, read with
// node:assert. A fresh mock per test through beforeEach.
import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { createMockService, fictionalNumbers } from '@msgsvc/mock';
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

// vitest 3.2.7, run under each pool (package.json's test script).
import { expect, fictionalNumbers, test } from '@msgsvc/mock/vitest';

test('texts the code', async ({ mock, client }) => {
  await client.messages.send({ to: '+244923000001', body: 'O seu código: 482913' });
  expect(mock).toHaveSent({ to: '+244923000001', body: /482913/ });
  expect(mock).not.toHaveDelivered('+244923000001');
});

test('delivers and charges a campaign', async ({ mock, client, demo }) => {
  const recipients = fictionalNumbers(3);
  await client.campaigns.sendBatch({
    remitter_id: demo.sender.id,
    channel_type: 'SMS',
    content: 'Olá!',
    recipients,
  });
  mock.clock.runUntilIdle();
  expect(mock).toHaveSent({ to: recipients[0], body: 'Olá!' });
  expect(mock).toHaveDelivered(recipients[1] as string);
  expect(mock).toHaveCharged('12.000000');
});

test('a failing matcher says what the mock sent instead', async ({ mock, client }) => {
  await client.messages.send({ to: '+244923000001', body: 'Code 1111' });
  expect(() => expect(mock).toHaveSent({ to: '+244923000001', body: 'Code 2222' })).toThrow(
    'none of the 1 message(s) it sent to +244923000001 matches:\n  +244923000001 PENDING SMS "Code 1111"',
  );
});

// babel-jest: types stripped, not checked.
import { fictionalNumbers, useMockService } from '@msgsvc/mock/jest';

const ctx = useMockService();

test('texts the code', async () => {
  await ctx.client.messages.send({ to: '+244923000001', body: 'O seu código: 482913' });
  expect(ctx.mock).toHaveSent({ to: '+244923000001', body: /482913/ });
  expect(ctx.mock).not.toHaveDelivered('+244923000001');
});

test('delivers and charges a campaign', async () => {
  const recipients = fictionalNumbers(3);
  await ctx.client.campaigns.sendBatch({
    remitter_id: ctx.demo.sender.id,
    channel_type: 'SMS',
    content: 'Olá!',
    recipients,
  });
  ctx.mock.clock.runUntilIdle();
  expect(ctx.mock).toHaveSent({ to: recipients[0], body: 'Olá!' });
  expect(ctx.mock).toHaveDelivered(recipients[1] as string);
  expect(ctx.mock).toHaveCharged('12.000000');
});

test('a failing matcher says what the mock sent instead', async () => {
  await ctx.client.messages.send({ to: '+244923000001', body: 'Code 1111' });
  expect(() => expect(ctx.mock).toHaveSent({ to: '+244923000001', body: 'Code 2222' })).toThrow(
    'none of the 1 message(s) it sent to +244923000001 matches:\n  +244923000001 PENDING SMS "Code 1111"',
  );
});

test('each test starts with a fresh mock', () => {
  expect(ctx.mock.control.counts().messages).toBe(0);
});

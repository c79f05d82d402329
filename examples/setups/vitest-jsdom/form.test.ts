// @vitest-environment jsdom
import { expect, test } from '@msgsvc/mock/vitest';
import { vi } from 'vitest';

test('the form sends a code', async ({ mock, client }) => {
  document.body.innerHTML = '<button id="send">Send</button>';
  document.getElementById('send')?.addEventListener('click', () => {
    void client.messages.send({ to: '+244900000001', body: 'Código: 1234' });
  });
  document.getElementById('send')?.click();
  // The click only starts the send (the SDK's fetch is asynchronous): wait until it reaches the mock.
  await vi.waitFor(() => expect(mock).toHaveSent({ to: '+244900000001' }), { timeout: 10_000 });
});

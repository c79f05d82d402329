// The matchers of @msgsvc/mock/vitest: they pass and fail on what the mock did, and a failure says
// what it did instead.
import { createMockService, type MockService } from '@msgsvc/mock';
import { expect, fictionalNumbers } from '@msgsvc/mock/vitest';
import { beforeEach, describe, it } from 'vitest';

let mock: MockService;
beforeEach(() => {
  mock = createMockService({ demo: true });
});

/** The message of the assertion error `assertion` throws. */
function failure(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the assertion passed');
}

describe('toHaveSent', () => {
  it('finds a message by recipient in any format and by body, exact, RegExp or asymmetric', async () => {
    await mock.client().messages.send({ to: '923 000 001', body: 'O seu código: 1234' });

    expect(mock).toHaveSent({ to: '+244923000001', body: 'O seu código: 1234' });
    expect(mock).toHaveSent({ to: '923000001', body: /\d{4}/ });
    expect(mock).toHaveSent({ body: expect.stringContaining('1234'), status: 'PENDING' });
    expect(mock).toHaveSent();
    expect(mock).not.toHaveSent({ to: '+244923000002' });
    expect(mock).not.toHaveSent({ to: '+244923000001', body: 'another text' });
  });

  it('shows the messages sent to that recipient when none matches', async () => {
    await mock.client().messages.send({ to: '+244923000001', body: 'Code 1111' });

    const message = failure(() =>
      expect(mock).toHaveSent({ to: '+244923000001', body: 'Code 2222' }),
    );
    expect(message).toContain(
      'expected the mock to have sent { to: "+244923000001", body: "Code 2222" }, but none of the 1 message(s) it sent to +244923000001 matches:',
    );
    expect(message).toContain('+244923000001 PENDING SMS "Code 1111"');
  });

  it('shows every message when nothing went to that recipient', async () => {
    await mock.client().messages.send({ to: '+244923000001', body: 'Olá' });
    await mock.client().messages.send({ to: '+244923000003', body: 'Adeus', external_id: 'o-3' });

    const message = failure(() =>
      expect(mock).toHaveSent({ to: '+244923000002', external_id: 'o-3' }),
    );
    expect(message).toContain('but it sent nothing to +244923000002; it sent 2 message(s):');
    expect(message).toContain('+244923000001 PENDING SMS "Olá" external_id=null');
    expect(message).toContain('+244923000003 PENDING SMS "Adeus" external_id="o-3"');
  });

  it('names the asymmetric matcher it looked for', () => {
    const message = failure(() =>
      expect(mock).toHaveSent({ body: expect.stringContaining('1234') }),
    );
    expect(message).toContain('body: StringContaining("1234")');
    expect(message).toContain('(none)');
  });

  it('with .not, shows the message that should not have been sent', async () => {
    await mock.client().messages.send({ to: '+244923000001', body: 'Olá' });

    const message = failure(() => expect(mock).not.toHaveSent({ to: '+244923000001' }));
    expect(message).toContain(
      'expected the mock not to have sent { to: "+244923000001" }, but it sent:',
    );
    expect(message).toContain('+244923000001 PENDING SMS "Olá"');
  });

  it('refuses a subject that is not a mock', () => {
    expect(failure(() => expect({}).toHaveSent())).toContain('expected a mock service');
  });
});

describe('toHaveDelivered', () => {
  it('passes once the simulated carrier delivered', async () => {
    await mock.client().messages.send({ to: '+244900000001', body: 'Olá' });
    expect(mock).not.toHaveDelivered('+244900000001');

    mock.clock.runUntilIdle();

    expect(mock).toHaveDelivered('900 000 001');
  });

  it('says the message is still on its way, and what else was sent', async () => {
    await mock.client().messages.send({ to: '+244900000001', body: 'Olá' });

    const waiting = failure(() => expect(mock).toHaveDelivered('+244900000001'));
    expect(waiting).toContain(
      'none of its 1 message(s) is DELIVERED:\n  +244900000001 PENDING SMS "Olá"',
    );
    expect(waiting).toContain('run `mock.clock.runUntilIdle()` first');

    const elsewhere = failure(() => expect(mock).toHaveDelivered('+244900000002'));
    expect(elsewhere).toContain('nothing was sent to +244900000002; the mock sent 1 message(s):');
  });

  it('shows the final status of an undelivered message, without the clock hint', async () => {
    await mock.client().messages.send({ to: '+244900000002', body: 'Olá' });
    mock.clock.runUntilIdle();

    const message = failure(() => expect(mock).toHaveDelivered('+244900000002'));
    expect(message).toContain('+244900000002 UNDELIVERED SMS "Olá"');
    expect(message).not.toContain('runUntilIdle');
  });
});

describe('toHaveCharged', () => {
  it('sums debits less refunds on the demo account', async () => {
    expect(mock).toHaveCharged('0');
    const client = mock.client();
    const first = await client.messages.send({ to: '+244900000001', body: 'Olá' });
    await client.messages.send({ to: '+244900000002', body: 'Olá' }); // undelivered: refunded

    expect(mock).toHaveCharged(Number(first.cost) * 2);
    mock.clock.runUntilIdle();
    expect(mock).toHaveCharged(first.cost);
    expect(mock).not.toHaveCharged('0');
  });

  it('lists the ledger when the total differs', async () => {
    const sent = await mock.client().messages.send({ to: '+244923000001', body: 'Olá' });

    const message = failure(() => expect(mock).toHaveCharged('99'));
    expect(message).toContain(
      `expected the account to have been charged 99.000000, but it was charged ${sent.cost}:`,
    );
    expect(message).toContain(`MESSAGE_DEBIT -${sent.cost} message ${sent.id}`);
  });

  it('checks another organization when told which, and asks when it cannot tell', () => {
    const other = createMockService();
    const one = other.control.createOrganization({ name: 'One', balance: '10' });
    expect(other).toHaveCharged('0');
    other.control.createOrganization({ name: 'Two', balance: '10' });
    expect(failure(() => expect(other).toHaveCharged('0'))).toContain('pass { organizationId }');
    expect(other).toHaveCharged('0', { organizationId: one.id });
  });

  it('refuses an amount that is not money', () => {
    expect(failure(() => expect(mock).toHaveCharged('ten'))).toContain('"ten" is not an amount');
  });
});

describe('with fictional numbers', () => {
  it('a batch to generated recipients is sent and charged per recipient', async () => {
    const recipients = fictionalNumbers(3, { carrier: 'UNITEL' });
    const demo = mock.seedDemo();
    await mock.client().campaigns.sendBatch({
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Olá!',
      recipients,
    });
    mock.clock.runUntilIdle();
    for (const to of recipients) expect(mock).toHaveSent({ to, channel_destination: 'UNITEL' });
    expect(mock).toHaveCharged('12.000000'); // as docs/testing-with-the-mock.md says
  });
});

/**
 * Verifying webhook deliveries as a receiver does, typed with the contract's event union: real
 * deliveries from the mock (an in-process endpoint), and deliveries signed here with
 * `signWebhook` where a case needs a precise fault.
 */
import type { WebhookEvent } from '@msgsvc/sdk';
import {
  generateWebhookSecret,
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
} from '@msgsvc/sdk/webhooks';
import { describe, expect, it } from 'vitest';
import { numbers, setup } from './support/mock';

const event: WebhookEvent = {
  type: 'campaign.completed',
  timestamp: '2026-01-01T09:00:05.000000+00:00',
  data: {
    id: '0193a0c6-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
    name: 'Spring',
    status: 'COMPLETED',
    error_code: null,
    total_estimated_recipients: 2,
    completed_at: '2026-01-01T09:00:05.000000+00:00',
    counts: { total: 2, sent: 0, delivered: 2, failed: 0, undelivered: 0 },
  },
};

async function delivery(secret: string, at = new Date()) {
  const body = JSON.stringify(event);
  const headers = await signWebhook({ id: 'msg_1', timestamp: at, body, secret });
  return { body, headers: new Headers({ ...headers, 'content-type': 'application/json' }) };
}

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  return 'accepted';
}

describe('verifyWebhook with the contract events', () => {
  it('accepts a signed delivery and narrows the event by type', async () => {
    const secret = generateWebhookSecret();
    const { body, headers } = await delivery(secret);
    const verified = await verifyWebhook(body, headers, secret);
    expect(verified).toEqual(event);
    if (verified.type === 'campaign.completed') expect(verified.data.counts.delivered).toBe(2);
    else expect.unreachable();
  });

  it('rejects a tampered body', async () => {
    const secret = generateWebhookSecret();
    const { body, headers } = await delivery(secret);
    expect(
      await reason(verifyWebhook(body.replace('"delivered":2', '"delivered":3'), headers, secret)),
    ).toBe('INVALID_SIGNATURE');
  });

  it('rejects a delivery signed with another secret', async () => {
    const { body, headers } = await delivery(generateWebhookSecret());
    expect(await reason(verifyWebhook(body, headers, generateWebhookSecret()))).toBe(
      'INVALID_SIGNATURE',
    );
  });

  it('rejects a stale timestamp (replay) and accepts it within the tolerance', async () => {
    const secret = generateWebhookSecret();
    const { body, headers } = await delivery(secret, new Date(Date.now() - 10 * 60_000));
    expect(await reason(verifyWebhook(body, headers, secret))).toBe('TIMESTAMP_TOO_OLD');
    expect(await reason(verifyWebhook(body, headers, secret, { tolerance: 900 }))).toBe('accepted');
  });
});

describe('deliveries from the mock', () => {
  it('every delivery of a campaign verifies and parses as a contract event', async () => {
    const { client, demo, mock } = setup();
    const received: { headers: Record<string, string>; body: string }[] = [];
    const endpoint = mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: (request) => {
        received.push({ headers: { ...request.headers }, body: request.body });
        return 204;
      },
    });
    const { campaign_id } = await client.campaigns.sendBatch({
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Olá',
      recipients: numbers(2, 300),
    });
    await mock.clock.settle();

    // Signed at the wall clock's second of sending (D31), so the default `now` verifies them.
    const events: WebhookEvent[] = [];
    for (const delivery of received) {
      events.push(await verifyWebhook(delivery.body, delivery.headers, endpoint.secret));
    }
    const completed = events.find((event) => event.type === 'campaign.completed');
    expect(completed?.type === 'campaign.completed' && completed.data.id).toBe(campaign_id);
    expect(events.some((event) => event.type === 'message.status_updated')).toBe(true);

    const [first] = received;
    // Still valid JSON, one byte more: the signature must no longer match.
    const tampered = first!.body.replace('{', '{ ');
    expect(await reason(verifyWebhook(tampered, first!.headers, endpoint.secret))).toBe(
      'INVALID_SIGNATURE',
    );
    expect(await reason(verifyWebhook(first!.body, first!.headers, generateWebhookSecret()))).toBe(
      'INVALID_SIGNATURE',
    );
    const later = () => Date.now() + 10 * 60_000;
    expect(
      await reason(verifyWebhook(first!.body, first!.headers, endpoint.secret, { now: later })),
    ).toBe('TIMESTAMP_TOO_OLD');
  });
});

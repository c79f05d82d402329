/**
 * A 2xx whose body is JSON but not what the contract promises (empty, `null`, the id missing) is an
 * `InvalidResponseError` carrying status, key and trace id, never a success without the id the
 * application keeps (D83). Keyed sends retry it (the replay is the stored answer); `sendBulk`
 * reports the chunk as failed and resumable and goes on.
 */
import { InvalidResponseError, MessagingClient } from '@msgsvc/sdk';
import { describe, expect, it } from 'vitest';
import { jsonResponse, numbers, setup } from './support/mock';

const BASE_URL = 'http://127.0.0.1:4780/c/v1';
const KEY = 'svc_test_abcdefghijklmnop0123';
const SENT = { id: 'm1', status: 'PENDING' };

function stubbed(answers: (() => Response)[], maxRetries = 0) {
  let calls = 0;
  const client = new MessagingClient({
    apiKey: KEY,
    baseUrl: BASE_URL,
    maxRetries,
    sleep: async () => {},
    fetch: async () => {
      const answer = answers[Math.min(calls, answers.length - 1)]!;
      calls++;
      return answer();
    },
  });
  return { client, calls: () => calls };
}

const text = (status: number, body: string) => () =>
  new Response(body, {
    status,
    headers: { 'content-type': 'application/json', 'x-trace-id': 'trace-1' },
  });

describe('a 2xx that is not what the contract promises', () => {
  it.each([
    ['an empty body', ''],
    ['null', 'null'],
    ['an array', '[]'],
    ['an object without id', '{"status":"PENDING"}'],
    ['an empty id', '{"id":""}'],
  ])(
    'send answered with %s is an InvalidResponseError with status, key and trace id',
    async (_, body) => {
      const { client } = stubbed([text(201, body)]);
      const error = await client.messages
        .send({ to: '+244923000001', body: 'x' }, { idempotencyKey: 'order-1' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect(error).toMatchObject({
        status: 201,
        code: 'INVALID_RESPONSE',
        idempotencyKey: 'order-1',
        traceId: 'trace-1',
        attempts: 1,
        bodyPreview: body,
      });
      expect((error as Error).message).toMatch(
        /answered 201 without the `id` the contract promises/,
      );
    },
  );

  it('sendBatch answered without campaign_id is an InvalidResponseError', async () => {
    const { client } = stubbed([() => jsonResponse(202, { message: 'Campaign accepted' })]);
    const error = await client.campaigns
      .sendBatch({
        remitter_id: 'r',
        channel_type: 'SMS',
        content: 'x',
        recipients: numbers(2),
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toMatch(/without the `campaign_id`/);
  });

  it('a keyed send is retried and the replay is the answer', async () => {
    const { client, calls } = stubbed([text(201, ''), () => jsonResponse(201, SENT)], 2);
    await expect(client.messages.send({ to: '+244923000001', body: 'x' })).resolves.toEqual(SENT);
    expect(calls()).toBe(2);
  });

  it('a body with fields added by a newer service still passes', async () => {
    const { client } = stubbed([() => jsonResponse(201, { ...SENT, added_later: { x: 1 } })]);
    await expect(client.messages.send({ to: '+244923000001', body: 'x' })).resolves.toMatchObject(
      SENT,
    );
  });
});

describe('sendBulk when a chunk is answered off contract', () => {
  it('reports the chunk as failed with its key and goes on; a resume replays it', async () => {
    let mangle = true;
    const { client, demo, mock } = setup({
      fetch: async (request) => {
        const response = await mock.fetch(request);
        // The service executed chunk 1; a proxy on the way answered an empty 202.
        return mangle && request.headers.get('idempotency-key') === 'fan:1'
          ? new Response(null, { status: 202 })
          : response;
      },
    });
    const params = { remitter_id: demo.sender.id, content: 'x', recipients: numbers(9) };
    const first = await client.campaigns.sendBulk(params, { idempotencyKey: 'fan', chunkSize: 3 });
    expect(first.chunks.map((chunk) => chunk.status)).toEqual(['sent', 'failed', 'sent']);
    const failed = first.chunks[1];
    expect(failed?.status === 'failed' && failed.error).toBeInstanceOf(InvalidResponseError);
    expect(failed?.status === 'failed' && failed.error.idempotencyKey).toBe('fan:1');

    mangle = false;
    const again = await client.campaigns.sendBulk(params, { idempotencyKey: 'fan', chunkSize: 3 });
    expect(again.failed).toBe(0);
    expect(again.chunks.every((chunk) => chunk.status === 'sent' && chunk.replayed)).toBe(true);
    expect(mock.control.counts().campaigns).toBe(3);
  });
});

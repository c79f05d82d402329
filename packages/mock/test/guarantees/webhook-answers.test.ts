// What a webhook attempt keeps of the receiver's answer (D163) and "redeliver all failed" (D164).
// Real sockets and real fetch: the body is read from the stream and cut at 2 KiB, text is decoded
// (a character split at the cut is left out), binary is shown in hex, and the latency is the
// receiver's. Redelivering failed deliveries twice while the first attempts run sends each once.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeAnswer, MAX_ANSWER_BYTES } from '../../src/domain/webhooks/answer-body';
import { type MockService, RETRY_SCHEDULE_MS } from '../../src/index';
import { createMockService } from '../support/mock';

/** A local receiver answering every POST with `answer`; counts requests. */
async function receiver(answer: (response: ServerResponse, request: IncomingMessage) => void) {
  let requests = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests += 1;
      answer(response, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One event to one endpoint at `url`, delivered once: the world's only attempt. */
async function oneAttempt(url: string) {
  const mock = createMockService();
  const demo = mock.seedDemo();
  mock.control.addWebhookEndpoint({ organization_id: demo.organization.id, url });
  mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'hi' });
  mock.clock.runDue();
  await Promise.all([...mock.world.webhooks.outbox.keys()].map(() => settleInFlight(mock)));
  const attempt = mock.world.webhooks.outbox[0]?.attempts[0];
  if (attempt === undefined) throw new Error('no attempt was made');
  return attempt;
}

async function settleInFlight(mock: MockService): Promise<void> {
  while (mock.world.inFlight.size > 0) await Promise.all([...mock.world.inFlight]);
}

describe('the receiver answer an attempt keeps', () => {
  it('keeps the first 2 KiB of a long text answer, and says it was cut', async () => {
    const long = await receiver((response) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      // 64 KiB in pieces: the reader stops after 2 KiB whatever the receiver still sends.
      for (let i = 0; i < 64; i += 1) response.write('é'.repeat(512));
      response.end();
    });
    try {
      const attempt = await oneAttempt(long.origin);
      expect(attempt.status).toBe(500);
      expect(attempt.answer?.binary).toBe(false);
      expect(attempt.answer?.truncated).toBe(true);
      // 2048 bytes of two-byte characters: exactly 1024 of them, none split.
      expect(attempt.answer?.body).toBe('é'.repeat(1024));
    } finally {
      await long.close();
    }
  });

  it('leaves out a character the cut splits, instead of refusing the text', () => {
    const bytes = new TextEncoder().encode(`${'a'.repeat(MAX_ANSWER_BYTES - 1)}€`);
    const answer = describeAnswer(bytes.subarray(0, MAX_ANSWER_BYTES), true);
    expect(answer).toEqual({
      body: 'a'.repeat(MAX_ANSWER_BYTES - 1),
      binary: false,
      truncated: true,
    });
  });

  it('keeps a short answer whole, as text', async () => {
    const short = await receiver((response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    try {
      const attempt = await oneAttempt(short.origin);
      expect(attempt.answer).toEqual({ body: '{"ok":true}', binary: false, truncated: false });
    } finally {
      await short.close();
    }
  });

  it('shows a binary answer by its first bytes in hex, never as text', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0xff]);
    const binary = await receiver((response) => {
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    try {
      const attempt = await oneAttempt(binary.origin);
      expect(attempt.status).toBe(200);
      expect(attempt.answer).toEqual({
        body: '89 50 4e 47 0d 0a 1a 0a 00 00 ff',
        binary: true,
        truncated: false,
      });
    } finally {
      await binary.close();
    }
  });

  it('treats text with control characters (a terminal escape) as binary', () => {
    const answer = describeAnswer(new TextEncoder().encode('ok\u001b[31m'), false);
    expect(answer.binary).toBe(true);
    expect(answer.body).toBe('6f 6b 1b 5b 33 31 6d');
  });

  it('keeps no answer when the receiver sent no body', async () => {
    const empty = await receiver((response) => response.writeHead(204).end());
    try {
      const attempt = await oneAttempt(empty.origin);
      expect(attempt.status).toBe(204);
      expect(attempt.answer).toBeUndefined();
      expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    } finally {
      await empty.close();
    }
  });

  it("records a slow receiver's latency (at least how long it waited)", async () => {
    const slow = await receiver((response) => {
      setTimeout(() => response.writeHead(200).end('late'), 300);
    });
    try {
      const attempt = await oneAttempt(slow.origin);
      expect(attempt.status).toBe(200);
      // A lower bound only: a loaded machine may take longer, never less.
      expect(attempt.durationMs).toBeGreaterThanOrEqual(290);
      expect(attempt.answer?.body).toBe('late');
    } finally {
      await slow.close();
    }
  });

  it('records the latency of a connection that failed, with no answer', async () => {
    const gone = await receiver((response) => response.end());
    const url = gone.origin;
    await gone.close();
    const attempt = await oneAttempt(url);
    expect(attempt.status).toBeNull();
    expect(attempt.error).not.toBeNull();
    expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    expect(attempt.answer).toBeUndefined();
  });
});

/** The fields a refused call names. */
function refusedFields(call: () => unknown): string[] {
  try {
    call();
  } catch (error) {
    return Object.keys((error as { fields?: Record<string, string> }).fields ?? {});
  }
  throw new Error('the call was not refused');
}

describe('redeliver all failed (D164)', () => {
  /** A world whose three deliveries to a failing receiver have failed for good. */
  async function failedWorld(url: string) {
    const mock = createMockService();
    const demo = mock.seedDemo();
    const endpoint = mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      url,
    });
    for (const n of [1, 2, 3]) {
      mock.control.simulateInbound({ from: `+24492300000${n}`, to: 'MSGSVC', body: `hi ${n}` });
    }
    await mock.clock.settle();
    expect(mock.control.outbox({ state: 'failed' })).toHaveLength(3);
    return { mock, endpoint };
  }

  it('sends each failed delivery once more; a second call while they run sends none', async () => {
    const failing = await receiver((response) => response.writeHead(503).end('down'));
    try {
      const { mock } = await failedWorld(failing.origin);
      const before = failing.requests();
      const first = mock.control.redeliverFailed();
      const second = mock.control.redeliverFailed(); // the double click
      expect(first.redelivered).toHaveLength(3);
      expect(second).toEqual({ redelivered: [], skipped: 0, remaining: 0 });
      await mock.clock.settle();
      expect(failing.requests() - before).toBe(3);
      const outbox = mock.control.outbox();
      expect(outbox.map((d) => d.state)).toEqual(['failed', 'failed', 'failed']);
      expect(outbox.map((d) => d.attempts.length)).toEqual(
        Array(3).fill(RETRY_SCHEDULE_MS.length + 1),
      );
      // Once they failed again, the button works again.
      expect(mock.control.redeliverFailed().redelivered).toHaveLength(3);
      await mock.clock.settle();
    } finally {
      await failing.close();
    }
  });

  it('is bounded: at most `limit` per call, oldest first, the rest counted', async () => {
    const failing = await receiver((response) => response.writeHead(500).end());
    try {
      const { mock } = await failedWorld(failing.origin);
      const ids = mock.control.outbox().map((d) => d.id);
      const result = mock.control.redeliverFailed({ limit: 2 });
      expect(result).toEqual({ redelivered: ids.slice(0, 2), skipped: 0, remaining: 1 });
      await mock.clock.settle();
    } finally {
      await failing.close();
    }
  });

  it('skips deliveries whose endpoint is gone, and refuses a bad limit or type', async () => {
    const failing = await receiver((response) => response.writeHead(500).end());
    try {
      const { mock, endpoint } = await failedWorld(failing.origin);
      expect(refusedFields(() => mock.control.redeliverFailed({ limit: 0 }))).toEqual(['limit']);
      expect(refusedFields(() => mock.control.redeliverFailed({ limit: 1.5 }))).toEqual(['limit']);
      // A null limit (plain JavaScript) is refused as over HTTP, not read as "the most".
      const nullLimit = { limit: null } as unknown as { limit: number };
      expect(refusedFields(() => mock.control.redeliverFailed(nullLimit))).toEqual(['limit']);
      expect(() => mock.control.redeliverFailed({ type: 'message.sent' as never })).toThrow();
      // An own `__proto__` key (as JSON gives it) is an unknown option, not a prototype.
      expect(() => mock.control.redeliverFailed(JSON.parse('{"__proto__":1}'))).toThrow(
        /__proto__/,
      );
      expect(mock.control.outbox({ state: 'failed' })).toHaveLength(3);
      mock.control.removeWebhookEndpoint(endpoint.id);
      expect(mock.control.redeliverFailed()).toEqual({ redelivered: [], skipped: 3, remaining: 0 });
    } finally {
      await failing.close();
    }
  });
});

/**
 * Helpers of the record-and-replay tests: a realistic session of a client (sends, a batch, lists
 * with filters, retrieves, errors) driven with the SDK, the personal values it uses (which no
 * cassette may contain), a fresh mock on the verify world with a virtual clock, and a "front"
 * server that forwards to a mock and changes chosen answers (the planted differences).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '@msgsvc/mock-server';
import { MessagingClient, MessagingError } from '@msgsvc/sdk';
import { KEYS, VERIFY_WORLD } from '../verify/support';

/** Real-looking numbers and texts the session sends: none may appear in a cassette. */
export const PERSONAL = {
  unitel: '+244923123456',
  unitelNational: '923123456',
  africellLocal: '953 765 432',
  africellDigits: '953765432',
  movicel: '+244 912-000-111',
  movicelDigits: '912000111',
  foreign: '+351912345678',
  invalid: '+244 12 3456',
  otp: 'Olá, o seu código é 481516',
  promo: 'Promoção secreta de sexta-feira para clientes fiéis',
} as const;

/** The magic number kept as it is (D38, D143). */
export const MAGIC_DELIVERED = '+244900000001';

/** The minute that passes in the session, after the batch. */
export const MINUTE = 60_000;

/**
 * A fresh mock on the verify world whose clock moves only when told (deterministic lists), seed 1
 * as the recording's: its ids and times differ from the recording's by its start time.
 */
export function freshMock(startTime: string) {
  return startServer({
    world: VERIFY_WORLD,
    clock: 'virtual',
    seed: 1,
    startTime: Date.parse(startTime),
  });
}

/**
 * A fresh mock behind a front that plants `plant`'s changes and lets the minute of the session
 * pass where the recording did: before the first retrieve of a message.
 */
export async function freshTarget(
  startTime: string,
  plant: Parameters<typeof startFront>[1] = () => undefined,
) {
  const mock = await freshMock(startTime);
  let advanced = false;
  const front = await startFront(mock.url, plant, (method, url) => {
    if (!advanced && method === 'GET' && /^\/c\/v1\/messages\/[0-9a-f]{8}-/.test(url)) {
      advanced = true;
      mock.mock.clock.advance(MINUTE);
    }
  });
  return {
    mock,
    baseUrl: `${front.url}/c/v1`,
    close: async () => {
      await front.close();
      await mock.close();
    },
  };
}

async function expectError(promise: PromiseLike<unknown>): Promise<void> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MessagingError) return;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/**
 * The session: what a real integration does in its first hour. `baseUrl` ends in `/c/v1`.
 * Returns how many exchanges it made.
 */
export async function driveSession(baseUrl: string, advance: () => void): Promise<number> {
  const client = new MessagingClient({ apiKey: KEYS.main, baseUrl, maxRetries: 0 });
  const other = new MessagingClient({ apiKey: KEYS.other, baseUrl, maxRetries: 0 });
  let n = 0;
  const first = await client.messages.send({ to: PERSONAL.unitel, body: PERSONAL.otp });
  n++;
  await client.messages.send({ to: MAGIC_DELIVERED, body: PERSONAL.otp });
  n++;
  await client.messages.send(
    { to: PERSONAL.unitel, body: 'segunda mensagem' },
    { idempotencyKey: 'order-42-reminder' },
  );
  n++;
  // The same request again: the idempotent replay.
  await client.messages.send(
    { to: PERSONAL.unitel, body: 'segunda mensagem' },
    { idempotencyKey: 'order-42-reminder' },
  );
  n++;
  const batch = await client.campaigns.sendBatch({
    remitter_id: first.remitter_id,
    content: PERSONAL.promo,
    channel_type: 'SMS',
    name: 'friday',
    country_alpha2: 'AO',
    recipients: [
      PERSONAL.unitel,
      PERSONAL.africellLocal,
      PERSONAL.movicel,
      PERSONAL.foreign,
      PERSONAL.invalid,
      MAGIC_DELIVERED,
    ],
  });
  n++;
  // A minute passes: the campaign is processed, messages are sent and delivered (or not).
  advance();
  await client.messages.retrieve(first.id);
  n++;
  await client.campaigns.retrieve(batch.campaign_id);
  n++;
  await client.campaigns.listMessages(batch.campaign_id, { size: 4 });
  n++;
  await client.campaigns.listMessages(batch.campaign_id, { size: 4, page: 2, order: 'asc' });
  n++;
  await client.messages.list({ size: 5 });
  n++;
  await client.messages.list({ size: 3, page: 2, order: 'asc', order_by: 'updated_at' });
  n++;
  await client.messages.list({ campaign_id: [batch.campaign_id], status: ['PENDING', 'SENT'] });
  n++;
  await client.messages.list({ q: PERSONAL.unitelNational });
  n++;
  await client.messages.list({ created_at__ge: first.created_at, channel_type: ['SMS'] });
  n++;
  await client.campaigns.list({ size: 10 });
  n++;
  await other.messages.list({ size: 2 });
  n++;
  // Errors: an unknown message, another organization's, a bad send, a bad list, a bad key.
  await expectError(client.messages.retrieve('01890000-0000-7000-8000-000000000000'));
  n++;
  await expectError(other.messages.retrieve(first.id));
  n++;
  await expectError(client.messages.send({ to: PERSONAL.unitel, body: '' }));
  n++;
  await expectError(client.messages.list({ size: 500 }));
  n++;
  const refused = new MessagingClient({
    apiKey: 'svc_test_thisKeyWasRevoked0000000000',
    baseUrl,
    maxRetries: 0,
  });
  await expectError(refused.messages.list());
  n++;
  await fetch(`${baseUrl}/messages/not-a-uuid`, { headers: { 'x-api-key': KEYS.main } });
  n++;
  await fetch(`${baseUrl}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': KEYS.main },
    body: '{"to": "+244923123456", ',
  });
  n++;
  return n;
}

/** How the front changes one answer: another status, body, or headers left out. */
export interface Plant {
  readonly status?: number;
  readonly body?: unknown;
  readonly dropHeaders?: readonly string[];
}

/**
 * A server in front of `upstream` that answers as it does, except where `plant` returns a change
 * for a request (its method, path with query, and the upstream's status and parsed body).
 */
export async function startFront(
  upstream: string,
  plant: (method: string, url: string, status: number, body: unknown) => Plant | undefined,
  before?: (method: string, url: string) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(async (req: IncomingMessage, res) => {
    before?.(req.method ?? 'GET', req.url ?? '/');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'connection')
        headers.set(name, value);
    }
    const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
    const answer = await fetch(`${upstream}${req.url}`, {
      method: req.method ?? 'GET',
      headers,
      body: body ?? null,
    });
    const text = await answer.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const change = plant(req.method ?? 'GET', req.url ?? '/', answer.status, parsed);
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) {
        if (!change?.dropHeaders?.includes(name)) out[name] = value;
      }
    });
    res.writeHead(change?.status ?? answer.status, out);
    res.end(change?.body === undefined ? text : JSON.stringify(change.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

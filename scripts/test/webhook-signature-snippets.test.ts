/**
 * The Webhooks guide's verifiers without the SDK ("Without the SDK: the key is the decoded
 * secret"), run as written — the Node one with `node`, the Python one with `python3` — on a real
 * delivery the mock POSTed over HTTP: both accept it, as the `standardwebhooks` package does, and
 * both refuse a changed body, another secret, and a signature keyed with the secret's text.
 */
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMockService } from '@msgsvc/mock';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a JavaScript module of the docs build, without declarations.
import { docBlocks } from '../docs/doc-blocks.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAGE = 'docs/webhooks.md';

/** One delivery as a receiver got it: the raw body's bytes and the headers. */
interface Delivery {
  body: Buffer;
  headers: Record<string, string>;
}

/** A case for the snippets: body as base64 (bytes survive JSON), headers, secret. */
interface Case {
  name: string;
  body: string;
  headers: Record<string, string>;
  secret: string;
}

/** The guide's block whose first line is `firstLine`. */
function snippet(firstLine: string): string {
  const found = (docBlocks(ROOT, PAGE) as Array<{ source: string }>).filter((block) =>
    block.source.startsWith(`${firstLine}\n`),
  );
  expect(found, `one block of ${PAGE} starts with ${firstLine}`).toHaveLength(1);
  return found[0]?.source ?? '';
}

/** A real delivery: the mock POSTs `message.status_updated` to a node:http receiver. */
async function receiveOne(): Promise<{ delivery: Delivery; secret: string }> {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
      );
      deliveries.push({ body: Buffer.concat(chunks), headers });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const mock = createMockService();
    const demo = mock.seedDemo();
    const { port } = server.address() as AddressInfo;
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      url: `http://127.0.0.1:${port}/hooks`,
      events: ['message.status_updated'],
    });
    await mock.client().messages.send({ to: '+244900000001', body: 'Olá' });
    await mock.clock.settle();
    const delivery = deliveries[0];
    if (delivery === undefined) throw new Error('the mock delivered nothing');
    return { delivery, secret: demo.webhookSecret };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** `v1,` and the HMAC keyed with the secret's text: what a verifier that skips decoding signs. */
function signedWithSecretText({ body, headers }: Delivery, secret: string): string {
  const content = `${headers['webhook-id']}.${headers['webhook-timestamp']}.`;
  return `v1,${createHmac('sha256', secret).update(content).update(body).digest('base64')}`;
}

let dir: string;
let cases: Case[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'msgsvc-webhook-snippets-'));
  writeFileSync(join(dir, 'verify-signature.mjs'), snippet('// verify-signature.mjs'));
  writeFileSync(join(dir, 'verify_signature.py'), snippet('# verify_signature.py'));
  const { delivery, secret } = await receiveOne();
  const body = delivery.body.toString('base64');
  cases = [
    { name: 'genuine', body, headers: delivery.headers, secret },
    {
      name: 'changed body',
      body: Buffer.concat([delivery.body, Buffer.from(' ')]).toString('base64'),
      headers: delivery.headers,
      secret,
    },
    {
      name: 'another secret',
      body,
      headers: delivery.headers,
      secret: `whsec_${Buffer.from('another-secret-of-thirty-bytes').toString('base64')}`,
    },
    {
      name: 'keyed with the text',
      body,
      headers: {
        ...delivery.headers,
        'webhook-signature': signedWithSecretText(delivery, secret),
      },
      secret,
    },
  ];
}, 30_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a driver over the cases; returns its verdict per case, by name. */
function verdicts(command: string, args: string[]): Record<string, boolean> {
  const result = spawnSync(command, args, {
    cwd: dir,
    input: JSON.stringify(cases),
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.stderr).toBe('');
  const answers = JSON.parse(result.stdout) as boolean[];
  return Object.fromEntries(cases.map((c, i) => [c.name, answers[i] as boolean]));
}

const EXPECTED = {
  genuine: true,
  'changed body': false,
  'another secret': false,
  'keyed with the text': false,
};

describe('the Webhooks guide verifies without the SDK', () => {
  it('the delivery is genuine for the standardwebhooks package', () => {
    const [genuine] = cases;
    if (genuine === undefined) throw new Error('no cases');
    expect(() =>
      new Webhook(genuine.secret).verify(Buffer.from(genuine.body, 'base64'), genuine.headers),
    ).not.toThrow();
  });

  it('in Node, with node:crypto', () => {
    const driver = `
      import { readFileSync } from 'node:fs';
      import { verifySignature } from './verify-signature.mjs';
      const cases = JSON.parse(readFileSync(0, 'utf8'));
      console.log(JSON.stringify(cases.map((c) =>
        verifySignature(Buffer.from(c.body, 'base64'), c.headers, c.secret))));`;
    expect(verdicts(process.execPath, ['--input-type=module', '-e', driver])).toEqual(EXPECTED);
  });

  it('in Python, with hmac, hashlib and base64', () => {
    const driver = [
      'import base64, json, sys',
      'from verify_signature import verify_signature',
      'cases = json.load(sys.stdin)',
      "print(json.dumps([verify_signature(base64.b64decode(c['body']), c['headers'], c['secret']) for c in cases]))",
    ].join('\n');
    expect(verdicts('python3', ['-c', driver])).toEqual(EXPECTED);
  });
});

// A webhook receiver on node:http: verifies each delivery's signature and handles each event once.
//
// Run it, then register its URL with the mock server (the demo organization's secret signs):
//   WEBHOOK_SECRET=whsec_ZGVtby13ZWJob29rLXNpZ25pbmctc2VjcmV0LTAx PORT=3000 \
//   npx tsx examples/webhook-receiver.ts
//   curl -X POST http://127.0.0.1:4780/__mock/organizations/<organization id>/webhook-endpoints \
//     -H 'content-type: application/json' -d '{"url":"http://127.0.0.1:3000/webhooks"}'
import { createServer, type Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import type { WebhookEvent } from '@msgsvc/sdk';
import { verifyWebhook, WebhookVerificationError } from '@msgsvc/sdk/webhooks';

/** Options of {@link createWebhookReceiver}. */
export interface WebhookReceiverOptions {
  /** The endpoint's signing secret, `whsec_…`. */
  secret: string;
  /** Handles one verified event; an exception makes the service retry the delivery later. */
  onEvent: (event: WebhookEvent, deliveryId: string) => void | Promise<void>;
  /** The current time in milliseconds, to check signatures against. Default `Date.now`. */
  now?: () => number;
}

/** An HTTP server that accepts signed webhook deliveries on any path. */
export function createWebhookReceiver({ secret, onEvent, now }: WebhookReceiverOptions): Server {
  // Delivery is at least once: remember what was handled (use a store with a TTL in production).
  const handled = new Set<string>();
  return createServer(async (request, response) => {
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    // Verify the body exactly as received: parsing and re-serialising would change the bytes.
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    try {
      const event = await verifyWebhook(body, request.headers, secret, now ? { now } : {});
      const id = String(request.headers['webhook-id']);
      if (!handled.has(id)) {
        await onEvent(event, id);
        handled.add(id);
      }
      response.writeHead(204).end();
    } catch (error) {
      if (error instanceof WebhookVerificationError) {
        // Not from the service (or replayed too late): refuse it, and never act on it.
        response.writeHead(400, { 'content-type': 'text/plain' }).end(error.reason);
      } else {
        // Our failure: a 5xx makes the service retry on its schedule.
        response.writeHead(500).end();
      }
    }
  });
}

// Run as a program: WEBHOOK_SECRET signs, PORT (default 3000) on 127.0.0.1.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const secret = process.env.WEBHOOK_SECRET;
  if (secret === undefined) throw new Error('Set WEBHOOK_SECRET to the endpoint secret (whsec_…)');
  const port = Number(process.env.PORT ?? 3000);
  const server = createWebhookReceiver({
    secret,
    onEvent: (event) => {
      if (event.type === 'message.status_updated') {
        console.log(`message ${event.data.id} is ${event.data.status}`);
      } else if (event.type === 'campaign.completed') {
        console.log(`campaign ${event.data.id} ended ${event.data.status}`, event.data.counts);
      } else {
        console.log(`reply from ${event.data.from}: ${event.data.body}`);
      }
    },
  });
  server.listen(port, '127.0.0.1', () => console.log(`Listening on http://127.0.0.1:${port}/`));
}

// Send a one-time code by SMS and wait briefly for its delivery receipt.
//
// Run it against the mock server (`npm start` prints the demo key):
//   MSGSVC_API_KEY=svc_live_demo0000000000000000000000000001 \
//   MSGSVC_BASE_URL=http://127.0.0.1:4780/c/v1 npx tsx examples/send-otp.ts +244923000001
import { pathToFileURL } from 'node:url';
import {
  type MessageStatus,
  MessagingClient,
  ValidationError,
  WaitTimeoutError,
} from '@msgsvc/sdk';

/** What happened to the code. */
export interface OneTimeCodeResult {
  /** The code sent (store a hash of it with an expiry, never the code itself). */
  code: string;
  /** The message id, to look the send up later. */
  messageId: string;
  /** `DELIVERED`, a failure, or `SENT` when no receipt came within the wait. */
  status: MessageStatus;
}

/** Sends a six-digit code to `to` and waits up to `waitMs` for the handset's delivery receipt. */
export async function sendOneTimeCode(params: {
  client: MessagingClient;
  to: string;
  code?: string;
  waitMs?: number;
}): Promise<OneTimeCodeResult> {
  const { client, to, code = randomCode(), waitMs = 30_000 } = params;
  const sent = await client.messages.send({
    to,
    body: `O seu código de verificação é ${code}. Expira em 10 minutos.`,
  });
  try {
    // Ends at DELIVERED or at any final failure (UNDELIVERED, REJECTED, …), whichever comes first.
    const message = await client.messages.waitFor(sent.id, { until: 'DELIVERED', timeout: waitMs });
    return { code, messageId: sent.id, status: message.status };
  } catch (error) {
    // No receipt yet: the handset may be off. The code can still arrive; let the user retry.
    if (error instanceof WaitTimeoutError) return { code, messageId: sent.id, status: 'SENT' };
    throw error;
  }
}

function randomCode(): string {
  const [n = 0] = crypto.getRandomValues(new Uint32Array(1));
  return String(n % 1_000_000).padStart(6, '0');
}

// Run as a program: the key and base URL come from MSGSVC_API_KEY and MSGSVC_BASE_URL.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const client = new MessagingClient();
  try {
    const result = await sendOneTimeCode({ client, to: process.argv[2] ?? '+244923000001' });
    console.log(`Code ${result.code}: message ${result.messageId} is ${result.status}`);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    console.error('Not sent:', error.fields); // e.g. { to: 'Must be an E.164 number.' }
    process.exitCode = 1;
  }
}

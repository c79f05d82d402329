// Send one text to 5,000 recipients (campaigns of 1,000, paced, resumable) and report progress.
//
// Run it against the mock server (`npm start -- --speed 60` makes the simulated minutes pass fast):
//   MSGSVC_API_KEY=svc_live_demo0000000000000000000000000001 \
//   MSGSVC_BASE_URL=http://127.0.0.1:4780/c/v1 MSGSVC_SENDER_ID=<sender ID id> \
//   npx tsx examples/bulk-send.ts [recipients.txt]
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { fictionalNumbers } from '@msgsvc/mock';
import { type BulkSendResult, type Campaign, MessagingClient } from '@msgsvc/sdk';

/** The fan-out's result and every campaign in its final state. */
export interface BulkSummary {
  /** Chunks, campaign ids and the key to resume with. */
  result: BulkSendResult;
  /** The campaigns, `COMPLETED` or `FAILED`. */
  campaigns: Campaign[];
}

/**
 * Sends `content` to every recipient. The same `idempotencyKey` makes a rerun resume: chunks
 * already accepted are replayed by the service, not sent again.
 */
export async function bulkSend(params: {
  client: MessagingClient;
  senderId: string;
  recipients: readonly string[];
  content: string;
  idempotencyKey: string;
  log?: (line: string) => void;
}): Promise<BulkSummary> {
  const { client, senderId, recipients, content, idempotencyKey, log = console.log } = params;
  const result = await client.campaigns.sendBulk(
    { remitter_id: senderId, content, recipients, name: 'Bulk send' },
    {
      idempotencyKey,
      onProgress: ({ completed, total, chunk }) => {
        const outcome = chunk.status === 'sent' ? chunk.campaignId : chunk.status;
        log(`chunk ${completed}/${total}: ${chunk.recipients} recipients → ${outcome}`);
      },
    },
  );
  // A failed chunk is reported, never thrown: rerun with the same key to retry only those.
  for (const chunk of result.chunks) {
    if (chunk.status === 'failed') log(`chunk ${chunk.index} failed: ${chunk.error.code}`);
  }
  const campaigns = await Promise.all(
    result.campaignIds.map((id) => client.campaigns.waitFor(id, { timeout: 30 * 60_000 })),
  );
  return { result, campaigns };
}

// Run as a program: recipients come from a file (one per line) or are 5,000 fictional numbers in
// Angola's unassigned +244 90 range (no phone has them, none is a magic number).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const senderId = process.env.MSGSVC_SENDER_ID;
  if (senderId === undefined) throw new Error('Set MSGSVC_SENDER_ID to an approved sender ID');
  const file = process.argv[2];
  const recipients =
    file === undefined
      ? fictionalNumbers(5_000)
      : readFileSync(file, 'utf8')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean);
  const { result, campaigns } = await bulkSend({
    client: new MessagingClient(),
    senderId,
    recipients,
    content: 'Promoção de verão: 20% em todas as encomendas até domingo.',
    idempotencyKey: `summer-sale-${new Date().toISOString().slice(0, 10)}`,
  });
  const completed = campaigns.filter((c) => c.status === 'COMPLETED').length;
  console.log(`${completed}/${campaigns.length} campaigns completed; key ${result.idempotencyKey}`);
}

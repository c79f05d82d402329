// Send one text to a list of recipients as a campaign, wait until it completes, and summarise it.
//
// Run it against the mock server (`npm start` prints the demo key and sender ID):
//   MSGSVC_API_KEY=svc_live_demo0000000000000000000000000001 \
//   MSGSVC_BASE_URL=http://127.0.0.1:4780/c/v1 MSGSVC_SENDER_ID=<sender ID id> \
//   npx tsx examples/campaign-and-wait.ts +244923000001 +244912000002 +244951000003
import { pathToFileURL } from 'node:url';
import { type Campaign, MessagingClient } from '@msgsvc/sdk';

/** A finished campaign and how many of its messages are in each (list) status. */
export interface CampaignSummary {
  /** The campaign in its final state: `COMPLETED` or `FAILED`. */
  campaign: Campaign;
  /** Messages per status, e.g. `{ SENT: 2, DELIVERED: 40, FAILED: 1 }`. */
  byStatus: Record<string, number>;
}

/** Submits the campaign, polls it until it is `COMPLETED` or `FAILED`, then counts its messages. */
export async function sendCampaignAndWait(params: {
  client: MessagingClient;
  senderId: string;
  recipients: string[];
  content: string;
  name?: string;
}): Promise<CampaignSummary> {
  const { client, senderId, recipients, content, name } = params;
  const { campaign_id } = await client.campaigns.sendBatch({
    remitter_id: senderId,
    channel_type: 'SMS',
    content,
    recipients,
    ...(name === undefined ? {} : { name }),
  });

  // COMPLETED means every message reached a carrier (or failed for good); receipts keep coming.
  const campaign = await client.campaigns.waitFor(campaign_id, { timeout: 10 * 60_000 });

  const byStatus: Record<string, number> = {};
  for await (const message of client.campaigns.listMessages(campaign_id, { size: 200 })) {
    byStatus[message.status] = (byStatus[message.status] ?? 0) + 1;
  }
  return { campaign, byStatus };
}

// Run as a program: recipients are the arguments; the sender ID comes from MSGSVC_SENDER_ID.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const senderId = process.env.MSGSVC_SENDER_ID;
  if (senderId === undefined) throw new Error('Set MSGSVC_SENDER_ID to an approved sender ID');
  const { campaign, byStatus } = await sendCampaignAndWait({
    client: new MessagingClient(),
    senderId,
    recipients: process.argv.slice(2),
    content: 'Olá! A sua encomenda foi enviada.',
  });
  console.log(`Campaign ${campaign.id} ${campaign.status}:`, byStatus);
}

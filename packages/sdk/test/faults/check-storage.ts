/**
 * Checks on what the service stored: a send or batch the application was told succeeded is stored
 * exactly once, under the id it was told and under its `Idempotency-Key`; a call that failed and
 * was sent again with its key is then stored exactly once too (the retry never duplicates); and
 * the world holds no message the workload did not ask for.
 */
import type { BatchAccepted, SentMessage } from '@msgsvc/sdk';
import { describeError, Violations } from './violations';
import type { BatchRecord, SendRecord, WorkloadResult } from './workload';
import type { WorldIndex } from './world-index';

/** Calls that succeeded through the faults are stored exactly once. */
export function checkSucceededStoredOnce(run: WorkloadResult, world: WorldIndex): Violations {
  const v = new Violations();
  for (const send of run.sends) {
    if (send.outcome?.status === 'fulfilled') checkSend(v, send, send.outcome.value, world);
  }
  for (const batch of run.batches) {
    if (batch.outcome?.status === 'fulfilled') checkBatch(v, batch, batch.outcome.value, world);
  }
  return v;
}

/** Calls that failed (or hung) and were sent again with their key are stored exactly once. */
export function checkResentStoredOnce(run: WorkloadResult, world: WorldIndex): Violations {
  const v = new Violations();
  for (const call of [...run.sends, ...run.batches]) {
    if (call.outcome?.status === 'fulfilled') continue;
    if (call.resend?.status !== 'fulfilled') {
      const why = call.resend?.status === 'rejected' ? describeError(call.resend.error) : 'hung';
      v.add(`${call.operation} re-sent with its key did not succeed`, `${call.key}: ${why}`);
      continue;
    }
    if (call.operation === 'send') {
      checkSend(v, call as SendRecord, call.resend.value as SentMessage, world);
    } else {
      checkBatch(v, call as BatchRecord, call.resend.value as BatchAccepted, world);
    }
  }
  const expected =
    run.sends.length +
    run.batches.reduce((sum, batch) => sum + batch.params.recipients.length, 0) +
    run.bulk.params.recipients.length;
  if (world.messages.size !== expected) {
    v.add(
      'the world holds another number of messages than the workload asked for',
      `${world.messages.size} stored, ${expected} asked for`,
    );
  }
  return v;
}

function checkSend(v: Violations, send: SendRecord, told: SentMessage, world: WorldIndex): void {
  const stored = world.byContent.get(send.params.body) ?? [];
  if (stored.length !== 1) {
    v.add(
      `send stored ${stored.length === 0 ? 'nowhere' : 'more than once'}`,
      `${send.key}: ${stored.length} messages`,
    );
    return;
  }
  const [message] = stored;
  if (message!.id !== told.id || message!.e164 !== send.params.to) {
    v.add(
      'send stored under another id or number',
      `${send.key}: told ${told.id}, stored ${message!.id}`,
    );
  }
  if (world.stored(send.key)?.id !== told.id) {
    v.add('send not stored under its Idempotency-Key', `${send.key}: told ${told.id}`);
  }
}

function checkBatch(
  v: Violations,
  batch: BatchRecord,
  told: BatchAccepted,
  world: WorldIndex,
): void {
  const campaigns = world.campaignsByName.get(batch.params.name ?? '') ?? [];
  if (campaigns.length !== 1) {
    v.add(
      `batch stored ${campaigns.length === 0 ? 'nowhere' : 'more than once'}`,
      `${batch.key}: ${campaigns.length} campaigns`,
    );
    return;
  }
  if (campaigns[0]!.id !== told.campaign_id) {
    v.add('batch stored under another campaign id', `${batch.key}: told ${told.campaign_id}`);
  }
  if (world.stored(batch.key)?.campaign_id !== told.campaign_id) {
    v.add('batch not stored under its Idempotency-Key', `${batch.key}: told ${told.campaign_id}`);
  }
  const recipients = (world.byCampaign.get(told.campaign_id) ?? []).map((m) => m.e164).sort();
  if (recipients.join() !== [...batch.params.recipients].sort().join()) {
    v.add(
      'batch messages differ from its recipients',
      `${batch.key}: ${recipients.length} messages`,
    );
  }
}

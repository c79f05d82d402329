/**
 * Checks on the fan-out: through the faults `sendBulk` never throws and reports each failed chunk
 * with its key (skipping the rest only when its first chunk was not accepted, D81); re-run with the same key it completes every chunk, replaying the ones already
 * accepted; and the service holds one campaign per chunk and one message per recipient.
 */
import { describeError, Violations } from './violations';
import type { WorkloadResult } from './workload';
import type { WorldIndex } from './world-index';

/** The fan-out's contract under faults, and its resume. */
export function checkBulk(run: WorkloadResult, world: WorldIndex): Violations {
  const v = new Violations();
  const { params, chunks, first, rerun } = run.bulk;
  const key = params.idempotencyKey;

  if (first?.status === 'rejected') {
    v.add('sendBulk threw part-way through the faults', `${key}: ${describeError(first.error)}`);
  } else if (first?.status === 'hung') {
    v.add('sendBulk did not finish through the faults', `${key}: pending after ${first.ms} ms`);
  } else if (first?.status === 'fulfilled') {
    first.value.chunks.forEach((chunk, i) => {
      if (chunk.index !== i || chunk.idempotencyKey !== `${key}:${i}`) {
        v.add('sendBulk chunk reported without its index or key', `${key}: chunk ${i}`);
      }
      // Only the anchor rule skips without stopOnError: nothing follows a first chunk not accepted.
      const anchored = first.value.chunks[0]?.status === 'sent';
      if (chunk.status === 'skipped' && anchored)
        v.add('sendBulk skipped a chunk without stopOnError', `${key}:${i}`);
    });
  }

  if (rerun?.status !== 'fulfilled') {
    const why = rerun?.status === 'rejected' ? describeError(rerun.error) : 'hung';
    v.add('sendBulk re-run with its key did not finish', `${key}: ${why}`);
    return v;
  }
  const result = rerun.value;
  if (result.failed !== 0 || result.chunks.length !== chunks) {
    v.add(
      'sendBulk re-run left chunks unsent',
      `${key}: ${result.failed} of ${result.chunks.length} failed`,
    );
  }
  const earlier = first?.status === 'fulfilled' ? first.value.chunks : [];
  for (const chunk of earlier) {
    const again = result.chunks[chunk.index];
    if (chunk.status !== 'sent' || again?.status !== 'sent') continue;
    if (again.campaignId !== chunk.campaignId || !again.replayed) {
      v.add(
        'sendBulk re-run did not replay an accepted chunk',
        `${chunk.idempotencyKey}: ${chunk.campaignId} then ${again.campaignId}`,
      );
    }
  }

  result.chunks.forEach((chunk, i) => {
    const name = `${params.name} (${i + 1}/${chunks})`;
    const campaigns = world.campaignsByName.get(name) ?? [];
    if (campaigns.length !== 1) {
      v.add(
        'sendBulk chunk stored as other than one campaign',
        `${chunk.idempotencyKey}: ${campaigns.length} campaigns`,
      );
    } else if (chunk.status === 'sent' && campaigns[0]!.id !== chunk.campaignId) {
      v.add('sendBulk chunk stored under another campaign id', chunk.idempotencyKey);
    }
  });
  const messages = world.byContent.get(params.content) ?? [];
  const distinct = new Set(messages.map((message) => message.e164));
  if (messages.length !== params.recipients.length || distinct.size !== messages.length) {
    v.add(
      'sendBulk recipients not messaged exactly once each',
      `${key}: ${messages.length} messages to ${distinct.size} numbers for ${params.recipients.length} recipients`,
    );
  }
  return v;
}

/**
 * Every bound and validation rule of the two sends. Refused bounds of a batch are probed with a
 * second invalid field (`channel_type`), so a service that wrongly accepts the bound still sends
 * nothing; the check expects `fields` to name both (spec POST /campaigns/batch, Limits).
 */
import { expectAnswer, sendBatch } from '../check-kit/api';
import { checks, type VerifyContext } from '../check-kit/check';
import { expectThat } from '../check-kit/drift';
import { batchOf } from '../check-kit/fixtures';
import { refName, SCHEMAS, type Schema } from './contract';

/** Fails unless a batch with `changes` (one field out of bounds) is refused naming that field. */
async function batchRefused(
  context: VerifyContext,
  changes: Record<string, unknown>,
  sends?: number,
): Promise<void> {
  const field = Object.keys(changes)[0]!;
  const body = await batchOf(context, { channel_type: 'EMAIL', ...changes });
  const answer = await sendBatch(context.api, body, sends === undefined ? {} : { sends });
  const got = expectAnswer(answer, 422, 'VALIDATION_ERROR', ['channel_type']);
  const names = Object.keys((got.fields ?? {}) as object);
  expectThat(
    names.some((name) => name === field || name.startsWith(`${field}[`)),
    `fields naming ${field} for ${Object.keys(changes).join(', ')} out of bounds`,
    () => `fields ${names.join(', ')}`,
  );
}

/** The contract's schema of a batch request's `field`, its `$ref` followed. */
function batchField(field: string): Schema {
  const schema = SCHEMAS.SendBatchCampaignRequest!.properties![field]!;
  const ref = refName(schema);
  return ref === undefined ? schema : SCHEMAS[ref]!;
}

/**
 * Fails unless a batch whose `field` is `fill` repeated one time fewer than the contract's least
 * length, or one more than its most, is refused.
 */
async function lengthsRefused(context: VerifyContext, field: string, fill = 'v'): Promise<void> {
  const { minLength, maxLength } = batchField(field);
  for (const length of [minLength! - 1, maxLength! + 1]) {
    await batchRefused(context, { [field]: fill.repeat(length) });
  }
}

/** The checks of this group. */
export const VALIDATION_CHECKS = checks({
  'validation.batch-bounds-accepted': {
    title:
      'A batch at every accepted edge (2 recipients, 10,000 characters, a 200-character name) is a 202',
    cites: 'spec POST /campaigns/batch; spec Limits',
    async run(context) {
      const body = await batchOf(context, {
        content: 'v'.repeat(batchField('content').maxLength!),
        name: `${context.runId} `.padEnd(batchField('name').maxLength!, 'n'),
        country_alpha2: 'AO',
      });
      expectAnswer(await sendBatch(context.api, body), 202);
    },
  },
  'validation.batch-recipients': {
    title: 'recipients: 1 and 1,001 items, an item off the pattern, a 31-character item: refused',
    cites: 'spec POST /campaigns/batch (2 to 1000 items, pattern); D46',
    async run(context) {
      const { delivered, invalid } = context.numbers;
      const { minItems, maxItems } = batchField('recipients');
      await batchRefused(context, { recipients: Array(minItems! - 1).fill(delivered) });
      // Copies of the invalid number: one distinct recipient that no deployment can deliver or
      // charge for, so the probe reserves one send and runs within the default budget.
      await batchRefused(context, { recipients: Array(maxItems! + 1).fill(invalid) }, 1);
      await batchRefused(context, { recipients: [delivered, '12ab567'] });
      await batchRefused(context, { recipients: [delivered, '1'.repeat(31)] });
    },
  },
  'validation.batch-content': {
    title: 'content: empty and 10,001 characters are refused',
    cites: 'spec POST /campaigns/batch (1 to 10,000 characters)',
    async run(context) {
      await lengthsRefused(context, 'content');
    },
  },
  'validation.batch-name-and-country': {
    title: 'name: empty and 201 characters; country_alpha2 not two capitals: refused',
    cites: 'spec POST /campaigns/batch (name 1 to 200, ^[A-Z]{2}$)',
    async run(context) {
      await lengthsRefused(context, 'name');
      await lengthsRefused(context, 'country_alpha2', 'A');
      await batchRefused(context, { country_alpha2: 'ao' });
    },
  },
  'validation.batch-channel-and-sender': {
    title: 'A batch on WHATSAPP, or with a sender ID that is not a UUID v7, is refused',
    cites: 'spec POST /campaigns/batch (SMS only, UUID v7); D21',
    async run(context) {
      const whatsapp = await batchOf(context, { channel_type: 'WHATSAPP' });
      const answer = await sendBatch(context.api, whatsapp);
      expectAnswer(answer, 422, 'VALIDATION_ERROR', ['channel_type']);
      await batchRefused(context, { remitter_id: '6f1c1d7e-2c47-4c1e-9b7e-1f2a3b4c5d6e' });
    },
  },
  'validation.send-message': {
    title: 'POST /messages: to off the pattern or not a valid number, empty or too long body: 422',
    cites: 'spec POST /messages; D20',
    async run(context) {
      const { api, numbers } = context;
      const cases: [Record<string, unknown>, string][] = [
        [{ to: 'abc', body: 'verify' }, 'to'],
        [{ to: numbers.invalid, body: 'verify' }, 'to'],
        [{ to: numbers.delivered, body: '' }, 'body'],
        [{ to: numbers.delivered, body: 'v'.repeat(10_001) }, 'body'],
        [{ to: numbers.delivered, body: 'verify', channel_type: 'FAX' }, 'channel_type'],
      ];
      for (const [body, field] of cases) {
        const answer = await api.request('POST', '/messages', { body, sends: 1 });
        expectAnswer(answer, 422, 'VALIDATION_ERROR', [field]);
      }
    },
  },
});

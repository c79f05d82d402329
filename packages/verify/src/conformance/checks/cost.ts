/**
 * Segments and cost of single messages: GSM-7 holds 160 characters in one segment and 153 per
 * part after; UCS-2 70 and 67; cost = segments × price. And a send the balance cannot pay.
 */
import { expectAnswer, sendMessage } from '../check-kit/api';
import { checks, type VerifyContext } from '../check-kit/check';
import { brief, expectThat, expectValues } from '../check-kit/drift';
import { expectPage, listPage } from '../check-kit/lists';
import { MONEY } from './formats';

const micros = (money: unknown) => Math.round(Number(money) * 1_000_000);

const send = async (context: VerifyContext, body: string) =>
  expectAnswer(await sendMessage(context.api, context.numbers.delivered, body), 201);

/** The checks of this group. */
export const COST_CHECKS = checks({
  'cost.segments': {
    title: 'GSM-7: 160 characters are 1 segment, 161 are 2; UCS-2: 70 are 1, 71 are 2',
    cites: 'D20; D42',
    async run(context) {
      for (const [text, segments, encoding] of [
        ['a'.repeat(160), 1, 'GSM_7'],
        ['a'.repeat(161), 2, 'GSM_7'],
        ['中'.repeat(70), 1, 'UCS_2'],
        ['中'.repeat(71), 2, 'UCS_2'],
      ] as const) {
        const sent = await send(context, text);
        expectValues(`${text.length} × "${text[0]}"`, sent, { segments, encoding });
      }
    },
  },
  'cost.per-segment': {
    title: 'A message of 3 segments costs 3 times one of 1 segment to the same number',
    cites: 'D26; D32',
    async run(context) {
      const one = await send(context, 'verify one segment');
      const three = await send(context, 'b'.repeat(153 * 2 + 10));
      expectThat(
        three.segments === 3 &&
          MONEY.test(String(one.cost)) &&
          micros(three.cost) === 3 * micros(one.cost) &&
          micros(one.cost) > 0,
        `3 segments costing 3 × ${one.cost}`,
        () => `${three.segments} segments costing ${three.cost} (${brief(three)})`,
      );
    },
  },
});

/** The check of an organization that cannot pay (it needs its key). */
export const BILLING_CHECKS = checks({
  'billing.insufficient-funds': {
    title: 'A send the balance cannot pay is a 402 from service billing and creates nothing',
    cites: 'spec Errors; D3; D14; D20',
    needs: ['poor'],
    async run(context) {
      const poor = context.poor!;
      const before = await listPage(poor, '/messages', { size: 1 });
      const answer = await sendMessage(poor, context.numbers.delivered, 'verify 402');
      const body = expectAnswer(answer, 402, 'BILLING_INSUFFICIENT_FUNDS');
      expectValues('the 402 (D3)', body, { service: 'billing' });
      expectPage(await listPage(poor, '/messages', { size: 1 }), { total: before.total });
    },
  },
});

import { formatMoney, parseMoney } from './money';
import { countSegments, type SegmentEncoding } from './segments';

/** The input of {@link estimateCost}. */
export interface EstimateCostParams {
  /** The message body. */
  text: string;
  /** Price of one segment as a decimal string, e.g. `"4.000000"` (see your route's tariff). */
  pricePerSegment: string;
  /** How many recipients receive the text; defaults to 1. */
  recipients?: number;
}

/** The result of {@link estimateCost}. Amounts use the API's six-digit decimal format. */
export interface CostEstimate {
  /** How the text is encoded; it decides the segment size. */
  encoding: SegmentEncoding;
  /** Segments per message. */
  segments: number;
  /** The number of recipients the total is for. */
  recipients: number;
  /** `segments × pricePerSegment`. */
  costPerMessage: string;
  /** `costPerMessage × recipients`. */
  total: string;
}

/**
 * Estimates what sending an SMS costs, with integer arithmetic on micro-units throughout.
 *
 * Recipients on routes with different prices are estimated one route at a time. The service
 * charges the same way (segments × the route's price per segment), but it never charges invalid
 * numbers or duplicates, so its figure can be lower than this preview.
 *
 * @param params - The text, the price per segment and the number of recipients.
 * @returns Segments, encoding, the cost of one message and the total.
 * @throws RangeError when `recipients` is not a non-negative integer, the price is negative, or
 * the total is too large to hold exactly; SyntaxError when the price is not a decimal string.
 * @example
 * ```ts
 * import { estimateCost } from '@msgsvc/sdk/sms';
 *
 * estimateCost({ text: 'Olá, o seu código é 1234', pricePerSegment: '4.000000', recipients: 1000 });
 * // { encoding: 'UCS_2', segments: 1, recipients: 1000, costPerMessage: '4.000000', total: '4000.000000' }
 * ```
 */
export function estimateCost({
  text,
  pricePerSegment,
  recipients = 1,
}: EstimateCostParams): CostEstimate {
  if (!Number.isSafeInteger(recipients) || recipients < 0) {
    throw new RangeError(`recipients must be a non-negative integer, got ${recipients}`);
  }
  const price = parseMoney(pricePerSegment);
  if (price < 0) {
    throw new RangeError(`pricePerSegment must not be negative, got ${pricePerSegment}`);
  }

  const { encoding, segments } = countSegments(text);
  const perMessage = segments * price;
  const total = perMessage * recipients;
  if (!Number.isSafeInteger(total)) {
    throw new RangeError('The estimated total is too large to hold exactly in micro-units');
  }
  return {
    encoding,
    segments,
    recipients,
    costPerMessage: formatMoney(perMessage),
    total: formatMoney(total),
  };
}

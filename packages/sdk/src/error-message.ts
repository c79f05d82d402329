/**
 * The message of an HTTP error, built so that a test runner printing only `error.message` shows the
 * cause (D151): which fields and why for a 422, the missing scope for a 403, the shortfall for a
 * 402, when to retry for a 429. Bounded, whatever the service sent.
 */
import { formatMoney, parseMoney } from './money';

/** Fields a message lists before "and N more". */
export const MAX_LISTED_FIELDS = 5;
/** Characters of one field's message, and of the service's message, a message quotes at most. */
const MAX_FIELD = 160;
const MAX_SERVICE = 1000;

/** What the message is built from: the envelope's parts and the class chosen for the status. */
export interface ErrorMessageParts {
  readonly kind: 'validation' | 'permission' | 'funds' | 'rate_limit' | 'other';
  /** The envelope's `message`, when it has one. */
  readonly message: string | undefined;
  readonly status: number;
  readonly fields: Readonly<Record<string, unknown>> | undefined;
  /** Seconds from `Retry-After`. */
  readonly retryAfter: number | undefined;
}

/**
 * The error's message: the service's, with the cause added where the envelope has it.
 *
 * @param parts - The envelope's parts.
 */
export function errorMessage(parts: ErrorMessageParts): string {
  const base = clip(parts.message ?? `HTTP ${parts.status}`, MAX_SERVICE);
  const fields = textFields(parts.fields);
  switch (parts.kind) {
    case 'validation':
      return fields.length === 0 ? base : `Invalid request: ${listFields(fields)}`;
    case 'permission':
      return withScope(base, fields);
    case 'funds':
      return withShortfall(base);
    case 'rate_limit':
      return parts.retryAfter === undefined
        ? base
        : `${sentence(base)} Retry after ${seconds(parts.retryAfter)}.`;
    default:
      return base;
  }
}

// "to — must be an E.164 number; body — must not be empty; and 3 more"
function listFields(fields: ReadonlyArray<readonly [string, string]>): string {
  const listed = fields
    .slice(0, MAX_LISTED_FIELDS)
    .map(([name, text]) => `${clip(name, 60)} — ${lowerFirst(trimPeriod(clip(text, MAX_FIELD)))}`);
  const rest = fields.length - listed.length;
  return rest > 0 ? `${listed.join('; ')}; and ${rest} more` : listed.join('; ');
}

// The scope error's `fields.apikey` ("Missing scope: apikey:messages:send", D5) names the scope;
// the message says it unless it already does.
function withScope(base: string, fields: ReadonlyArray<readonly [string, string]>): string {
  const apikey = fields.find(([name]) => name === 'apikey')?.[1];
  if (apikey === undefined) return base;
  const scope = clip(apikey.replace(/^missing scope:\s*/i, '').trim(), MAX_FIELD);
  return base.includes(scope) ? base : `${sentence(base)} Missing scope: ${trimPeriod(scope)}.`;
}

// The envelope has no amount fields (the contract's ErrorEnvelope is closed); the service's 402
// names both amounts in its message ("the balance (6.000000) is below the estimated cost
// (8.000000)"), so the shortfall is their difference, in exact micro-units.
const AMOUNTS = /balance[^\d-]*(-?\d+(?:\.\d{1,6})?)[\s\S]*?cost[^\d-]*(\d+(?:\.\d{1,6})?)/i;

function withShortfall(base: string): string {
  const match = AMOUNTS.exec(base);
  if (match === null || /short by/i.test(base)) return base;
  try {
    const shortfall = parseMoney(match[2]!) - parseMoney(match[1]!);
    return shortfall > 0 ? `${sentence(base)} Short by ${formatMoney(shortfall)}.` : base;
  } catch {
    return base;
  }
}

function textFields(fields: ErrorMessageParts['fields']): Array<readonly [string, string]> {
  if (typeof fields !== 'object' || fields === null) return [];
  return Object.entries(fields).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
}

function seconds(value: number): string {
  const whole = Math.max(1, Math.ceil(value));
  return whole < 120 ? `${whole} s` : `${whole} s (${Math.ceil(whole / 60)} min)`;
}

// "Must be at most 200." → "must be at most 200"; "E.164 …" and "UUID …" keep their capitals.
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? `${text[0]!.toLowerCase()}${text.slice(1)}` : text;
}

function trimPeriod(text: string): string {
  return text.endsWith('.') && !text.endsWith('..') ? text.slice(0, -1) : text;
}

function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

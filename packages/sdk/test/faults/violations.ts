/**
 * Broken promises, counted by rule with the first few examples each, so a failing run says how
 * often each thing went wrong and shows enough cases to reproduce it — never just the first.
 */
import { MessagingError } from '@msgsvc/sdk';

const EXAMPLES = 4;

/** Violations of one property, grouped by rule. */
export class Violations {
  readonly #rules = new Map<string, { count: number; examples: string[] }>();

  /** Records one violation of `rule`, with a line that identifies the case. */
  add(rule: string, example: string): void {
    const entry = this.#rules.get(rule) ?? { count: 0, examples: [] };
    entry.count++;
    if (entry.examples.length < EXAMPLES) entry.examples.push(example);
    this.#rules.set(rule, entry);
  }

  /** How many violations in all. */
  get count(): number {
    let n = 0;
    for (const entry of this.#rules.values()) n += entry.count;
    return n;
  }

  /** A readable report: `context`, then each rule's count and examples. */
  format(context: string): string {
    const lines = [context];
    for (const [rule, entry] of this.#rules) {
      lines.push(`  ${entry.count} × ${rule}`);
      for (const example of entry.examples) lines.push(`      e.g. ${example}`);
    }
    return lines.join('\n');
  }
}

/** A short description of anything thrown: class, code and message. */
export function describeError(error: unknown): string {
  if (error instanceof MessagingError) {
    return `${error.name}(${error.code}${error.status === undefined ? '' : ` ${error.status}`}): ${error.message}`;
  }
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` [cause: ${error.cause.message}]` : '';
    return `raw ${error.name}: ${error.message}${cause}`;
  }
  return `non-error ${typeof error}: ${String(error)}`;
}

/** How errors are counted in the summary: the SDK's code, or `raw <Name>` for anything else. */
export function errorLabel(error: unknown): string {
  if (error instanceof MessagingError) return error.code;
  return error instanceof Error ? `raw ${error.name}` : `raw ${typeof error}`;
}

/** A difference between the service and what the description or a decision promises. */
export class Drift extends Error {
  /**
   * @param expected What the spec or decision says, in words (`422 VALIDATION_ERROR with fields.size`).
   * @param got What the service answered, in words.
   */
  constructor(
    readonly expected: string,
    readonly got: string,
  ) {
    super(`expected ${expected}; got ${got}`);
  }
}

/** Thrown by a check that cannot run here (a missing credential, the send budget). */
export class Skip extends Error {}

/** Fails with a {@link Drift} unless `condition` holds. */
export function expectThat(condition: boolean, expected: string, got: () => string): void {
  if (!condition) throw new Drift(expected, got());
}

/**
 * Fails unless each field of `want` has its value in `got` (a `RegExp`: a string it matches),
 * naming every field in both the expectation (`where: total 0, pages 0`) and what came back.
 */
export function expectValues(where: string, got: object, want: Record<string, unknown>): void {
  const names = Object.keys(want);
  const values = got as Record<string, unknown>;
  const show = (of: Record<string, unknown>) =>
    names.map((name) => `${name} ${isPattern(of[name]) ? of[name] : brief(of[name])}`);
  const holds = (name: string, value: unknown) =>
    isPattern(value)
      ? typeof values[name] === 'string' && value.test(values[name])
      : Object.is(values[name], value);
  expectThat(
    names.every((name) => holds(name, want[name])),
    `${where}: ${show(want).join(', ')}`,
    () => show(values).join(', '),
  );
}

// By shape: a parsed answer never holds a function, and a pattern may come from another realm.
const isPattern = (value: unknown): value is RegExp =>
  typeof (value as RegExp | null)?.test === 'function';

/** Short JSON of a value for a failure message (at most 300 characters). */
export function brief(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

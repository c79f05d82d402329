/**
 * The one field a send's answer must carry for the SDK to keep its promise: `id` of a sent message,
 * `campaign_id` of an accepted batch. Without it the message or campaign exists and the
 * application never learns which it is, so an answer without it is a failed attempt, not a
 * success. Only that field is checked: any other field the service adds or reshapes later still
 * passes, so the check never breaks on a newer service.
 */

/**
 * A check for `CallControl.accept`: says what is wrong with a 2xx body that lacks `field` as a
 * non-empty string, or returns `undefined`.
 *
 * @param field - The body's field the call relies on.
 */
export function requireField(field: string): (body: unknown) => string | undefined {
  return (body) => {
    const value = (body as Record<string, unknown> | null | undefined)?.[field];
    return typeof value === 'string' && value !== ''
      ? undefined
      : `without the \`${field}\` the contract promises`;
  };
}

/**
 * What `--cors` accepts: exact origins. Kept apart from the CORS policy so the command line checks
 * it without loading the server.
 */

/** An origin as a browser sends it: scheme, host and optional port, nothing else. */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * Checks an allow-list: each entry must be an exact origin (`http://localhost:5173`).
 *
 * @returns The entries that are not origins (empty when all are).
 */
export function invalidOrigins(origins: readonly string[]): string[] {
  return origins.filter((origin) => !ORIGIN.test(origin));
}

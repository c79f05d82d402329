/**
 * The page's requests: its own data under `/__mock/inspector/api`, and actions through the control
 * API. The admin token, when the server needs one, comes from the page's `?token=` (the server
 * already required it to serve the page) and is sent as `Authorization: Bearer` on every request
 *; a refusal is reported, never retried.
 */
import type { components } from '../../generated/control';
import { withQuery } from './router';

/** An error answer of the server, in its envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const params = new URLSearchParams(location.search);
const token = params.get('token');
/** The world on screen (`?world=<id>`); `null` is the server's default world. */
export const shownWorld = params.get('world');
/** Where the shown world's control API lives: `/__mock`, or `/__mock/worlds/<id>`. */
const base =
  shownWorld === null || shownWorld === 'default'
    ? '/__mock'
    : `/__mock/worlds/${encodeURIComponent(shownWorld)}`;

/** The headers every request carries. */
const authHeaders: Record<string, string> =
  token === null ? {} : { authorization: `Bearer ${token}` };

/** GET `/__mock/inspector/api/<path>` as JSON. */
export function data<T>(
  path: string,
  query: Record<string, string | number | undefined> = {},
): Promise<T> {
  return call<T>('GET', withQuery(`${base}/inspector/api/${path}`, query));
}

/** A control API call (`/__mock/<path>`), with a JSON body for writes. */
export function control<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  return call<T>(method, `${base}/${path}`, body);
}

/** A world as `GET /__mock/worlds` lists it (the fields the selector shows). */
type WorldSummary = Pick<components['schemas']['WorldFields'], 'id' | 'name' | 'default'>;

/** Every world of the server, for the world selector. */
export async function worlds(): Promise<WorldSummary[]> {
  return (await call<{ entries: WorldSummary[] }>('GET', '/__mock/worlds')).entries;
}

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { ...authHeaders, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const json: unknown = text === '' ? null : JSON.parse(text);
  if (!response.ok) {
    const envelope = (json ?? {}) as {
      code?: string;
      message?: string;
      fields?: Record<string, string>;
    };
    const detail =
      envelope.fields === undefined ? '' : ` ${Object.values(envelope.fields).join(' ')}`;
    throw new ApiError(
      response.status,
      envelope.code ?? 'ERROR',
      `${envelope.message ?? response.statusText}${detail}`,
    );
  }
  return json as T;
}

/**
 * Listens to the server's change events (a `fetch` stream, so the token can go in a header) and
 * calls `onChange` for each; reconnects after a drop, telling `onState`.
 */
export async function listen(
  onChange: () => void,
  onState: (live: boolean) => void,
): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(`${base}/inspector/api/events`, { headers: authHeaders });
      if (!response.ok || response.body === null) throw new Error(`events: ${response.status}`);
      onState(true);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          if (buffer.slice(0, end).includes('event: change')) onChange();
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Reported below; the loop reconnects.
    }
    onState(false);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

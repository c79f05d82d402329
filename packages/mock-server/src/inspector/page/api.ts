/**
 * The page's requests: its own data under `/__mock/inspector/api`, and actions through the control
 * API. The admin token, when the server needs one, comes from the page's `?token=` (the server
 * already required it to serve the page) and is sent as `Authorization: Bearer` on every request;
 * a refusal is reported, never retried.
 */
import type { components } from '../../generated/control';
import { withQuery } from './router';

/** An error answer of the server: its status, and its envelope's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
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
  const json = body === undefined ? {} : { 'content-type': 'application/json' };
  const response = await fetch(url, {
    method,
    headers: { ...authHeaders, accept: 'application/json', ...json },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  const answer: unknown = text === '' ? null : JSON.parse(text);
  if (response.ok) return answer as T;
  const envelope = (answer ?? {}) as { message?: string; fields?: Record<string, string> };
  const detail = Object.values(envelope.fields ?? {}).map((field) => ` ${field}`);
  const message = envelope.message ?? response.statusText;
  throw new ApiError(response.status, `${message}${detail.join('')}`);
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
        // Events end with a blank line; the last piece is the start of the next one.
        const events = (buffer + value).split('\n\n');
        buffer = events.pop() ?? '';
        for (const event of events) if (event.includes('event: change')) onChange();
      }
    } catch {
      // Reported below; the loop reconnects.
    }
    onState(false);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

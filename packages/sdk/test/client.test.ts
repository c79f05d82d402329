import { MessagingClient } from '@msgsvc/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';

const KEY = 'svc_live_0123456789abcdefABCDEF';
const BASE_URL = 'https://api.example.com/c/v1';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('new MessagingClient', () => {
  it('takes the key and base URL from options', () => {
    const client = new MessagingClient({ apiKey: KEY, baseUrl: `${BASE_URL}/` });
    expect(client.baseUrl).toBe(BASE_URL);
    expect(client.environment).toBe('live');
  });

  it('falls back to MSGSVC_API_KEY and MSGSVC_BASE_URL', () => {
    vi.stubEnv('MSGSVC_API_KEY', 'svc_test_0123456789abcdef\n');
    vi.stubEnv('MSGSVC_BASE_URL', BASE_URL);
    const client = new MessagingClient();
    expect(client.environment).toBe('test');
    expect(client.baseUrl).toBe(BASE_URL);
  });

  it('requires a key', () => {
    vi.stubEnv('MSGSVC_API_KEY', '');
    expect(() => new MessagingClient({ baseUrl: BASE_URL })).toThrow(/Missing API key/);
  });

  it.each([
    'sk_live_0123456789',
    'svc_prod_0123456789',
    'svc_live_',
    'Bearer svc_live_0123456789',
    'svc_live_0123 456789',
  ])('refuses the malformed key %j without repeating it', (apiKey) => {
    let message = '';
    try {
      new MessagingClient({ apiKey, baseUrl: BASE_URL });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/Malformed API key/);
    expect(message).not.toContain('0123');
  });

  it('requires a base URL: there is no built-in default', () => {
    vi.stubEnv('MSGSVC_BASE_URL', '');
    expect(() => new MessagingClient({ apiKey: KEY })).toThrow(/Missing base URL/);
    expect(() => new MessagingClient({ apiKey: KEY, baseUrl: 'api.example.com' })).toThrow(
      /Malformed base URL/,
    );
  });

  it('refuses to run in a browser page unless allowed', () => {
    const [refused, allowed] = inBrowserPage(() => [
      attempt(() => new MessagingClient({ apiKey: KEY, baseUrl: BASE_URL })),
      attempt(
        () =>
          new MessagingClient({ apiKey: KEY, baseUrl: BASE_URL, dangerouslyAllowBrowser: true }),
      ),
    ]);
    expect(refused).toThrow(/browser/i);
    expect(allowed).not.toThrow();
  });

  it('runs where a DOM is emulated in Node (jsdom, happy-dom): the key stays in the process (D115)', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    expect(() => new MessagingClient({ apiKey: KEY, baseUrl: BASE_URL })).not.toThrow();
  });

  it('runs where window exists without document (Deno 1, workers)', () => {
    vi.stubGlobal('window', {});
    expect(() => new MessagingClient({ apiKey: KEY, baseUrl: BASE_URL })).not.toThrow();
  });

  it('keeps the key out of what it shows', () => {
    const client = new MessagingClient({ apiKey: KEY, baseUrl: BASE_URL });
    expect(JSON.stringify(client)).not.toContain(KEY);
    expect(Object.values(client).map(String).join()).not.toContain(KEY);
  });

  it('uses globalThis.fetch at call time, with the key header and no redirects', async () => {
    const client = new MessagingClient({ apiKey: KEY, baseUrl: BASE_URL, maxRetries: 0 });
    const seen: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      seen.push(request);
      return new Response('{"total":0,"page":1,"size":30,"pages":0,"entries":[]}', {
        headers: { 'content-type': 'application/json' },
      });
    });
    await client.messages.list({ status: ['SENT', 'FAILED'] });
    expect(seen[0]?.url).toBe(`${BASE_URL}/messages?status=SENT&status=FAILED`);
    expect(seen[0]?.headers.get('x-api-key')).toBe(KEY);
    expect(seen[0]?.redirect).toBe('manual');
  });

  it('adds default headers', async () => {
    const seen: Request[] = [];
    const client = new MessagingClient({
      apiKey: KEY,
      baseUrl: BASE_URL,
      defaultHeaders: { 'x-client': 'billing-job' },
      fetch: async (request) => {
        seen.push(request);
        return new Response('{}', { headers: { 'content-type': 'application/json' } });
      },
    });
    await client.campaigns.retrieve('0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3', {
      headers: { 'x-request': 'r-1' },
    });
    expect(seen[0]?.headers.get('x-client')).toBe('billing-job');
    expect(seen[0]?.headers.get('x-request')).toBe('r-1');
  });
});

/**
 * Runs `work` with the globals of a browser page: `window` and `document`, and no `process`. Only
 * for synchronous work: `process` is put back before anything else can miss it.
 */
function inBrowserPage<T>(work: () => T): T {
  const process = Object.getOwnPropertyDescriptor(globalThis, 'process');
  vi.stubGlobal('window', {});
  vi.stubGlobal('document', {});
  Reflect.deleteProperty(globalThis, 'process');
  try {
    return work();
  } finally {
    if (process !== undefined) Object.defineProperty(globalThis, 'process', process);
  }
}

/** What calling `run` did, as a function `expect(…).toThrow()` can replay outside the page. */
function attempt(run: () => unknown): () => void {
  try {
    run();
    return () => {};
  } catch (error) {
    return () => {
      throw error;
    };
  }
}

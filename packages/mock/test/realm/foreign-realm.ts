/**
 * A second realm for tests: a `node:vm` context with intrinsics of its own (`Promise`, `Date`,
 * `Error`, `RegExp`, `Uint8Array`, `ArrayBuffer`, `Object`…) holding a second copy of the mock and
 * the SDK, bundled from the sources. The web platform's globals are handed in from the host, the way
 * Jest's environments and vitest's vm pools build theirs: exactly the mix that broke every POST
 * (a host `Request` reads its body with a host promise, which the context's `instanceof Promise`
 * does not recognise).
 */
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { build } from 'esbuild';
import type * as sdkModule from '../../../sdk/src/index';
import type * as webhooksModule from '../../../sdk/src/webhooks';
import type * as mockModule from '../../src/index';

/** What the second realm holds: its copies of the packages and a way to evaluate code in it. */
export interface ForeignRealm {
  /** The mock, as loaded in the other realm. */
  readonly mock: typeof mockModule;
  /** The SDK, as loaded in the other realm. */
  readonly sdk: typeof sdkModule;
  /** The SDK's webhook helpers, as loaded in the other realm. */
  readonly webhooks: typeof webhooksModule;
  /** Evaluates an expression in the other realm (`run('new Date(0)')` is that realm's `Date`). */
  run<T>(code: string): T;
}

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The host's web platform, as runners copy it into each test file's globals.
const HOST_GLOBALS = [
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'URL',
  'URLSearchParams',
  'AbortController',
  'AbortSignal',
  'DOMException',
  'Event',
  'EventTarget',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'crypto',
  'fetch',
  'structuredClone',
  'queueMicrotask',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'performance',
  'console',
] as const;

let bundle: Promise<string> | undefined;

// One bundle per test file: the mock's and the SDK's entries, their dependencies included.
function bundleSources(): Promise<string> {
  bundle ??= build({
    stdin: {
      contents: [
        `export * as mock from ${JSON.stringify(source('../../src/index.ts'))};`,
        `export * as sdk from ${JSON.stringify(source('../../../sdk/src/index.ts'))};`,
        `export * as webhooks from ${JSON.stringify(source('../../../sdk/src/webhooks.ts'))};`,
      ].join('\n'),
      resolveDir: source('.'),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: '__realm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
    alias: {
      '@msgsvc/sdk/sms': source('../../../sdk/src/sms.ts'),
      '@msgsvc/sdk/phone': source('../../../sdk/src/phone.ts'),
      '@msgsvc/sdk/webhooks': source('../../../sdk/src/webhooks.ts'),
      '@msgsvc/sdk/contract': source('../../../sdk/src/contract.ts'),
      '@msgsvc/sdk': source('../../../sdk/src/index.ts'),
    },
  }).then((result) => result.outputFiles[0]!.text);
  return bundle;
}

/** Creates a new realm and loads a fresh copy of the mock and the SDK into it. */
export async function createForeignRealm(): Promise<ForeignRealm> {
  const code = await bundleSources();
  const host = globalThis as unknown as Record<string, unknown>;
  const sandbox: Record<string, unknown> = {};
  for (const name of HOST_GLOBALS) sandbox[name] = host[name];
  // `process` with its environment only, so `readEnv` answers as in Node.
  sandbox.process = { env: {}, versions: process.versions };
  const context = vm.createContext(sandbox);
  vm.runInContext(code, context, { filename: 'foreign-realm.js' });
  const loaded = vm.runInContext('__realm', context) as Pick<
    ForeignRealm,
    'mock' | 'sdk' | 'webhooks'
  >;
  return {
    mock: loaded.mock,
    sdk: loaded.sdk,
    webhooks: loaded.webhooks,
    run: <T>(expression: string) => vm.runInContext(expression, context) as T,
  };
}

/**
 * The published builds: an error thrown by the CommonJS build is an instance of the ESM build's
 * classes (and the other way round), because classes answer `instanceof` by a `Symbol.for` brand.
 * The test builds `dist/` with tsup when it is missing or older than the sources.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as source from '@msgsvc/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockService } from './support/mock';

type Sdk = typeof source;

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const outputs = ['index.js', 'index.cjs'].map((name) => join(dist, name));

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function isStale(): boolean {
  const inputs = Math.max(
    newest(join(root, 'src')),
    newest(join(root, 'tsup.config.ts')),
    newest(join(root, 'package.json')),
  );
  try {
    return outputs.some((output) => statSync(output).mtimeMs < inputs);
  } catch {
    return true;
  }
}

let cjs: Sdk;
let esm: Sdk;

beforeAll(async () => {
  if (isStale()) execFileSync('npx', ['tsup'], { cwd: root, stdio: 'pipe', timeout: 120_000 });
  cjs = createRequire(import.meta.url)(join(dist, 'index.cjs')) as Sdk;
  esm = (await import(pathToFileURL(join(dist, 'index.js')).href)) as Sdk;
}, 180_000);

async function notFoundFrom(sdk: Sdk): Promise<unknown> {
  const mock = createMockService();
  const { liveKey } = mock.seedDemo();
  const client = new sdk.MessagingClient({
    apiKey: liveKey,
    baseUrl: mock.baseUrl,
    fetch: mock.fetch,
  });
  return client.messages.retrieve('0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3').then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('the ESM and CJS builds', () => {
  it('are two copies of the classes', () => {
    expect(cjs.NotFoundError).not.toBe(esm.NotFoundError);
    expect(esm.NotFoundError).not.toBe(source.NotFoundError);
  });

  it('an error from the CJS build passes instanceof of the ESM classes', async () => {
    const error = await notFoundFrom(cjs);
    expect(error).toBeInstanceOf(cjs.NotFoundError);
    expect(error instanceof esm.NotFoundError).toBe(true);
    expect(error instanceof esm.MessagingError).toBe(true);
    expect(error instanceof source.NotFoundError).toBe(true);
    expect(error instanceof esm.ValidationError).toBe(false);
    expect(error instanceof esm.ConnectionError).toBe(false);
    expect((error as source.NotFoundError).name).toBe('NotFoundError');
  });

  it('an error from the ESM build passes instanceof of the CJS classes', async () => {
    const error = await notFoundFrom(esm);
    expect(error instanceof cjs.NotFoundError).toBe(true);
    expect(error instanceof cjs.MessagingError).toBe(true);
    expect(error instanceof cjs.PermissionError).toBe(false);
    const timeout = new esm.TimeoutError('late', { code: 'TIMEOUT' });
    expect(timeout instanceof cjs.ConnectionError).toBe(true);
    expect(timeout instanceof cjs.TimeoutError).toBe(true);
    expect(timeout instanceof cjs.AbortError).toBe(false);
  });

  it('the ESM build imports nothing from node:', () => {
    expect(readFileSync(outputs[0]!, 'utf8')).not.toMatch(/from ["']node:/);
  });
});

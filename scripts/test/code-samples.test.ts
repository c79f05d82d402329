/**
 * The HTTP reference's request samples (scripts/docs/code-samples.mjs, E30), derived from the
 * contracts themselves: each operation gets a curl and a TypeScript sample built from its method,
 * path and examples, and the public API's samples call the SDK method that calls that path.
 * (That they compile is checked by `npm run docs`, which type-checks them with the snippets.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error: a JavaScript module of the docs build, without declarations.
import { addCodeSamples, sdkMethods, tsLiteral } from '../docs/code-samples.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

type Sample = { lang: string; source: string };
type Operation = { operationId: string; 'x-codeSamples'?: Sample[] };
type Document = { paths: Record<string, Record<string, Operation>> };

/** Both contracts, parsed, with samples added as the docs build adds them. */
function withSamples() {
  const documents: Record<string, Document> = {
    'openapi.yaml': parse(readFileSync(join(ROOT, 'openapi', 'openapi.yaml'), 'utf8')),
    'control.yaml': parse(readFileSync(join(ROOT, 'openapi', 'control.yaml'), 'utf8')),
  };
  const problems: string[] = [];
  const sdk = sdkMethods(ROOT);
  for (const [file, kind] of [
    ['openapi.yaml', 'public'],
    ['control.yaml', 'control'],
  ] as const) {
    const document = documents[file];
    const resolveRef = (ref: string) => {
      const [where = '', pointer = ''] = ref.split('#');
      const target = where === '' ? document : documents[where.replace('./', '')];
      return pointer
        .split('/')
        .slice(1)
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], target);
    };
    addCodeSamples(document, { kind, resolveRef, sdk, problems });
  }
  const operation = (file: string, path: string, method: string) => {
    const found = documents[file]?.paths[path]?.[method];
    if (found === undefined) throw new Error(`${method} ${path} is not in ${file}`);
    return found;
  };
  const sample = (op: Operation, lang: string) =>
    op['x-codeSamples']?.find((entry) => entry.lang === lang)?.source ?? '';
  return { documents, problems, operation, sample };
}

describe('request samples', () => {
  const { documents, problems, operation, sample } = withSamples();

  it('every operation of both contracts gets a curl and a TypeScript sample', () => {
    expect(problems).toEqual([]);
    for (const document of Object.values(documents)) {
      for (const item of Object.values(document.paths)) {
        for (const op of Object.values(item)) {
          if (typeof op !== 'object' || op?.operationId === undefined) continue;
          expect(sample(op, 'curl'), op.operationId).toMatch(/^curl /);
          expect(sample(op, 'TypeScript'), op.operationId).not.toBe('');
        }
      }
    }
  });

  it('Send a message: curl posts the contract example with the key; TypeScript calls the SDK', () => {
    const send = operation('openapi.yaml', '/messages', 'post');
    const curl = sample(send, 'curl');
    expect(curl).toContain('curl -X POST "$MSGSVC_BASE_URL/messages"');
    expect(curl).toContain('-H "X-API-KEY: $MSGSVC_API_KEY"');
    expect(curl).toContain('"to": "+244923123456"');
    expect(sample(send, 'TypeScript')).toContain(
      "await client.messages.send({\n  to: '+244923123456',",
    );
  });

  it('path parameters come from the contract and go to the SDK method in order', () => {
    const list = operation('openapi.yaml', '/campaigns/{campaign_id}/messages', 'get');
    expect(sample(list, 'TypeScript')).toMatch(
      /client\.campaigns\.listMessages\('[0-9a-f-]{36}'\)/,
    );
    expect(sample(list, 'curl')).toMatch(/"\$MSGSVC_BASE_URL\/campaigns\/[0-9a-f-]{36}\/messages"/);
  });

  it('control samples use the server origin of control.yaml and createControlClient', () => {
    const reset = operation('control.yaml', '/__mock/reset', 'post');
    expect(sample(reset, 'curl')).toMatch(
      /^curl -X POST 'http:\/\/127\.0\.0\.1:\d+\/__mock\/reset'$/,
    );
    expect(sample(reset, 'TypeScript')).toContain("await control.POST('/__mock/reset')");
  });

  it('quotes a shell word and a TypeScript string safely', () => {
    expect(tsLiteral({ body: "it's", 'x-y': [1, 'a\\b'] }, 0)).toBe(
      "{ body: 'it\\'s', 'x-y': [1, 'a\\\\b'] }",
    );
  });
});

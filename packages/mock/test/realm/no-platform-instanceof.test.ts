// The lint rule that keeps the sources realm-safe (E9): biome's GritQL plugin
// lint/no-platform-instanceof.grit refuses `instanceof` a platform type in packages/*/src, and leaves
// alone the package's own classes, tests, and the inspector page (which runs only in a browser).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const workspace = mkdtempSync(join(tmpdir(), 'msgsvc-lint-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(workspace, path)), { recursive: true });
  writeFileSync(join(workspace, path), text);
}

/** `file:line` of each plugin diagnostic biome reports over the workspace. */
function flagged(): string[] {
  let output: string;
  try {
    output = execFileSync(
      join(root, 'node_modules/.bin/biome'),
      ['lint', '--vcs-enabled=false', '--max-diagnostics=none', '--colors=off', '.'],
      { cwd: workspace, encoding: 'utf8', stdio: 'pipe' },
    );
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    output = `${stdout}\n${stderr}`;
  }
  return [...output.matchAll(/^(\S+):(\d+):\d+ plugin\b/gm)].map(
    ([, file, line]) => `${file}:${line}`,
  );
}

it('flags instanceof a platform type in the sources, naming file and line', () => {
  cpSync(join(root, 'biome.json'), join(workspace, 'biome.json'));
  cpSync(join(root, 'lint'), join(workspace, 'lint'), { recursive: true });
  const probe = [
    'export class Own {}',
    'export const a = (x: unknown) => x instanceof Promise;',
    'export const b = (x: unknown) => x instanceof Date;',
    'export const c = (x: unknown) => x instanceof Uint8Array;',
    'export const d = (x: unknown) => x instanceof TypeError;',
    'export const e = (x: unknown) => x instanceof Request;',
    'export const f = (x: unknown) => x instanceof Own;',
    '',
  ].join('\n');
  write('packages/sdk/src/probe.ts', probe);
  write(
    'packages/mock/src/domain/probe.ts',
    'export const g = (x: unknown) => x instanceof Map;\n',
  );
  write('packages/mock-server/src/inspector/page/probe.ts', probe);
  write('packages/mock/test/probe.test.ts', probe);

  expect(flagged().sort()).toEqual([
    'packages/mock/src/domain/probe.ts:1',
    'packages/sdk/src/probe.ts:2',
    'packages/sdk/src/probe.ts:3',
    'packages/sdk/src/probe.ts:4',
    'packages/sdk/src/probe.ts:5',
    'packages/sdk/src/probe.ts:6',
  ]);
}, 60_000);

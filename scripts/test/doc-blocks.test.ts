/**
 * The guides' commands and snippets as a reader copies them (scripts/docs/doc-blocks.mjs): every
 * command names the package that provides its executable; the pytest conftest of "Testing from
 * other languages" runs; the jsdom example is the test the vitest-jsdom setup runs in every pool;
 * the Jest guide installs what the jest-cjs setup pins; the node:test example of "Testing with any
 * other runner" passes under `node --test`, and its failure is the one the assertion throws.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertSent, createMockService } from '@msgsvc/mock';
import { startServer } from '@msgsvc/mock-server';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a JavaScript module of the docs build, without declarations.
import { docBlocks, executables, readerPages, wrongPackageCommands } from '../docs/doc-blocks.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Block {
  file: string;
  line: number;
  lang: string;
  info: string;
  source: string;
}

/** The one block of `file` that contains `text`. */
function blockWith(file: string, text: string): Block {
  const found = (docBlocks(ROOT, file) as Block[]).filter((block) => block.source.includes(text));
  expect(found.map((block) => `${block.file}:${block.line}`)).toHaveLength(1);
  return found[0] as Block;
}

/** The examples' text files, node_modules left out. */
function exampleFiles(): string[] {
  return readdirSync(join(ROOT, 'examples'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(md|py|ts|mjs|js|json|sh)$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((file) => !file.split('/').includes('node_modules'));
}

describe('commands name the package of their executable', () => {
  const bins = executables(ROOT) as Map<string, string>;

  it('knows which package provides each executable', () => {
    expect(bins.get('msgsvc-mock')).toBe('@msgsvc/mock-server');
    expect(bins.get('msgsvc-verify')).toBe('@msgsvc/verify');
  });

  it('finds a wrong package in a shell command, npm exec and a Python argument list', () => {
    const text = [
      'npx -p @msgsvc/mock msgsvc-mock serve',
      'npm exec --package=@msgsvc/sdk@0.0.0 -- msgsvc-verify --help',
      'COMMAND = ["npx", "-p", "@msgsvc/mock", "msgsvc-mock"]',
      'npx -p @msgsvc/mock-server msgsvc-mock serve --port 0',
      'COMMAND = ["npx", "-p", "@msgsvc/mock-server", "msgsvc-mock"]',
      'npx -p @msgsvc/verify msgsvc-verify replay x.jsonl',
    ].join('\n');
    expect(wrongPackageCommands(text, bins)).toEqual([
      { line: 1, bin: 'msgsvc-mock', named: '@msgsvc/mock', provider: '@msgsvc/mock-server' },
      { line: 2, bin: 'msgsvc-verify', named: '@msgsvc/sdk', provider: '@msgsvc/verify' },
      { line: 3, bin: 'msgsvc-mock', named: '@msgsvc/mock', provider: '@msgsvc/mock-server' },
    ]);
  });

  it('in every guide, README and example', () => {
    const files = [...(readerPages(ROOT) as string[]), ...exampleFiles()];
    expect(files).toContain('docs/testing-from-other-languages.md');
    expect(files).toContain('packages/mock-server/README.md');
    const problems = files.flatMap((file) =>
      (
        wrongPackageCommands(readFileSync(join(ROOT, file), 'utf8'), bins) as Array<{
          line: number;
          bin: string;
          named: string;
          provider: string;
        }>
      ).map((p) => `${file}:${p.line}: ${p.bin} is in ${p.provider}, not ${p.named}`),
    );
    expect(problems).toEqual([]);
  });
});

/** Runs `command` without blocking this process (the server under test answers from it). */
function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(command, args, { ...options, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : Number(error.code ?? 1), output: stdout + stderr });
    });
  });
}

describe('Testing from other languages: the pytest example', () => {
  it('runs as written against one server shared through MSGSVC_MOCK_URL', async () => {
    const page = 'docs/testing-from-other-languages.md';
    const dir = mkdtempSync(join(tmpdir(), 'msgsvc-pytest-doc-'));
    const server = await startServer({ port: 0 });
    try {
      writeFileSync(join(dir, 'conftest.py'), blockWith(page, '# conftest.py').source);
      writeFileSync(join(dir, 'test_messages.py'), blockWith(page, '# test_messages.py').source);
      const { code, output } = await run(
        'python3',
        ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'],
        {
          cwd: dir,
          env: { ...process.env, MSGSVC_MOCK_URL: server.url.replace(/\/$/, '') },
        },
      );
      expect(output).toMatch(/2 passed/);
      expect(code).toBe(0);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('Testing with vitest: the jsdom example', () => {
  it('is the test examples/setups/vitest-jsdom runs, under every pool the guide names', () => {
    const block = blockWith('docs/testing-with-vitest.md', "test('the form sends a code'");
    const setup = join(ROOT, 'examples', 'setups', 'vitest-jsdom');
    expect(block.source).toBe(readFileSync(join(setup, 'form.test.ts'), 'utf8'));
    const script = JSON.parse(readFileSync(join(setup, 'package.json'), 'utf8')).scripts.test;
    for (const pool of ['threads', 'forks', 'vmThreads', 'vmForks']) {
      expect(script).toContain(`vitest run --pool ${pool}`);
      expect(readFileSync(join(ROOT, 'docs', 'testing-with-vitest.md'), 'utf8')).toContain(
        `\`${pool}\``,
      );
    }
  });
});

describe('Testing with Jest: the ts-jest install line', () => {
  it('installs what examples/setups/jest-cjs pins, TypeScript at its major version', () => {
    const block = blockWith('docs/testing-with-jest.md', 'ts-jest @types/jest');
    const installed = block.source
      .trim()
      .replace(/^npm install --save-dev /, '')
      .split(/\s+/);
    const pinned: Record<string, string> = JSON.parse(
      readFileSync(join(ROOT, 'examples', 'setups', 'jest-cjs', 'package.json'), 'utf8'),
    ).devDependencies;
    for (const spec of installed) {
      const [, name = '', version] = /^(@?[^@]+)(?:@(.+))?$/.exec(spec) ?? [];
      expect(Object.keys(pinned)).toContain(name);
      if (name === 'typescript') {
        expect(version, 'the guide pins typescript as the setup does').toBeDefined();
        expect(pinned[name]?.split('.')[0]).toBe(version);
      }
    }
  });
});

describe('Testing with any other runner', () => {
  const page = 'docs/testing-with-any-other-runner.md';

  it('the node:test example passes under node --test, as written', async () => {
    // Under the repository, so that tsx maps @msgsvc/mock to its sources (tsconfig.json's paths).
    const dir = join(ROOT, '.reports', 'doc-node-test');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    try {
      const file = join(dir, 'messages.test.ts');
      writeFileSync(file, blockWith(page, "from 'node:test'").source);
      const { code, output } = await run(
        process.execPath,
        ['--import', 'tsx', '--test', '--test-reporter=tap', file],
        { cwd: ROOT, env: process.env },
      );
      expect(output).toMatch(/^# pass 2$/m);
      expect(output).toMatch(/^# fail 0$/m);
      expect(code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('shows the failure assertSent throws', async () => {
    const shown = blockWith(page, 'AssertionError: expected the mock to have sent');
    const mock = createMockService({ demo: true });
    await mock.client().messages.send({ to: '+244923000001', body: 'Code 1111' });
    let thrown: Error | undefined;
    try {
      assertSent(mock, { to: '+244923000001', body: 'Code 2222' });
    } catch (error) {
      thrown = error as Error;
    }
    expect(shown.source).toBe(`${thrown?.name}: ${thrown?.message}\n`);
  });
});

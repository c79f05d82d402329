// `msgsvc-mock verify` and `msgsvc-mock proxy` hand over to the verify kit (@msgsvc/verify), an
// optional peer of the server, so that the server does not ship the kit's Ajv and HTTP parser.
// Where the kit is installed they run it; where it is not, they say how to get it and exit 1. The
// missing case runs the CLI as a real process: bundled with everything but the kit, into a folder
// outside the repository, where no `@msgsvc/verify` can be resolved.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import type { CliIo } from '../src/cli/cli-options';
import { REPO_ROOT } from './support/cli-process';

/** What a run of the CLI printed and returned. */
interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

let dir: string;
let bundle: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'msgsvc-no-verify-kit-'));
  bundle = join(dir, 'msgsvc-mock.mjs');
  await build({
    entryPoints: [join(REPO_ROOT, 'packages/mock-server/src/bin.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Everything the server needs is in the file; the kit is left to be found at run time.
    external: ['@msgsvc/verify'],
    tsconfig: join(REPO_ROOT, 'tsconfig.json'),
    // CommonJS dependencies bundled into an ES module still call require.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
});

afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** Runs the bundled CLI on `args` to its end, with no module path but the bundle's folder. */
async function runBundle(args: readonly string[]): Promise<Run> {
  const env = { ...process.env };
  delete env.NODE_PATH;
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, [bundle, ...args], { cwd: dir, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

/** Runs the CLI from the sources in this process, where the kit is installed (the workspace's). */
async function runHere(argv: readonly string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += `${text}\n`;
    },
    stderr: (text) => {
      stderr += `${text}\n`;
    },
    env: {},
    onSignal: () => {},
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

describe('msgsvc-mock verify and proxy without the verify kit', () => {
  it('the bundle cannot resolve the kit from its folder, and runs the server’s own commands', async () => {
    expect(() => createRequire(bundle).resolve('@msgsvc/verify')).toThrow(/Cannot find module/);
    const help = await runBundle(['--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('msgsvc-mock serve');
  });

  it('verify says how to get the kit, and exits 1', async () => {
    const run = await runBundle(['verify', '--base-url', 'http://127.0.0.1:9/c/v1']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'msgsvc-mock verify: this is msgsvc-verify of the verify kit, @msgsvc/verify, which is not ' +
        'installed here.\n' +
        'Install it beside the server: npm install -D @msgsvc/verify\n' +
        'or run it without installing: npx -p @msgsvc/verify msgsvc-verify … (the same arguments)\n',
    );
  });

  it('proxy says the same of msgsvc-verify proxy, and exits 1', async () => {
    const run = await runBundle(['proxy', '--upstream', 'http://127.0.0.1:9']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('this is msgsvc-verify proxy of the verify kit, @msgsvc/verify');
    expect(run.stderr).toContain('npm install -D @msgsvc/verify');
    expect(run.stderr).toContain('npx -p @msgsvc/verify msgsvc-verify proxy …');
  });
});

describe('msgsvc-mock verify and proxy with the verify kit installed', () => {
  it('verify is the kit’s command, under the name the user typed', async () => {
    const run = await runHere(['verify', '--help']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('msgsvc-mock verify');
    expect(run.stdout).not.toContain('not installed');
  });

  it('so is proxy', async () => {
    const run = await runHere(['proxy', '--help']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('msgsvc-mock proxy');
  });

  it('a bad verify command line is the kit’s usage error (exit 2), not a missing kit', async () => {
    const run = await runHere(['verify', '--no-such-flag']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('msgsvc-mock verify');
    expect(run.stderr).not.toContain('not installed');
  });
});

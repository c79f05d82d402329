// The `msgsvc-mock` bin in a checkout (D77): `bin` names a committed launcher, not a build output,
// so `npm install` links it before anything is built, and the linked command runs the sources from
// any directory. (The published package's side — the launcher running dist/cli.js — is checked by
// scripts/pack-smoke.mjs on the packed tarball.)
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/cli-process';

const manifest = JSON.parse(
  readFileSync(join(REPO_ROOT, 'packages/mock-server/package.json'), 'utf8'),
) as { bin: Record<string, string>; files: string[] };
const launcher = join(REPO_ROOT, 'packages/mock-server', manifest.bin['msgsvc-mock']!);

describe('the msgsvc-mock bin', { timeout: 60_000 }, () => {
  it('is a committed, executable file that the package publishes', () => {
    const relative = `packages/mock-server/${manifest.bin['msgsvc-mock']!.replace(/^\.\//, '')}`;
    expect(relative).not.toMatch(/\/dist\//);
    const staged = execFileSync('git', ['ls-files', '--stage', relative], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(staged).toMatch(/^100755 /);
    expect(manifest.files).toContain('bin');
  });

  it('is linked by npm install as node_modules/.bin/msgsvc-mock', () => {
    expect(realpathSync(join(REPO_ROOT, 'node_modules/.bin/msgsvc-mock'))).toBe(
      realpathSync(launcher),
    );
  });

  it.each(['.', 'packages/sdk'])('answers through npx from %s', (dir) => {
    const help = execFileSync('npx', ['--no-install', 'msgsvc-mock', '--help'], {
      cwd: join(REPO_ROOT, dir),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(help).toContain('msgsvc-mock serve [flags]');
  });
});

/**
 * The two test tiers (scripts/test-tiers.mjs) between them run every vitest project once, so a
 * project added to vitest.config.ts cannot drop out of CI; and `.ci/run`'s last line
 * (scripts/ci-summary.mjs) adds both tiers' counts, with a tier that left no report counted as a
 * failure, so a runner that crashed cannot read as green.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import config from '../../vitest.config';
// @ts-expect-error: a JavaScript module of the repository's scripts, without declarations.
import { gateSteps, RELEASE } from '../test-tiers.mjs';

type Step = { id: string; command: string[]; after?: string[] };
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The vitest projects a tier's steps name with `--project`. */
function projectsRun(steps: Step[]): string[] {
  return steps.flatMap(({ command }) =>
    command.flatMap((arg, i) => (arg === '--project' ? [command[i + 1] as string] : [])),
  );
}

describe('the test tiers', () => {
  const gate = gateSteps() as Step[];
  const release = RELEASE as Step[];

  it('run every vitest project of vitest.config.ts, each in exactly one tier', () => {
    const declared = (config.test?.projects ?? []).map(
      (project) => (project as { test: { name: string } }).test.name,
    );
    const run = [...projectsRun(gate), ...projectsRun(release)];
    expect(run.toSorted()).toEqual(declared.toSorted());
  });

  it('keep the mutation run and the docs site out of the gate', () => {
    expect(projectsRun(gate)).not.toContain('mutation');
    expect(projectsRun(gate)).not.toContain('site');
  });

  it('name only steps of their own tier as what a step reads', () => {
    for (const steps of [gate, release]) {
      const ids = new Set(steps.map((step) => step.id));
      for (const step of steps) for (const id of step.after ?? []) expect(ids).toContain(id);
    }
  });

  it('are what .ci/run runs, one after the other, ending with the summary', () => {
    const run = readFileSync(join(ROOT, '.ci/run'), 'utf8').trim().split('\n');
    expect(run.slice(-3)).toEqual([
      'npm test || true',
      'npm run test:release || true',
      'node scripts/ci-summary.mjs',
    ]);
  });
});

describe('the CI summary line', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs scripts/ci-summary.mjs in a folder holding these tier reports. */
  function summary(reports: Record<string, { passed: number; failed: number }>) {
    dir = mkdtempSync(join(tmpdir(), 'msgsvc-summary-'));
    mkdirSync(join(dir, '.reports'));
    for (const [tier, counts] of Object.entries(reports)) {
      writeFileSync(
        join(dir, '.reports', `tier-${tier}.json`),
        JSON.stringify({ ...counts, seconds: 1 }),
      );
    }
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts/ci-summary.mjs')], {
      cwd: dir,
      encoding: 'utf8',
    });
    return { status: result.status, last: result.stdout.trim().split('\n').at(-1) };
  }

  it('adds both tiers', () => {
    expect(summary({ gate: { passed: 10, failed: 0 }, release: { passed: 5, failed: 0 } })).toEqual(
      { status: 0, last: '15 passed, 0 failed' },
    );
    expect(summary({ gate: { passed: 10, failed: 1 }, release: { passed: 5, failed: 2 } })).toEqual(
      { status: 1, last: '15 passed, 3 failed' },
    );
  });

  it('counts a tier that left no report as a failure', () => {
    expect(summary({ gate: { passed: 10, failed: 0 } })).toEqual({
      status: 1,
      last: '10 passed, 1 failed',
    });
  });
});

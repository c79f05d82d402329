/**
 * vitest's global setup of the projects whose tests start `msgsvc-mock` as a process: the CLI's
 * sources are bundled once per run (esbuild, as tsup builds the published bin and as the mutation
 * run builds its copies) and each start runs that one file. Started through tsx, every process
 * compiled and resolved each source file again: about 1.5 s of CPU per start instead of 0.5 s, and
 * the server's tests start 58 of them (E69). The bundle is rebuilt when watch mode reruns tests, so
 * it is never older than the sources.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from './cli-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled CLI (`packages/mock-server/src/bin.ts`) that {@link startCli} runs. */
    msgsvcCliBundle: string;
  }
}

/**
 * Bundles the CLI (`packages/mock-server/src/bin.ts`) into `outfile`, as tsup builds the published
 * bin; `alias` points imports elsewhere (the mutation run's copies of the mock), and `sourcemap`
 * writes the map a process started with `--enable-source-maps` reads.
 */
export async function bundleCli(
  outfile: string,
  { alias = {}, sourcemap = true }: { alias?: Record<string, string>; sourcemap?: boolean } = {},
): Promise<string> {
  await build({
    entryPoints: [join(REPO_ROOT, 'packages/mock-server/src/bin.ts')],
    outfile,
    alias,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies load from the repository's node_modules, which the bundle's folder is inside.
    packages: 'external',
    // The repository's tsconfig maps @msgsvc/* to their sources, as tsx did.
    tsconfig: join(REPO_ROOT, 'tsconfig.json'),
    sourcemap,
    logLevel: 'error',
  });
  return outfile;
}

/** Bundles the CLI into `dir`; answers the bundle's path. */
const bundle = (dir: string) => bundleCli(join(dir, 'msgsvc-mock.mjs'));

/** Builds the bundle and hands its path to the project's tests; removes it at the end. */
export default async function setup(project: TestProject): Promise<() => void> {
  // One folder per vitest process and project: the gate runs several vitest processes at once.
  const dir = join(REPO_ROOT, 'node_modules/.cache/msgsvc-cli', `${process.pid}-${project.name}`);
  mkdirSync(dir, { recursive: true });
  project.provide('msgsvcCliBundle', await bundle(dir));
  project.onTestsRerun(async () => {
    await bundle(dir);
  });
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Helpers of the verify and proxy tests: the verify world's fixed keys (examples/verify-world.json),
 * and the CLI run in this process with its output captured.
 */

import { runCli } from '../../src/cli';
import type { CliIo } from '../../src/cli-io/cli-io';

/** The keys of `examples/verify-world.json`. */
export const KEYS = {
  main: 'svc_test_verifyMainKey000000000000',
  restricted: 'svc_test_verifyNoScopes000000000000',
  live: 'svc_live_verifyMainKey000000000000',
  poor: 'svc_live_verifyPoorKey000000000000',
  other: 'svc_test_verifyOtherKey00000000000',
  otherLive: 'svc_live_verifyOtherKey00000000000',
} as const;

/** The world file, relative to the repository root. */
export const VERIFY_WORLD = 'examples/verify-world.json';

/** What a CLI run printed and returned. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `msgsvc-mock <argv>` in this process until it returns. */
export async function runCaptured(
  argv: readonly string[],
  env: CliIo['env'] = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: (text) => {
      stdout += `${text}\n`;
    },
    stderr: (text) => {
      stderr += `${text}\n`;
    },
    env,
    onSignal: () => {},
  });
  return { code, stdout, stderr };
}

/** The verify flags for every credential of the verify world. */
export function allKeys(baseUrl: string): string[] {
  return [
    '--base-url',
    baseUrl,
    '--api-key',
    KEYS.main,
    '--restricted-api-key',
    KEYS.restricted,
    '--other-org-api-key',
    KEYS.other,
    '--poor-api-key',
    KEYS.poor,
    '--allow-live',
    '--time-budget',
    '20',
    // The mock sends nothing anywhere: room for the 1,001-recipient probe.
    '--max-sends',
    '1200',
  ];
}

#!/usr/bin/env node
/**
 * The `msgsvc-mock` executable: runs the CLI on the process's arguments and exits with its code.
 *
 * @module
 */
import { runCli } from './cli';
import { errorStack } from './errors/realm-neutral';

runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`msgsvc-mock: ${errorStack(error)}\n`);
    process.exit(1);
  },
);

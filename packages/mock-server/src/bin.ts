#!/usr/bin/env node
/**
 * The `msgsvc-mock` executable: runs the CLI on the process's arguments and exits with its code.
 *
 * @module
 */
import { runCli } from './cli';
import { isErrorLike } from './errors/realm-neutral';

runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `msgsvc-mock: ${isErrorLike(error) ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);

#!/usr/bin/env node
/** The `msgsvc-verify` executable: runs the CLI on the process's arguments, exits with its code. */
import { runCli } from './cli';

runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const stack = (error as { stack?: unknown } | null | undefined)?.stack;
    process.stderr.write(`msgsvc-verify: ${typeof stack === 'string' ? stack : String(error)}\n`);
    process.exit(1);
  },
);

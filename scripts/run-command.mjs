// One child process, run to its end without blocking the event loop (a synchronous spawn would
// stall fetches and timers of the script that waits on it): its exit status and its output.
import { spawn } from 'node:child_process';

/**
 * Runs `command` with `args`; resolves with `{ status, stdout, stderr }` once it has exited
 * (`status` is null when a signal ended it, the `timeout` in milliseconds included). A non-zero
 * status resolves too: the caller decides what a failure is. Rejects when it cannot start.
 */
export function runCommand(command, args, { timeout, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    const timer =
      timeout === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), timeout);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

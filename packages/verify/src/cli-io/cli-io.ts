/**
 * What the verify kit's commands need of the process they run in, injectable so that tests (and
 * `msgsvc-mock`, which hands its own commands `verify` and `proxy` over to this package) run them
 * in-process; and text from outside made safe to print.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** Where a command writes and which process it answers to. */
export interface CliIo {
  /** Writes one line of output. */
  readonly stdout: (text: string) => void;
  /** Writes one line of diagnostics. */
  readonly stderr: (text: string) => void;
  /** The environment (keys and URLs may come from it). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Subscribes to a stop signal (the proxy runs until one arrives). */
  readonly onSignal: (signal: 'SIGINT' | 'SIGTERM', listener: () => void) => void;
  /** Subscribes to the end of the process that started this one, where the host can tell. */
  readonly onParentExit?: (listener: () => void) => void;
  /**
   * The command as the user typed it, for messages and help: `msgsvc-verify` (or `msgsvc-verify
   * proxy`) unless a host that delegates says otherwise (`msgsvc-mock verify`).
   */
  readonly command?: string;
}

/** A command line that cannot run: exit code 2 and a sentence saying why. */
export class UsageError extends Error {
  /** Always `'UsageError'`. */
  override name = 'UsageError';
}

/**
 * An error's message, whatever realm threw it (a vm context's `Error` is not this realm's, so the
 * check is by shape); anything else as text.
 */
export function errorMessage(error: unknown): string {
  const message = (error as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : String(error);
}

/**
 * Parses a command's arguments with `node:util`'s `parseArgs`, strictly (`config` without `args`
 * and `strict`).
 *
 * @throws {UsageError} for an unknown flag or a flag without its value, in parseArgs's words.
 */
export function parseFlags<const T extends Omit<ParseArgsConfig, 'args' | 'strict'>>(
  argv: readonly string[],
  config: T,
): ReturnType<typeof parseArgs<T & { args: string[]; strict: true }>> {
  try {
    return parseArgs({ ...config, args: [...argv], strict: true });
  } catch (error) {
    throw new UsageError(errorMessage(error).split('. To specify')[0]!.replace(/\.?$/, '.'));
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from outside (a cassette, a deployment's answer) safe to print: every control character
 * (a terminal obeys them: escape sequences move the cursor, rewrite lines, set the title) and
 * bidirectional override (they reorder what is shown) written as `\xNN` or `\uNNNN`.
 *
 * @example
 * ```ts
 * terminalSafe('/messages/\u001b[2J'); // '/messages/\\x1b[2J'
 * ```
 */
export function terminalSafe(text: string): string {
  return text.replace(UNPRINTABLE, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * `--world-ttl` and `--max-worlds` (D132): parsed with their defaults, a bad value named in one
 * sentence; `startServer` refuses the same values as options.
 */
import { startServer } from '@msgsvc/mock-server';
import { describe, expect, it } from 'vitest';
import { parseCommandLine, UsageError } from '../src/cli/cli-options';

function serveOptions(argv: string[]) {
  const command = parseCommandLine(['serve', ...argv]);
  if (command.kind !== 'serve') throw new Error('not serve');
  return command.options;
}

describe('world flags', () => {
  it('default to 30 minutes and 1000 worlds, and take values', () => {
    expect(serveOptions([])).toMatchObject({ worldTtl: 1800, maxWorlds: 1000 });
    expect(serveOptions(['--world-ttl', '0', '--max-worlds', '64'])).toMatchObject({
      worldTtl: 0,
      maxWorlds: 64,
    });
  });

  it('name a bad value', () => {
    for (const [flag, value] of [
      ['--world-ttl', '-1'],
      ['--world-ttl', 'soon'],
      ['--max-worlds', '0'],
      ['--max-worlds', '1.5'],
    ] as const) {
      // `=`: a value starting with "-" is otherwise taken for a flag by parseArgs.
      expect(() => serveOptions([`${flag}=${value}`])).toThrow(UsageError);
      expect(() => serveOptions([`${flag}=${value}`])).toThrow(new RegExp(`^${flag} must be`));
    }
  });

  it('startServer refuses the same values', async () => {
    await expect(startServer({ worldTtl: -1 })).rejects.toThrow(RangeError);
    await expect(startServer({ maxWorlds: 0 })).rejects.toThrow(RangeError);
    // Every numeric option has the command line's bounds, in the option's name.
    await expect(startServer({ seed: 1.5 })).rejects.toThrow('seed must be an integer (got 1.5).');
    await expect(startServer({ stateInterval: 0.01 })).rejects.toThrow(/^stateInterval must be/);
    await expect(startServer({ worldTtl: 1e9 })).rejects.toThrow(/^worldTtl must be/);
  });
});

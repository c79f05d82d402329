/**
 * scripts/renumber-decisions.mjs, which renumbers a branch started before issue 23 split the
 * decisions: every citation is mapped once (never D12→D7→D3), ranges and anchors follow their
 * entries into either record, and a number the table does not know is reported, not guessed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a JavaScript script of the repository, without declarations.
import { readNumberTable, renumber } from '../renumber-decisions.mjs';

type Renumber = (text: string, map: Map<number, string>) => { text: string; unknown: string[] };
const rewrite = renumber as Renumber;

describe('renumber', () => {
  it('maps every number once, whatever order the new numbers come in', () => {
    const map = new Map([
      [12, 'D7'],
      [7, 'D3'],
      [3, 'E1'],
    ]);
    expect(rewrite('D12, then D7 (see D3).', map)).toEqual({
      text: 'D7, then D3 (see E1).',
      unknown: [],
    });
  });

  it('writes a range as the runs of its entries in each record', () => {
    const map = new Map([
      [10, 'D10'],
      [11, 'E2'],
      [12, 'D11'],
      [13, 'D12'],
    ]);
    expect(rewrite('decisions D10–D13', map).text).toBe('decisions D10, E2, D11–D12');
  });

  it('moves an anchor to the record its entry is in now', () => {
    const map = new Map([
      [70, 'E5'],
      [71, 'D66'],
    ]);
    expect(rewrite('[D70](decisions.md#d70-a-title) and [D71](decisions.md#d71-b)', map).text).toBe(
      '[E5](engineering-log.md#e5-a-title) and [D66](decisions.md#d66-b)',
    );
  });

  it('leaves a number the table does not know as it is, and names it', () => {
    const map = new Map([[1, 'D1']]);
    expect(rewrite('D1 and D185; D1–D190', map)).toEqual({
      text: 'D1 and D185; D1–D190',
      unknown: ['D185', 'D190'],
    });
  });

  it('reads the committed table: every old number, to either record', () => {
    const table = readFileSync(
      fileURLToPath(new URL('../../docs/decision-numbers.md', import.meta.url)),
      'utf8',
    );
    const map = readNumberTable(table) as Map<number, string>;
    expect(map.size).toBe(159);
    expect(rewrite('superseded by D155; shared logic, D31', map).text).toBe(
      'superseded by D31; shared logic, E1',
    );
  });

  it('refuses a checkout that already has the new numbers, so nothing is renumbered twice', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const run = spawnSync(process.execPath, ['scripts/renumber-decisions.mjs', '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('already has docs/engineering-log.md');
  });
});

/**
 * The SDK's files stand in layers with no circle (E37): read from the sources, every import of
 * every non-test file under `packages/sdk/src/` (type-only imports and re-exports included), no
 * two files import each other through any chain, and no two folders do either. The folders' order
 * is the one biome.json holds file by file: `generated/` and `internal/` → `core/` →
 * `pagination/` → `resources/` → the client and the entries (`src/*.ts`).
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  circles,
  fileGraph,
  folderGraph,
  type Graph,
  stronglyConnected,
} from './support/import-graph';

const SDK = fileURLToPath(new URL('../../packages/sdk/src', import.meta.url));

/** A graph from each node's list of the nodes it imports (a node only imported gets no edges). */
function graphOf(edges: Record<string, string[]>): Graph {
  const graph = new Map<string, Set<string>>();
  for (const [from, targets] of Object.entries(edges)) {
    graph.set(from, new Set(targets));
    for (const target of targets) if (!graph.has(target)) graph.set(target, new Set());
  }
  return graph;
}

describe('strongly connected components', () => {
  it('finds a planted circle, and only it', () => {
    const graph = graphOf({
      'index.ts': ['client.ts', 'errors.ts'],
      'client.ts': ['resources/a.ts'],
      'resources/a.ts': ['core/call.ts', 'resources/b.ts'],
      'resources/b.ts': ['core/call.ts', 'resources/a.ts'],
      'core/call.ts': ['errors.ts'],
      'errors.ts': [],
    });
    expect(circles(graph)).toEqual([['resources/a.ts', 'resources/b.ts']]);
  });

  it('finds a longer circle, and a file that imports itself', () => {
    const graph = graphOf({
      a: ['b'],
      b: ['c'],
      c: ['d', 'a'],
      d: ['d'],
      e: ['a'],
    });
    expect(circles(graph)).toEqual([['d'], ['a', 'b', 'c']]);
  });

  it('puts every node in exactly one component, after the components it imports', () => {
    const graph = graphOf({ a: ['b', 'c'], b: ['c'], c: ['b', 'd'], d: [], e: [] });
    const components = stronglyConnected(graph);
    expect(components.flat().sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    const position = (node: string) => components.findIndex((c) => c.includes(node));
    for (const [from, targets] of graph) {
      for (const target of targets) expect(position(target)).toBeLessThanOrEqual(position(from));
    }
  });

  it('answers no circle for a graph with none', () => {
    expect(circles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('sees a circle between folders that no two files make', () => {
    // core/x → y.ts and z.ts → core/w: no file circle, but `.` and `core` import each other.
    const files = graphOf({ 'core/x.ts': ['y.ts'], 'z.ts': ['core/w.ts'] });
    expect(circles(files)).toEqual([]);
    expect(circles(folderGraph(files))).toEqual([['.', 'core']]);
  });
});

describe('the SDK (packages/sdk/src)', () => {
  const files = fileGraph(SDK);

  it('reads the whole source tree, type-only imports included', () => {
    expect(files.get('index.ts')).toContain('client.ts');
    expect(files.get('client.ts')).toContain('resources/campaigns.ts');
    // `import type` only: a circle of types is a circle all the same.
    expect(files.get('core/call.ts')).toContain('core/request-options.ts');
    expect([...files.keys()].some((file) => file.endsWith('.test.ts'))).toBe(false);
  });

  it('has no circle of files', () => {
    expect(circles(files)).toEqual([]);
  });

  it('has no circle of folders', () => {
    expect(circles(folderGraph(files))).toEqual([]);
  });

  it('fails on a circle planted in a copy of the sources, even a type-only one', () => {
    const copy = mkdtempSync(join(tmpdir(), 'sdk-layers-'));
    try {
      cpSync(SDK, copy, { recursive: true });
      appendFileSync(
        join(copy, 'core/errors.ts'),
        "\nexport type { Page } from '../pagination/page';\n",
      );
      // A backward arrow between leaves: no two files circle, but core/ and pagination/ do.
      expect(circles(fileGraph(copy))).toEqual([]);
      expect(circles(folderGraph(fileGraph(copy)))).toEqual([['core', 'pagination']]);
      appendFileSync(
        join(copy, 'pagination/page.ts'),
        "\nimport type { ErrorCode } from '../core/errors';\n",
      );
      expect(circles(fileGraph(copy))).toEqual([['core/errors.ts', 'pagination/page.ts']]);
      expect(circles(folderGraph(fileGraph(copy)))).toEqual([['core', 'pagination']]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('keeps the folders in their layers', () => {
    const layers = ['generated', 'internal', 'core', 'pagination', 'resources', '.'];
    const rank = (folder: string) => {
      const found = layers.indexOf(folder);
      if (found < 0) throw new Error(`${folder}/ has no layer: add it to E37 and biome.json`);
      return found;
    };
    const topOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '.');
    for (const file of files.keys()) rank(topOf(file));
    const backward: string[] = [];
    for (const [file, targets] of files) {
      for (const target of targets) {
        const from = topOf(file);
        const to = topOf(target);
        if (from !== to && rank(to) >= rank(from)) backward.push(`${file} → ${target}`);
      }
    }
    expect(backward).toEqual([]);
  });
});

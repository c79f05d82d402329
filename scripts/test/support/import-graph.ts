/**
 * The import graph of a source folder, read with TypeScript's own pre-processor (every static and
 * dynamic import and re-export, type-only ones included), and the circles in it: the strongly
 * connected components of more than one node, or of one node that imports itself (E37).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import ts from 'typescript';

/** A directed graph: each node and the nodes it imports. */
export type Graph = ReadonlyMap<string, ReadonlySet<string>>;

/** The `.ts` files under `root` (tests left out), relative to it, with `/` separators. */
function sources(root: string): string[] {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() &&
        entry.name.endsWith('.ts') &&
        !entry.name.endsWith('.test.ts') &&
        !entry.name.endsWith('.d.ts'),
    )
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** The file a relative specifier names, as the bundler resolution finds it, or undefined. */
function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier)).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}/index.ts`, base].find(
    (candidate) => candidate.endsWith('.ts') && existsSync(join(root, candidate)),
  );
}

/**
 * The file graph of `root`: every non-test `.ts` file and the files of `root` it imports
 * (packages and files outside `root` are left out).
 */
export function fileGraph(root: string): Graph {
  const graph = new Map<string, Set<string>>();
  for (const file of sources(root)) {
    const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      // Outside `root` (a package's `../package.json`): not a node of this graph.
      if (posix.join(posix.dirname(file), fileName).startsWith('../')) continue;
      const target = resolveSpecifier(root, file, fileName);
      if (target === undefined) throw new Error(`${file}: cannot resolve '${fileName}'`);
      if (!target.startsWith('../')) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The folder of a file of the graph (`.` for the root), with `/` separators. */
export function folderOf(file: string): string {
  return posix.dirname(file);
}

/** The graph of folders: folder A imports folder B when a file of A imports a file of B. */
export function folderGraph(files: Graph): Graph {
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/**
 * The strongly connected components of `graph` (Tarjan's algorithm), each sorted, in the order
 * they complete (a component comes after every component it imports).
 */
export function stronglyConnected(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
}

/** The circles of `graph`: its components of two nodes or more, and any node that imports itself. */
export function circles(graph: Graph): string[][] {
  return stronglyConnected(graph).filter(
    (component) => component.length > 1 || (graph.get(component[0]!)?.has(component[0]!) ?? false),
  );
}

/**
 * The inspector reaches a world through the mock's declared port (issue 23, E70), and so does every
 * folder below the server's entries: every server-side file in a folder of
 * `packages/mock-server/src/` — `inspector/` (the browser page aside, which loads no mock at all),
 * the per-world records it reads in `worlds/`, the control routes and what the route sets share —
 * reads a world as `readonlyWorld(mock)`, typed `ReadonlyWorld`, both of `@msgsvc/mock/port`. Read
 * from the sources' syntax, none of them:
 *
 * - imports the domain's `World` from `@msgsvc/mock` (under any alias, or as `import('…').World`);
 * - reads a service's `world` (`mock.world`, `deps.mock.world`, `mock['world']`,
 *   `{ world } = mock`, `{ mock: { world } }`, `MockService['world']`). The server names a service
 *   `mock` wherever it holds one (`ControlDeps`, `WorldEntry`), so the receiver's name finds every
 *   read.
 *
 * The entries at the root hold to it too, but for `recallKey`, which writes (a second test).
 *
 * biome.json forbids the import file by file (`noRestrictedImports` with `importNames`); no lint
 * rule sees the reads, and this test holds both whatever the lint configuration becomes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = join(ROOT, 'packages', 'mock-server', 'src');

/** The server-side sources under `dir` (the inspector's browser page aside). */
function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !relative(SERVER, file).startsWith(join('inspector', 'page') + sep));
}

/** The server-side sources in the folders below the entries (the inspector's among them). */
function belowEntries(): string[] {
  return serverFiles(SERVER).filter((file) => relative(SERVER, file).includes(sep));
}

/** `mock`, or a property named `mock` (`deps.mock`, `entry.mock`). */
function isService(node: ts.Node): boolean {
  return (
    (ts.isIdentifier(node) && node.text === 'mock') ||
    (ts.isPropertyAccessExpression(node) && node.name.text === 'mock')
  );
}

/** Whether a binding pattern takes `world` out of what it destructures. */
function takesWorld(pattern: ts.BindingName): boolean {
  return (
    ts.isObjectBindingPattern(pattern) &&
    pattern.elements.some((element) => {
      const key = element.propertyName ?? element.name;
      return ts.isIdentifier(key) && key.text === 'world';
    })
  );
}

/** Each place `text` (file `name`) imports `World` or reads a service's world, as `line: what`. */
function worldReads(name: string, text: string): string[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) =>
    found.push(`${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${what}`);
  const visit = (node: ts.Node): void => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text === '@msgsvc/mock'
    ) {
      const bindings = node.importClause?.namedBindings;
      if (bindings !== undefined && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if ((element.propertyName ?? element.name).text === 'World')
            report(element, 'imports World');
        }
      }
    } else if (
      ts.isImportTypeNode(node) &&
      node.qualifier !== undefined &&
      node.qualifier.getText(source) === 'World'
    ) {
      report(node, 'imports World');
    } else if (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === 'world' &&
      isService(node.expression)
    ) {
      report(node, `reads ${node.getText(source)}`);
    } else if (
      ts.isElementAccessExpression(node) &&
      ts.isStringLiteralLike(node.argumentExpression) &&
      node.argumentExpression.text === 'world' &&
      isService(node.expression)
    ) {
      report(node, `reads ${node.getText(source)}`);
    } else if (
      ts.isVariableDeclaration(node) &&
      node.initializer !== undefined &&
      isService(node.initializer) &&
      takesWorld(node.name)
    ) {
      report(node, `reads ${node.getText(source)}`);
    } else if (
      ts.isBindingElement(node) &&
      ts.isIdentifier(node.propertyName ?? node.name) &&
      ((node.propertyName ?? node.name) as ts.Identifier).text === 'mock' &&
      takesWorld(node.name)
    ) {
      report(node, `reads ${node.getText(source)}`);
    } else if (
      ts.isIndexedAccessTypeNode(node) &&
      node.objectType.getText(source) === 'MockService' &&
      node.indexType.getText(source).replace(/["'`]/g, '') === 'world'
    ) {
      report(node, `reads ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the inspector and the port', () => {
  it('finds the inspector’s server-side files, and those of the folders beside it', () => {
    const files = belowEntries().map((file) => relative(SERVER, file));
    expect(files).toContain(join('inspector', 'api.ts'));
    expect(files).toContain(join('worlds', 'live.ts'));
    expect(files).not.toContain('serve.ts');
    expect(files.some((file) => file.startsWith(join('inspector', 'page') + sep))).toBe(false);
  });

  it('reads a world only through readonlyWorld(mock) of @msgsvc/mock/port', () => {
    const problems = belowEntries().flatMap((file) =>
      worldReads(file, readFileSync(file, 'utf8')).map(
        (problem) => `${relative(ROOT, file)}:${problem}`,
      ),
    );
    expect(problems).toEqual([]);
  });

  it('the rest of the server reads a world through the port too, but where recallKey writes', () => {
    const problems = serverFiles(SERVER).flatMap((file) =>
      worldReads(file, readFileSync(file, 'utf8')).map(
        (problem) => `${relative(SERVER, file)}:${problem}`,
      ),
    );
    // recallKey puts a presented key back in place of its state-file stand-in (D125): it writes
    // the key map, so its two calls hand it the world itself; it takes only the key map's shape.
    expect(problems.map((problem) => problem.replace(/:\d+:/, ':')).sort()).toEqual([
      'serve.ts: reads mock.world',
      'serve.ts: reads mock.world',
    ]);
  });

  it('catches a crossing: the check itself fails on planted imports and reads', () => {
    const planted = [
      "import type { World } from '@msgsvc/mock';",
      "import { formatTimestamp, type World as Domain } from '@msgsvc/mock';",
      "type T = import('@msgsvc/mock').World;",
      'const a = mock.world;',
      'const b = deps.mock.world.messages.size;',
      "const c = entry.mock['world'];",
      'const { world } = mock;',
      'const { world: d } = deps.mock;',
      'function e({ mock: { world } }: ControlDeps) {}',
      "type F = MockService['world'];",
    ];
    for (const line of planted) expect(worldReads('x.ts', line), line).toHaveLength(1);
    // What the inspector does write: the port's view, and other things named world.
    const allowed = [
      "import { formatTimestamp } from '@msgsvc/mock';",
      "import { readonlyWorld, type ReadonlyWorld } from '@msgsvc/mock/port';",
      'const world = readonlyWorld(deps.mock);',
      'const id = deps.world.id;',
      'const owner = entry.key_owner?.world;',
      'const found = findRecord(worlds.world, id);',
    ];
    for (const line of allowed) expect(worldReads('x.ts', line), line).toEqual([]);
  });
});

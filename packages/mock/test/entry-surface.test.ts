// What the mock's entries export at run time. The main entry holds what a test needs — the service,
// the plain assertions, the demo world, the defaults a test overrides and the errors it may catch —
// and nothing to change a world with. `/port` holds exactly what the server imports from it, read
// from the server's sources: a name the server stops using leaves the port with it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as main from '../src/index';
import * as port from '../src/port';

const SERVER_SOURCES = fileURLToPath(new URL('../../mock-server/src', import.meta.url));

/** The names `packages/mock-server/src` imports (or re-exports) as values from `specifier`. */
function valuesImported(specifier: string): string[] {
  const names = new Set<string>();
  const files = readdirSync(SERVER_SOURCES, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      const from = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement);
      if (!from || statement.moduleSpecifier?.getText(source).slice(1, -1) !== specifier) continue;
      const bindings = ts.isImportDeclaration(statement)
        ? !statement.importClause?.isTypeOnly && statement.importClause?.namedBindings
        : !statement.isTypeOnly && statement.exportClause;
      if (!bindings || !(ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) continue;
      for (const element of bindings.elements)
        if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
    }
  }
  return [...names].sort();
}

describe('the entries of @msgsvc/mock', () => {
  it('the main entry exports what tests need, at most 30 names, and no World', () => {
    expect(Object.keys(main).sort()).toEqual([
      'DEFAULT_PREFIX_TABLE',
      'DEFAULT_PRICES',
      'DEFAULT_RATE_LIMITS',
      'DEFAULT_SIMULATION',
      'DEFAULT_START_TIME',
      'DEMO_LIVE_KEY',
      'DEMO_ORGANIZATION_ID',
      'DEMO_SENDER_ID',
      'DEMO_TEST_KEY',
      'DEMO_WEBHOOK_SECRET',
      'DomainError',
      'MAGIC_NUMBERS',
      'MockAssertionError',
      'OPERATION_IDS',
      'RETRY_SCHEDULE_MS',
      'RealClock',
      'UnknownOptionError',
      'UnknownValueError',
      'assertCharged',
      'assertDelivered',
      'assertNotDelivered',
      'assertNotSent',
      'assertSent',
      'createMockService',
      'fictionalNumbers',
    ]);
    expect(Object.keys(main).length).toBeLessThanOrEqual(30);
  });

  it('/port exports exactly what the server imports from it', () => {
    const used = valuesImported('@msgsvc/mock/port');
    expect(used.length).toBeGreaterThan(10);
    expect(Object.keys(port).sort()).toEqual(used);
  });

  it('the reading finds value imports and leaves type-only ones out', () => {
    // The check's own reading, on the server's sources: MockService is only ever a type there.
    expect(valuesImported('@msgsvc/mock')).toContain('createMockService');
    expect(valuesImported('@msgsvc/mock')).not.toContain('MockService');
  });
});

/**
 * One package per product (E36): no import crosses a package except through its public entries.
 * Read from the sources themselves, every static and dynamic import of every file under
 * `packages/<name>/src/`:
 *
 * - a relative import stays inside its own package;
 * - `@msgsvc/<other>/<entry>` names an entry the other package exports, and the other package is a
 *   declared dependency (or peer) of the importing one;
 * - the tiers on top of the mock see only what they are meant to: the server `@msgsvc/mock` and
 *   `@msgsvc/mock/port`; the verify kit nothing of the mock at all; the inspector page (a browser
 *   bundle) no package of ours but the SDK's pure `@msgsvc/sdk/sms` (its SMS check counts with the
 *   code the mock charges with, E54); the mock and the SDK nothing built on them.
 *
 * The lint rules in biome.json say the same file by file; this test holds whatever the lint
 * configuration becomes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGES_DIR = join(ROOT, 'packages');

interface Manifest {
  readonly name: string;
  readonly exports?: Record<string, unknown>;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
}

const packages = readdirSync(PACKAGES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    dir: entry.name,
    manifest: JSON.parse(
      readFileSync(join(PACKAGES_DIR, entry.name, 'package.json'), 'utf8'),
    ) as Manifest,
  }));
const byName = new Map(packages.map((pkg) => [pkg.manifest.name, pkg]));

/** Every `.ts` file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every import specifier of `file`, static, dynamic and re-exports. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map((imported) => imported.fileName);
}

/** `@msgsvc/mock/port` → `['@msgsvc/mock', './port']`. */
function splitSpecifier(specifier: string): [string, string] {
  const [scope, name, ...rest] = specifier.split('/');
  return [`${scope}/${name}`, rest.length === 0 ? '.' : `./${rest.join('/')}`];
}

/** Which of our packages' entries each package may import (beyond its declared dependencies). */
const ALLOWED: Record<string, (specifier: string, file: string) => boolean> = {
  '@msgsvc/sdk': (specifier) => !specifier.startsWith('@msgsvc/'),
  '@msgsvc/mock': (specifier) =>
    !/^@msgsvc\/(mock-server|verify)(\/|$)/.test(specifier) &&
    !/^@msgsvc\/mock(\/|$)/.test(specifier),
  '@msgsvc/mock-server': (specifier, file) =>
    file.includes(`${join('src', 'inspector', 'page')}/`)
      ? !specifier.startsWith('@msgsvc/') || specifier === '@msgsvc/sdk/sms'
      : !/^@msgsvc\/mock(\/|$)/.test(specifier) ||
        specifier === '@msgsvc/mock' ||
        specifier === '@msgsvc/mock/port',
  '@msgsvc/verify': (specifier) => !/^@msgsvc\/mock(-server)?(\/|$)/.test(specifier),
};

describe('package boundaries', () => {
  it('finds the four packages', () => {
    expect([...byName.keys()].sort()).toEqual([
      '@msgsvc/mock',
      '@msgsvc/mock-server',
      '@msgsvc/sdk',
      '@msgsvc/verify',
    ]);
  });

  for (const { dir, manifest } of packages) {
    it(`${manifest.name} imports other packages only through their public entries`, () => {
      const packageRoot = join(PACKAGES_DIR, dir);
      const declared = new Set([
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.peerDependencies ?? {}),
      ]);
      const problems: string[] = [];
      for (const file of sources(join(packageRoot, 'src'))) {
        const where = relative(ROOT, file);
        for (const specifier of importsOf(file)) {
          if (specifier.startsWith('.')) {
            const target = resolve(dirname(file), specifier);
            if (!target.startsWith(`${packageRoot}/`))
              problems.push(`${where}: '${specifier}' leaves ${manifest.name}`);
            continue;
          }
          if (!specifier.startsWith('@msgsvc/')) continue;
          const [name, entry] = splitSpecifier(specifier);
          const other = byName.get(name);
          if (other === undefined) {
            problems.push(`${where}: '${specifier}' is no package of ours`);
          } else if (!Object.hasOwn(other.manifest.exports ?? {}, entry)) {
            problems.push(`${where}: '${specifier}' is not an entry ${name} exports`);
          } else if (!declared.has(name)) {
            problems.push(`${where}: '${specifier}', but ${name} is not a dependency`);
          }
          if (!ALLOWED[manifest.name]!(specifier, file))
            problems.push(`${where}: '${specifier}' is beyond what ${manifest.name} may use`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('catches a crossing: the check itself fails on a planted import', () => {
    const planted = [
      ['@msgsvc/mock-server', 'src/x.ts', '@msgsvc/mock/msw'],
      ['@msgsvc/verify', 'src/x.ts', '@msgsvc/mock'],
      ['@msgsvc/mock', 'src/x.ts', '@msgsvc/verify'],
      ['@msgsvc/mock-server', join('src', 'inspector', 'page', 'x.ts'), '@msgsvc/mock/port'],
    ] as const;
    for (const [name, file, specifier] of planted)
      expect(ALLOWED[name]!(specifier, file), `${name} ${specifier}`).toBe(false);
  });
});

/**
 * No package's sources import themselves in a circle (issue 23: "no folder circle remains"):
 * read from the sources, type-only imports included, no two files and no two folders of a package
 * import each other through any chain. The root folder (`.`) counts as a folder: an entry
 * importing a subfolder that imports a helper beside the entry is a circle of folders. The SDK is
 * held, files and folders, by its layers' own test (`sdk-layers.test.ts`, E37); the mock's domain
 * by biome.json's layer rules (E34).
 *
 * The server and the verify kit also declare their layers here, top to bottom (E76): every folder
 * stands in one layer and imports only folders of the layers below it, so folders of one layer
 * (the control routes and the inspector's) never import each other, even one way, and a new
 * folder must be given its place.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circles, fileGraph, folderGraph, folderOf } from './support/import-graph';

/** Each package's folders, top layer first; folders of one layer stand side by side. */
const LAYERS: Record<string, readonly (readonly string[])[] | undefined> = {
  mock: undefined,
  'mock-server': [
    // The entries and the commands; the inspector's page, a browser bundle of its own.
    ['.', 'inspector/page'],
    // The Node server (dispatch, CORS, admin access, client errors); what the command line reads
    // and prints.
    ['server', 'cli'],
    // The two route sets: the control API for scripts, the inspector's API for its page.
    ['control-http', 'inspector'],
    // What both route sets stand on: the route shape, paging, the clock view.
    ['http'],
    // The filter language and the search of a world's records (D156).
    ['query'],
    // The registry of worlds and what it keeps per world.
    ['worlds'],
    // What the worlds throw and report; the state file; generated code.
    ['errors', 'state', 'generated', 'inspector/generated'],
  ],
  verify: [
    ['.'],
    // verify's runner, CLI and reports, over the checks, over the proxy's contract check.
    ['conformance'],
    ['conformance/checks'],
    ['proxy'],
    ['replay'],
    // What every tool shares: the CLI's streams and errors, the checks' primitives.
    ['cli-io', 'conformance/check-kit', 'proxy/generated'],
  ],
};

describe('no circles', () => {
  for (const [name, layers] of Object.entries(LAYERS)) {
    const files = fileGraph(fileURLToPath(new URL(`../../packages/${name}/src`, import.meta.url)));
    const folders = folderGraph(files);

    it(`${name}: reads its sources`, () => {
      expect(files.size).toBeGreaterThan(10);
      expect([...files.values()].some((targets) => targets.size > 0)).toBe(true);
    });

    it(`${name}: has no circle of files`, () => {
      expect(circles(files)).toEqual([]);
    });

    it(`${name}: has no circle of folders`, () => {
      expect(circles(folders)).toEqual([]);
    });

    if (layers === undefined) continue;
    const layerOf = new Map(layers.flatMap((layer, index) => layer.map((f) => [f, index])));

    it(`${name}: gives every folder a layer, and names no folder that is gone`, () => {
      expect([...folders.keys()].filter((folder) => !layerOf.has(folder))).toEqual([]);
      expect([...layerOf.keys()].filter((folder) => !folders.has(folder))).toEqual([]);
    });

    it(`${name}: imports only from the layers below, never beside`, () => {
      const upward: string[] = [];
      for (const [from, targets] of folders) {
        for (const to of targets) {
          if ((layerOf.get(from) ?? -1) >= (layerOf.get(to) ?? Number.POSITIVE_INFINITY)) {
            const file = [...files].find(
              ([source, imported]) =>
                folderOf(source) === from &&
                [...imported].some((target) => folderOf(target) === to),
            )?.[0];
            upward.push(`${from} -> ${to} (${file ?? '?'})`);
          }
        }
      }
      expect(upward).toEqual([]);
    });
  }
});

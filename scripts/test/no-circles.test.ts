/**
 * No package's sources import themselves in a circle (issue 23: "no folder circle remains"):
 * read from the sources, type-only imports included, no two files of a package import each other
 * through any chain. The SDK is held, files and folders, by its layers' own test
 * (`sdk-layers.test.ts`, E37). Folders are held here too: these packages still have the folder
 * circles listed, each named so that a new one, or a larger one, fails, and one removed must be
 * struck off the list.
 * The root folder (`.`) counts as a folder: an entry importing a subfolder that imports a helper
 * beside the entry is a circle of folders.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circles, fileGraph, folderGraph } from './support/import-graph';

/** The folder circles each package still has (issue 23, open). */
const KNOWN_FOLDER_CIRCLES: Record<string, string[][]> = {
  // message-lifecycle settles its campaign's bookkeeping (campaign-state), which reads the
  // message machine's traits.
  mock: [['domain/campaigns', 'domain/messages']],
  // None left: the entries at the root stand on the two route sets, control-http/ and inspector/,
  // side by side; both stand on http/ (the route shape, paging, the clock view) and query/ (the
  // filter language and the search of a world's records); http/ stands on worlds/ (the registry
  // and what it keeps per world), and worlds/ on errors/ (what it throws and reports).
  'mock-server': [],
  // The entries import every tool; the tools import `cli-io.ts` beside the entries; the checks
  // import the verify folder that lists them.
  verify: [['.', 'proxy', 'replay', 'verify', 'verify/checks']],
};

describe('no circles', () => {
  for (const [name, known] of Object.entries(KNOWN_FOLDER_CIRCLES)) {
    const files = fileGraph(fileURLToPath(new URL(`../../packages/${name}/src`, import.meta.url)));

    it(`${name}: reads its sources`, () => {
      expect(files.size).toBeGreaterThan(10);
      expect([...files.values()].some((targets) => targets.size > 0)).toBe(true);
    });

    it(`${name}: has no circle of files`, () => {
      expect(circles(files)).toEqual([]);
    });

    it(`${name}: has no circle of folders but the known ones`, () => {
      expect(circles(folderGraph(files))).toEqual(known);
    });
  }
});

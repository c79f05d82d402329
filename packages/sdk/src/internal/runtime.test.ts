// Which globals make a browser page for the SDK's guard (D47, D115): window and document, and no
// server runtime; a DOM emulated in Node, Deno or Bun is not a page.
import { describe, expect, it } from 'vitest';
import { isBrowser, type RuntimeGlobals } from './runtime';

const page = { window: {}, document: {} };

describe('isBrowser', () => {
  it.each<[string, RuntimeGlobals, boolean]>([
    ['a page: window and document, no process', page, true],
    ['a page whose bundler shims process (no versions.node)', { ...page, process: {} }, true],
    [
      'a page with a shim that has versions but no node',
      { ...page, process: { versions: {} } },
      true,
    ],
    ['jsdom or happy-dom in Node', { ...page, process: { versions: { node: '20.20.2' } } }, false],
    ['a DOM emulated in Deno', { ...page, Deno: {} }, false],
    ['a DOM emulated in Bun', { ...page, Bun: {} }, false],
    ['window without document (Deno 1, workers)', { window: {} }, false],
    ['no DOM at all', {}, false],
  ])('%s → %s', (_, globals, expected) => {
    expect(isBrowser(globals)).toBe(expected);
  });

  it('reads the real globals by default: this test runs in Node', () => {
    expect(isBrowser()).toBe(false);
  });
});

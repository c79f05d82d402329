#!/usr/bin/env node
// `npm run docs`: builds the documentation site into site/, one page that works offline (open
// site/index.html from disk):
//
//   site/index.html        docs/README.md, with links to everything below
//   site/guides/*.html     the guides in docs/*.md (Markdown → HTML with marked)
//   site/examples/         examples/: its README and every file, highlighted, so that the guides'
//                          example links stay inside the site
//   site/packages/*.html   the packages' READMEs, so that links to them stay inside the site
//   site/api/              TypeDoc for @msgsvc/sdk (four entries) and @msgsvc/mock (typedoc.json)
//   site/http/*.html       the HTTP references, one self-contained page per OpenAPI document, with
//                          a curl and a TypeScript sample per operation derived from it (E29, E30)
//
// One navigation bar on every guide, example and HTTP page (TypeDoc's links back to the guides):
// the guides in docs/README.md's order, the project's pages in their own menu (E32); a search
// over the guides, examples, READMEs and HTTP operations that works from disk (its index is a
// script) and ranks guides first (E31); and code highlighted at build time with Shiki, the
// highlighter TypeDoc ships (E28). scripts/test/docs-site.test.ts checks the built site.
//
// Any warning fails the build: a public export without a doc comment (typedoc.json turns on
// `validation.notDocumented` with `treatWarningsAsErrors`), a `ts` block of a guide or README that
// does not compile against the sources, a broken relative link or anchor in a guide, a Redocly
// warning or a view-time request to the network. `npm test` runs it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import * as shiki from '@gerrit0/mini-shiki';
import { Marked } from 'marked';
import { Application, PackageJsonReader, TSConfigReader, TypeDocReader } from 'typedoc';
import { parse as parseYaml } from 'yaml';
import { addCodeSamples, sdkMethods } from './docs/code-samples.mjs';
import { docBlocks, executables, readerPages, wrongPackageCommands } from './docs/doc-blocks.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const site = join(root, 'site');
const problems = [];
const timings = [];
/** The guides: every Markdown file of docs/ (README.md is the home page). */
const guides = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .sort();

/** The href of a link whose target has no page in the site: rendered as its text alone. */
const REPOSITORY_ONLY = 'msgsvc:repository-only';
/**
 * The project's own pages, in the Project menu's order: not among the guides, last in the search.
 */
const PROJECT_PAGES = ['decisions.md', 'engineering-log.md', 'contributing.md'];
/** The guides in the order docs/README.md lists them (the rest after them, by name). */
const guideOrder = (() => {
  const home = readFileSync(join(root, 'docs', 'README.md'), 'utf8');
  const listed = [...home.matchAll(/\]\(([\w-]+\.md)(?:#[^)]*)?\)/g)].map((match) => match[1]);
  return [...new Set([...listed, ...guides])].filter(
    (name) => guides.includes(name) && name !== 'README.md' && !PROJECT_PAGES.includes(name),
  );
})();
/** The packages' READMEs and their pages in the site. */
const packageReadmes = new Map(
  ['sdk', 'mock', 'mock-server', 'verify']
    .map((name) => [
      join(root, 'packages', name, 'README.md'),
      join(site, 'packages', `${name}.html`),
    ])
    .filter(([source]) => existsSync(source)),
);
/** What the search ranks a page as (see searchScript). */
function pageKind(output) {
  const path = relative(site, output).split('\\').join('/');
  if (path.startsWith('examples/')) return 'example';
  if (path.startsWith('packages/') || path.startsWith('http/')) return 'api';
  if (PROJECT_PAGES.some((name) => path === `guides/${name.replace(/\.md$/, '.html')}`)) {
    return 'project';
  }
  return 'guide';
}

async function step(name, run) {
  const start = performance.now();
  const result = await run();
  timings.push(`${name} ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

process.chdir(root);
rmSync(site, { recursive: true, force: true });
mkdirSync(site, { recursive: true });

// 1. The TypeScript API reference.
await step('typedoc', async () => {
  const app = await Application.bootstrapWithPlugins({}, [
    new TypeDocReader(),
    new PackageJsonReader(),
    new TSConfigReader(),
  ]);
  const project = await app.convert();
  if (project !== undefined) {
    app.validate(project);
    if (!app.logger.hasErrors() && !app.logger.hasWarnings()) await app.generateOutputs(project);
  }
  linkBackToSite(join(site, 'api'));
  dropDeadHierarchyLinks(join(site, 'api'));
  if (project === undefined || app.logger.hasErrors() || app.logger.hasWarnings()) {
    problems.push(
      `typedoc: ${app.logger.errorCount} errors, ${app.logger.warningCount} warnings (above)`,
    );
  }
});

/** Makes typedoc.json's `@site/…` navigation links relative to each page of site/api. */
function linkBackToSite(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const up = relative(dirname(file), site).split('\\').join('/');
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('href="@site/', `href="${up}/`));
  }
}

/**
 * TypeDoc links every interface's "Hierarchy" heading to the hierarchy page, also for interfaces
 * the page leaves out (those that extend a type alias, as the contract's types do), where the link
 * shows nothing: those links go, the heading stays.
 */
function dropDeadHierarchyLinks(dir) {
  const script = join(dir, 'assets', 'hierarchy.js');
  if (!existsSync(script)) return;
  const data = /"([^"]*)"/.exec(readFileSync(script, 'utf8'))?.[1] ?? '';
  const { reflections } = JSON.parse(inflateSync(Buffer.from(data, 'base64')).toString());
  // The page names a reflection by its file name with `@` and `/` as `_` (see the test's hierarchyKey).
  const known = new Set(Object.values(reflections).map(({ url }) => basename(url, '.html')));
  const link = / \(<a href="(?:\.\.\/)*hierarchy\.html#([^"]*)">View Summary<\/a>\)/g;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const html = readFileSync(file, 'utf8');
    const kept = html.replace(link, (whole, anchor) =>
      known.has(anchor.replace(/[^\w.]/g, '_')) ? whole : '',
    );
    if (kept !== html) writeFileSync(file, kept);
  }
}

// 2. The HTTP references, rendered by Redocly with its scripts inlined (no CDN at view time), from
// copies of the contracts with a curl and a TypeScript sample on every operation (E30). The
// copies go to .reports/docs-openapi/, side by side, so control.yaml's `./openapi.yaml#…` refs
// still resolve.
const httpReferences = [
  { kind: 'public', file: 'openapi/openapi.yaml', page: 'public.html' },
  { kind: 'control', file: 'openapi/control.yaml', page: 'control.html' },
].filter((reference) => existsSync(join(root, reference.file)));
/** The TypeScript request samples, type-checked with the guides' snippets (step 3). */
const requestSamples = [];
/** The contracts as parsed, for the search index: `{ kind, page, document }`. */
const httpDocuments = [];
await step('redocly', () => {
  mkdirSync(join(site, 'http'), { recursive: true });
  const copies = join(root, '.reports', 'docs-openapi');
  rmSync(copies, { recursive: true, force: true });
  mkdirSync(copies, { recursive: true });
  const documents = new Map(
    httpReferences.map(({ file }) => [
      basename(file),
      parseYaml(readFileSync(join(root, file), 'utf8')),
    ]),
  );
  const sdk = sdkMethods(root);
  for (const { kind, file } of httpReferences) {
    const document = documents.get(basename(file));
    const resolveRef = (ref) => {
      const [where, pointer = ''] = ref.split('#');
      const target = where === '' ? document : documents.get(basename(where));
      return pointer
        .split('/')
        .slice(1)
        .reduce((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], target);
    };
    for (const sample of addCodeSamples(document, { kind, resolveRef, sdk, problems })) {
      requestSamples.push({ name: `${kind}_${sample.operationId}`, source: sample.source });
    }
    httpDocuments.push({ kind, page: httpReferences.find((r) => r.file === file).page, document });
    // JSON is YAML: the copy keeps the file name the other document's refs use.
    writeFileSync(join(copies, basename(file)), JSON.stringify(document, null, 2));
  }
  for (const { file, page } of httpReferences) {
    const output = join(site, 'http', page);
    const source = relative(root, join(copies, basename(file)));
    const args = ['build-docs', source, '--config', 'openapi/redocly.yaml', '--inlineBundle'];
    const result = spawnSync('npx', ['redocly', ...args, '-o', output], { encoding: 'utf8' });
    // Redocly's own box about Node 20 support is about this machine, not the documents.
    const warnings = `${result.stdout}\n${result.stderr}`
      .split('\n')
      .filter((line) => /warn/i.test(line) && !/[║╔╚]/.test(line) && !line.startsWith('npm warn'));
    if (result.status !== 0 || !existsSync(output) || warnings.length > 0) {
      problems.push(`redocly build-docs ${file}:\n${result.stdout}${result.stderr}`);
      continue;
    }
    writeFileSync(output, offline(readFileSync(output, 'utf8'), page));
  }
});

// The page's only view-time request is Redocly's attribution logo (an <img> from its CDN, hidden
// when it fails to load): an empty inline image takes its place, so nothing leaves the machine.
function offline(html, page) {
  const logo = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;
  const result = html
    .replace(logo, "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E")
    // The site's navigation above the reference: the way back to the guides and the API.
    .replace(/<body([^>]*)>/, (tag) => `${tag}\n${siteNav('..', 'http')}`)
    .replace('</head>', '<link rel="stylesheet" href="../site.css">\n</head>');
  for (const match of result.matchAll(
    /<(?:script|link|img)\b[^>]*\b(?:src|href)="(https?:[^"]*)"/g,
  )) {
    problems.push(`site/http/${page} loads ${match[1]} at view time`);
  }
  return result;
}

// 3. Every `ts` block of the guides and READMEs compiles against the sources (the API they show
// exists, with those names and types). Blocks may use `client`, `mock` and `demo` as declared here.
const SNIPPET_GLOBALS = `import type { DemoWorld, MockService } from '@msgsvc/mock';
import type { MessagingClient } from '@msgsvc/sdk';
declare global {
  /** A client on the demo world: \`new MessagingClient({ apiKey: demo.liveKey, … })\`. */
  const client: MessagingClient;
  /** \`createMockService()\`. */
  const mock: MockService;
  /** \`mock.seedDemo()\`. */
  const demo: DemoWorld;
  /** The id of a campaign sent earlier on the page. */
  const campaign_id: string;
  /** Any number of phone numbers. */
  const recipients: string[];
}
export {};
`;
const snippetSources = [
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  'README.md',
  'examples/README.md',
].filter((file) => existsSync(join(root, file)));
const snippetCount = await step('snippets', () => {
  const dir = join(root, '.reports', 'doc-snippets');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'globals.d.ts'), SNIPPET_GLOBALS);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: '../../tsconfig.json', include: ['*.ts'] }),
  );
  let count = 0;
  for (const file of snippetSources) {
    for (const block of docBlocks(root, file)) {
      if (!['ts', 'typescript'].includes(block.lang) || block.info !== '') continue;
      writeFileSync(join(dir, `${file.replace(/[/.]/g, '_')}_line${block.line}.ts`), block.source);
      count++;
    }
  }
  // A command names the package that provides its executable (`-p @msgsvc/mock-server msgsvc-mock`).
  const bins = executables(root);
  for (const file of readerPages(root)) {
    for (const { line, bin, named, provider } of wrongPackageCommands(
      readFileSync(join(root, file), 'utf8'),
      bins,
    )) {
      problems.push(`${file}:${line}: \`${bin}\` is in ${provider}, not ${named}`);
    }
  }
  for (const { name, source } of requestSamples) {
    writeFileSync(join(dir, `http_sample_${name}.ts`), source);
    count++;
  }
  const tsc = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir],
    { encoding: 'utf8' },
  );
  if (tsc.status !== 0) {
    problems.push(
      `${count} snippets type-checked; errors (file_md_lineN.ts is the block at line N):\n${tsc.stdout}${tsc.stderr}`,
    );
  }
  return count;
});

// 4. The guides, and the home page from docs/README.md; the examples; the search index.

const HIGHLIGHT = {
  ts: 'typescript',
  typescript: 'typescript',
  js: 'javascript',
  javascript: 'javascript',
  sh: 'shellscript',
  bash: 'shellscript',
  shell: 'shellscript',
  json: 'json',
  python: 'python',
  py: 'python',
  yaml: 'yaml',
  yml: 'yaml',
  http: 'http',
};
const highlighter = await step('highlighter', async () => {
  await shiki.loadBuiltinWasm();
  return shiki.createShikiInternal({
    engine: await shiki.createOnigurumaEngine(),
    themes: [shiki.bundledThemes['github-light'], shiki.bundledThemes['github-dark']],
    langs: [...new Set(Object.values(HIGHLIGHT))].map((lang) => shiki.bundledLanguages[lang]),
  });
});

/** A code block as highlighted HTML (light and dark colours as CSS variables). */
function highlight(code, lang) {
  const language = HIGHLIGHT[lang ?? ''];
  if (language === undefined) return `<pre><code>${escapeHtml(code)}</code></pre>\n`;
  const lines = shiki.codeToTokensWithThemes(highlighter, code, {
    lang: language,
    themes: { light: 'github-light', dark: 'github-dark' },
  });
  const html = lines
    .map((line) =>
      line
        .map(({ content, variants }) => {
          const style = `--l:${variants.light?.color ?? 'inherit'};--d:${variants.dark?.color ?? 'inherit'}`;
          return `<span style="${style}">${escapeHtml(content)}</span>`;
        })
        .join(''),
    )
    .join('\n');
  return `<pre class="hl" data-lang="${escapeHtml(lang)}"><code>${html}</code></pre>\n`;
}

/** Every file of examples/ (not generated output), as `{ path, file }`. */
const exampleFiles = readdirSync(join(root, 'examples'), { recursive: true, withFileTypes: true })
  .filter(
    (entry) => entry.isFile() && !/(^|[\\/])(__pycache__|node_modules)[\\/]/.test(entry.parentPath),
  )
  .map((entry) => join(entry.parentPath, entry.name))
  .filter((file) => !file.endsWith('.pyc'))
  .sort();
/** The site page of a file or folder of examples/. */
function examplePage(target) {
  const path = relative(join(root, 'examples'), target);
  if (path === '' || path === 'README.md') return join(site, 'examples', 'index.html');
  if (isDir(target)) return join(site, 'examples', path, 'index.html');
  return join(site, 'examples', `${path}.html`);
}
function isDir(path) {
  try {
    readdirSync(path);
    return true;
  } catch {
    return false;
  }
}

await step('guides', () => {
  const pages = guides.map((name) => {
    const source = join(root, 'docs', name);
    const output =
      name === 'README.md'
        ? join(site, 'index.html')
        : join(site, 'guides', name.replace(/\.md$/, '.html'));
    return {
      name,
      source,
      output,
      ...renderMarkdown(readFileSync(source, 'utf8'), source, output),
    };
  });
  // The examples: their README as the folder's page, each file highlighted, each folder listed.
  const readme = join(root, 'examples', 'README.md');
  const exampleReadme = {
    name: 'examples/README.md',
    source: readme,
    output: examplePage(readme),
    ...renderMarkdown(readFileSync(readme, 'utf8'), readme, examplePage(readme)),
  };
  pages.push(exampleReadme);
  // The packages' READMEs, so that the guides' links to them stay inside the site.
  for (const [source, output] of packageReadmes) {
    pages.push({
      name: relative(root, source),
      source,
      output,
      ...renderMarkdown(readFileSync(source, 'utf8'), source, output),
    });
  }
  const exampleSources = exampleFiles
    .filter((file) => file !== readme)
    .map((file) => {
      const path = relative(root, file);
      const output = examplePage(file);
      const lang = file.split('.').pop();
      return {
        name: path,
        source: file,
        output,
        title: path,
        html: `<h1 id="${slug(path, new Map())}">${escapeHtml(path)}</h1>\n${highlight(readFileSync(file, 'utf8'), lang)}`,
        ids: new Set(),
        links: [],
      };
    });
  const folders = [...new Set(exampleSources.map((page) => dirname(page.source)))].filter(
    (dir) => dir !== join(root, 'examples'),
  );
  const folderPages = folders.map((dir) => {
    const output = examplePage(dir);
    const items = exampleSources
      .filter((page) => dirname(page.source) === dir)
      .map((page) => {
        const href = relative(dirname(output), page.output).split('\\').join('/');
        return `<li><a href="${href}"><code>${escapeHtml(relative(dir, page.source))}</code></a></li>`;
      })
      .join('\n');
    const path = relative(root, dir);
    return {
      name: path,
      source: dir,
      output,
      title: path,
      html: `<h1>${escapeHtml(path)}/</h1>\n<ul>\n${items}\n</ul>`,
      ids: new Set(),
      links: [],
    };
  });
  checkAnchors(pages);
  mkdirSync(join(site, 'guides'), { recursive: true });
  for (const page of [...pages, ...exampleSources, ...folderPages]) {
    const home = page.name === 'README.md';
    mkdirSync(dirname(page.output), { recursive: true });
    writeFileSync(page.output, layout(page, home ? referenceSection() : ''));
  }
  writeFileSync(join(site, 'site.css'), css());
  writeFileSync(
    join(site, 'search-index.js'),
    searchIndex([...pages, ...exampleSources], httpSearchEntries()),
  );
  writeFileSync(join(site, 'search.js'), searchScript());
});

/**
 * The search index: one entry per section (a page's text under each heading), as a script that
 * sets `window.MSGSVC_SEARCH` — a page opened from disk cannot fetch a JSON file.
 */
function searchIndex(pages, extra) {
  const entries = [];
  for (const page of pages) {
    const href = relative(site, page.output).split('\\').join('/');
    const kind = pageKind(page.output);
    const parts = page.html.split(/(?=<h[1-4][^>]*>)/);
    for (const part of parts) {
      const heading = /<h[1-4](?: id="([^"]*)")?[^>]*>([\s\S]*?)<\/h[1-4]>/.exec(part);
      const title = heading ? text(heading[2]).replace(/^#/, '') : page.title;
      const body = text(part.replace(/<h[1-4][^>]*>[\s\S]*?<\/h[1-4]>/, ''))
        .replace(/\s+/g, ' ')
        .trim();
      entries.push({
        page: page.title,
        kind,
        title,
        href: heading?.[1] ? `${href}#${heading[1]}` : href,
        text: body.slice(0, 2000),
      });
    }
  }
  entries.push(...extra);
  return `window.MSGSVC_SEARCH = ${JSON.stringify(entries)};\n`;
}

/**
 * The HTTP references in the search: each section of the contract's introduction and each
 * operation and webhook, linked to Redoc's route for it (`#/section/errors`, `#/messages/sendmessage`).
 */
function httpSearchEntries() {
  const entries = [];
  for (const { kind, page, document } of httpDocuments) {
    const pageTitle = kind === 'public' ? 'HTTP API' : 'Control API';
    const intro = document.info?.description ?? '';
    for (const part of intro.split(/^(?=## )/m).slice(1)) {
      const heading = /^## (.*)$/m.exec(part)?.[1] ?? '';
      entries.push({
        page: pageTitle,
        kind: 'http',
        title: heading,
        href: `http/${page}#/section/${slug(heading, new Map())}`,
        text: part
          .replace(/^## .*$/m, '')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 2000),
      });
    }
    const operations = [document.paths ?? {}, document.webhooks ?? {}].flatMap((items) =>
      Object.entries(items).flatMap(([path, item]) =>
        ['get', 'put', 'post', 'patch', 'delete']
          .filter((method) => item[method]?.operationId !== undefined)
          .map((method) => ({ path, method, operation: item[method] })),
      ),
    );
    for (const { path, method, operation } of operations) {
      const tag = (operation.tags?.[0] ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-');
      entries.push({
        page: pageTitle,
        kind: 'http',
        title: operation.summary ?? operation.operationId,
        href: `http/${page}#/${tag}/${operation.operationId.toLowerCase()}`,
        text: `${method.toUpperCase()} ${path} ${operation.operationId} ${operation.description ?? ''}`
          .replace(/\s+/g, ' ')
          .slice(0, 2000),
      });
    }
  }
  return entries;
}

/** The site's search script (see searchIndex). */
function searchScript() {
  return `// The site's search: every word must appear in a section's title or text. A word in the
// section's title or its page's title counts most; then guides come before the API references,
// the examples and, last, the project's pages (decisions, engineering log, contributing), so that a reader looking
// for "webhook" lands on the Webhooks guide rather than on a decision that mentions it (E31).
(() => {
  const KIND = { guide: 3, http: 2, api: 2, example: 1, project: 0 };
  const input = document.getElementById('site-search');
  const list = document.getElementById('site-search-results');
  if (!input || !list) return;
  const base = input.dataset.base;
  const index = window.MSGSVC_SEARCH || [];
  const render = () => {
    const words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
    list.replaceChildren();
    if (words.length === 0) return;
    const hits = index
      .map((entry) => {
        const title = entry.title.toLowerCase();
        const page = entry.page.toLowerCase();
        const body = entry.text.toLowerCase();
        if (!words.every((w) => title.includes(w) || body.includes(w))) return null;
        const inTitle = words.filter((w) => title.includes(w)).length;
        const inPage = words.filter((w) => page.includes(w)).length;
        return { entry, score: 4 * inTitle + 4 * inPage + (KIND[entry.kind] ?? 0) };
      })
      .filter(Boolean)
      .sort((a, b) => b.score - a.score)
      .slice(0, 12);
    for (const { entry } of hits) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = base + '/' + entry.href;
      link.textContent = entry.title;
      const where = document.createElement('small');
      where.textContent = ' — ' + entry.page;
      item.append(link, where);
      list.append(item);
    }
    if (hits.length === 0) {
      const item = document.createElement('li');
      item.textContent = 'No match';
      list.append(item);
    }
  };
  input.addEventListener('input', render);
})();
`;
}

/** Renders one Markdown file; links are rewritten for the page's place in site/ and recorded. */
function renderMarkdown(markdown, source, output) {
  const slugs = new Map();
  const ids = new Set();
  const links = [];
  const marked = new Marked({
    gfm: true,
    walkTokens(token) {
      if (token.type !== 'link') return;
      const { href, anchor, target } = rewriteLink(token.href, source, output);
      token.href = href;
      if (target !== undefined) links.push({ target, anchor, raw: token.raw });
    },
    renderer: {
      link({ href, tokens }) {
        if (href === REPOSITORY_ONLY) return this.parser.parseInline(tokens);
        return false;
      },
      code({ text: code, lang }) {
        // The info string's first word is the language: "ts unchecked" is TypeScript that the
        // snippet check skips (a block for a runner whose types are not installed here).
        return highlight(code, lang?.split(/\s+/)[0]);
      },
      heading({ tokens, depth }) {
        const html = this.parser.parseInline(tokens);
        const id = slug(text(html), slugs);
        ids.add(id);
        return `<h${depth} id="${id}"><a class="anchor" href="#${id}">#</a>${html}</h${depth}>\n`;
      },
    },
  });
  const html = marked.parse(markdown);
  const title =
    text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/^#/, '') || 'msgsvc';
  return { html, title, ids, links };
}

/**
 * A link to a file of the repository → its page in the site: `other.md#x` → the other guide,
 * `../examples/x.ts` → the example's page, a package's README → its page, `openapi/*.yaml` → the
 * HTTP reference. A file with no page (the root README, a schema) is not linked at all
 * (`REPOSITORY_ONLY`): the site never sends a reader to a raw .md or .yaml file (E32). Absolute
 * URLs are left alone.
 */
function rewriteLink(href, source, output) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#')) return { href };
  const [path = '', anchor] = href.split('#');
  const target = resolve(dirname(source), decodeURIComponent(path));
  if (!existsSync(target)) {
    problems.push(`${relative(root, source)}: broken link ${href}`);
    return { href };
  }
  let file;
  const openapi = join(root, 'openapi');
  if (target === join(root, 'examples') || target.startsWith(`${join(root, 'examples')}/`)) {
    file = examplePage(target);
  } else if (dirname(target) === join(root, 'docs') && target.endsWith('.md')) {
    file = target.endsWith('README.md')
      ? join(site, 'index.html')
      : join(site, 'guides', relative(join(root, 'docs'), target).replace(/\.md$/, '.html'));
  } else if (packageReadmes.has(target)) {
    file = packageReadmes.get(target);
  } else if (target === join(openapi, 'control.yaml')) {
    file = join(site, 'http', 'control.html');
  } else if (target === openapi || target === join(openapi, 'openapi.yaml')) {
    file = join(site, 'http', 'public.html');
  } else {
    return { href: REPOSITORY_ONLY };
  }
  if (file.startsWith(join(site, 'http'))) {
    // Redoc routes by hash (`#/section/…`); a Markdown anchor means nothing there.
    return { href: relative(dirname(output), file).split('\\').join('/') };
  }
  const rewritten = relative(dirname(output), file).split('\\').join('/') || '.';
  return {
    href: anchor === undefined ? rewritten : `${rewritten}#${anchor}`,
    anchor,
    target: file,
  };
}

/** Every `page.html#anchor` link must name a heading of that page. */
function checkAnchors(pages) {
  const byOutput = new Map(pages.map((page) => [page.output, page]));
  for (const page of pages) {
    for (const link of page.links) {
      const other = byOutput.get(link.target);
      if (link.anchor !== undefined && other !== undefined && !other.ids.has(link.anchor)) {
        problems.push(`docs/${page.name}: no heading #${link.anchor} for ${link.raw}`);
      }
    }
  }
}

/** GitHub's heading ids: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
function slug(value, seen) {
  const base = value
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
  const count = seen.get(base) ?? 0;
  seen.set(base, count + 1);
  return count === 0 ? base : `${base}-${count}`;
}

function text(html) {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function referenceSection() {
  const entries = [
    ['@msgsvc/sdk', 'the client: MessagingClient, errors, pagination, retries, bulk sends'],
    ['@msgsvc/sdk/sms', 'segment counting, cost previews, money'],
    ['@msgsvc/sdk/webhooks', 'Standard Webhooks signing and verification'],
    ['@msgsvc/sdk/phone', 'phone number normalisation'],
    ['@msgsvc/mock', 'createMockService, the control API, clocks, snapshots'],
  ];
  const modules = entries
    .map(([name, what]) => {
      const file = `api/modules/${name.replace(/[^a-z0-9]/gi, '_')}.html`;
      const href = existsSync(join(site, file)) ? file : 'api/index.html';
      return `<li><a href="${href}"><code>${name}</code></a>: ${what}</li>`;
    })
    .join('\n');
  const http = httpReferences
    .map(
      ({ page, file }) =>
        `<li><a href="http/${page}">${page === 'public.html' ? 'Public API (<code>/c/v1</code>)' : 'Mock server control API (<code>/__mock</code>)'}</a>, from <code>${file}</code></li>`,
    )
    .join('\n');
  return `<h2 id="api-reference">API reference</h2>
<p>Generated by <code>npm run docs</code> from the sources and the OpenAPI documents.</p>
<h3 id="typescript-api">TypeScript API</h3>
<ul>
${modules}
</ul>
<h3 id="http-api">HTTP API</h3>
<ul>
${http}
</ul>`;
}

/** Which entry of the navigation bar a page belongs to. */
function navSection(output) {
  const kind = pageKind(output);
  if (kind === 'example') return 'examples';
  if (kind === 'project') return 'project';
  return kind === 'api' ? 'api' : 'guides';
}

function layout(page, extra) {
  const base = relative(dirname(page.output), site).split('\\').join('/');
  const at = (path) => (base === '' ? path : `${base}/${path}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}${page.name === 'README.md' ? '' : ' · msgsvc docs'}</title>
<meta name="color-scheme" content="light dark">
<link rel="stylesheet" href="${at('site.css')}">
</head>
<body class="doc">
${siteNav(base === '' ? '.' : base, navSection(page.output))}
<main>
${page.html}
${extra}
</main>
</body>
</html>
`;
}

/** The navigation bar of every guide, example and HTTP page; `base` is the site root from there. */
function siteNav(base, section) {
  const link = (name) => {
    const title = /^# (.*)$/m.exec(readFileSync(join(root, 'docs', name), 'utf8'))?.[1] ?? name;
    return `<li><a href="${base}/guides/${name.replace(/\.md$/, '.html')}">${escapeHtml(title.replace(/`/g, ''))}</a></li>`;
  };
  const guideLinks = guideOrder.map(link).join('');
  const projectLinks = PROJECT_PAGES.filter((name) => guides.includes(name))
    .map(link)
    .join('');
  const current = (name) => (name === section ? ' aria-current="page"' : '');
  return `<nav class="site-nav">
<a class="home" href="${base}/index.html">msgsvc docs</a>
<details class="menu"><summary${current('guides')}>Guides</summary><ul>${guideLinks}</ul></details>
<a href="${base}/examples/index.html"${current('examples')}>Examples</a>
<a href="${base}/api/index.html">TypeScript API</a>
<a href="${base}/http/public.html"${current('http')}>HTTP API</a>
<a href="${base}/http/control.html">Control API</a>
<details class="menu end"><summary${current('project')}>Project</summary><ul>${projectLinks}</ul></details>
<span class="search"><input id="site-search" type="search" placeholder="Search the docs" aria-label="Search the docs" data-base="${base}"><ul id="site-search-results"></ul></span>
<script src="${base}/search-index.js" defer></script>
<script src="${base}/search.js" defer></script>
</nav>`;
}

function escapeHtml(value) {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The site's stylesheet. Guide and example pages have `<body class="doc">` and every rule for
 * their content is scoped to it: the HTTP pages load this file for the navigation bar only, and
 * an unscoped `main { max-width }` squeezed Redoc's own `<main>` to a 290 px column (E29).
 * Redoc caps its content at 1200 px; 84rem keeps it at 60 % or more of a window up to 1920 px.
 */
function css() {
  return `:root { --fg: #1f2328; --muted: #59636e; --bg: #fff; --code: #f6f8fa; --line: #d1d9e0; --link: #0969da; }
@media (prefers-color-scheme: dark) { :root:has(body.doc) { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --code: #151b23; --line: #3d444d; --link: #4493f8; } }
body.doc { margin: 0; color: var(--fg); background: var(--bg); font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.doc main { max-width: 52rem; margin: 0 auto; padding: 1rem 1.5rem 4rem; }
.doc a { color: var(--link); }
.doc h1, .doc h2, .doc h3, .doc h4 { line-height: 1.25; margin: 2rem 0 1rem; } .doc h1 { font-size: 2rem; } .doc h2 { padding-bottom: .3rem; border-bottom: 1px solid var(--line); }
.doc h1 .anchor, .doc h2 .anchor, .doc h3 .anchor, .doc h4 .anchor { float: left; margin-left: -1.1rem; width: 1.1rem; color: var(--muted); text-decoration: none; visibility: hidden; }
.doc h1:hover .anchor, .doc h2:hover .anchor, .doc h3:hover .anchor, .doc h4:hover .anchor { visibility: visible; }
.doc code { font: .875em/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--code); padding: .15em .35em; border-radius: 4px; }
.doc pre { background: var(--code); padding: 1rem; overflow: auto; border-radius: 6px; } .doc pre code { padding: 0; background: none; font-size: .85em; }
.doc table { border-collapse: collapse; display: block; overflow: auto; } .doc th, .doc td { border: 1px solid var(--line); padding: .35rem .75rem; text-align: left; vertical-align: top; }
.doc blockquote { margin: 0; padding: 0 1rem; color: var(--muted); border-left: .25rem solid var(--line); }
.doc pre.hl span { color: var(--l); } @media (prefers-color-scheme: dark) { .doc pre.hl span { color: var(--d); } }
.site-nav { display: flex; flex-wrap: wrap; align-items: center; gap: 1.25rem; padding: .75rem 1.5rem; border-bottom: 1px solid var(--line); font: 15px/1.6 system-ui, sans-serif; background: var(--bg); color: var(--fg); position: relative; z-index: 10; }
.site-nav a, .site-nav summary { color: var(--muted); text-decoration: none; cursor: pointer; } .site-nav a:hover, .site-nav summary:hover { color: var(--link); }
.site-nav .home { color: var(--fg); font-weight: 600; margin-right: auto; } .site-nav [aria-current] { color: var(--fg); }
.site-nav .menu { position: relative; } .site-nav .menu ul { position: absolute; top: 1.8rem; left: 0; min-width: 18rem; margin: 0; padding: .5rem 1rem; list-style: none; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; }
.site-nav .menu.end ul { left: auto; right: 0; }
.site-nav .search { position: relative; } .site-nav input { font: inherit; padding: .2rem .5rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
#site-search-results { position: absolute; right: 0; top: 2rem; width: 26rem; max-width: 90vw; margin: 0; padding: 0; list-style: none; background: var(--bg); border-radius: 6px; }
#redoc .api-content { max-width: 84rem; }
#site-search-results:not(:empty) { border: 1px solid var(--line); padding: .5rem 1rem; } #site-search-results small { color: var(--muted); }
`;
}

if (problems.length > 0) {
  console.error(`\nnpm run docs: ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `Documentation site built in site/ (0 warnings): ${guides.length} Markdown pages, ` +
    `${httpReferences.length} HTTP references, the API reference; ${snippetCount} code blocks ` +
    `type-checked. ${timings.join(', ')}.`,
);

#!/usr/bin/env node
// `npm run docs`: builds the documentation site into site/, one page that works offline (open
// site/index.html from disk):
//
//   site/index.html        docs/README.md, with links to everything below
//   site/guides/*.html     the guides in docs/*.md (Markdown → HTML with marked)
//   site/api/              TypeDoc for @msgsvc/sdk (four entries) and @msgsvc/mock (typedoc.json)
//   site/http/*.html       the HTTP references, one self-contained page per OpenAPI document
//
// Any warning fails the build: a public export without a doc comment (typedoc.json turns on
// `validation.notDocumented` with `treatWarningsAsErrors`), a `ts` block of a guide or README that
// does not compile against the sources, a broken relative link or anchor in a guide, a Redocly
// warning or a view-time request to the network. `npm test` runs it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Marked } from 'marked';
import { Application, PackageJsonReader, TSConfigReader, TypeDocReader } from 'typedoc';

const root = fileURLToPath(new URL('..', import.meta.url));
const site = join(root, 'site');
const problems = [];
const timings = [];

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

// 2. The HTTP references, rendered by Redocly with its scripts inlined (no CDN at view time).
const httpReferences = [
  { api: 'msgsvc-public@v1', file: 'openapi/openapi.yaml', page: 'public.html' },
  { api: 'msgsvc-control@v1', file: 'openapi/control.yaml', page: 'control.html' },
].filter((reference) => existsSync(join(root, reference.file)));
await step('redocly', () => {
  mkdirSync(join(site, 'http'), { recursive: true });
  for (const { api, page } of httpReferences) {
    const output = join(site, 'http', page);
    const args = ['build-docs', api, '--config', 'openapi/redocly.yaml', '--inlineBundle'];
    const result = spawnSync('npx', ['redocly', ...args, '-o', output], { encoding: 'utf8' });
    // Redocly's own box about Node 20 support is about this machine, not the documents.
    const warnings = `${result.stdout}\n${result.stderr}`
      .split('\n')
      .filter((line) => /warn/i.test(line) && !/[║╔╚]/.test(line) && !line.startsWith('npm warn'));
    if (result.status !== 0 || !existsSync(output) || warnings.length > 0) {
      problems.push(`redocly build-docs ${api}:\n${result.stdout}${result.stderr}`);
      continue;
    }
    writeFileSync(output, offline(readFileSync(output, 'utf8'), page));
  }
});

// The page's only view-time request is Redocly's attribution logo (an <img> from its CDN, hidden
// when it fails to load): an empty inline image takes its place, so nothing leaves the machine.
function offline(html, page) {
  const logo = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;
  const result = html.replace(
    logo,
    "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E",
  );
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
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!/^```(ts|typescript)\s*$/.test(lines[i])) continue;
      const end = lines.indexOf('```', i + 1);
      const name = `${file.replace(/[/.]/g, '_')}_line${i + 1}.ts`;
      writeFileSync(join(dir, name), `${lines.slice(i + 1, end).join('\n')}\n`);
      count++;
      i = end;
    }
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

// 4. The guides, and the home page from docs/README.md.
const guides = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .sort();
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
  checkAnchors(pages);
  mkdirSync(join(site, 'guides'), { recursive: true });
  for (const page of pages) {
    const home = page.name === 'README.md';
    writeFileSync(page.output, layout(page, home ? referenceSection() : ''));
  }
  writeFileSync(join(site, 'site.css'), css());
});

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
 * `other.md#x` → the other page; `../examples/x.ts` → the repository file, relative to the page
 * (the site lives in the repository, so these open from disk). Absolute URLs are left alone.
 */
function rewriteLink(href, source, output) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#')) return { href };
  const [path = '', anchor] = href.split('#');
  const target = resolve(dirname(source), decodeURIComponent(path));
  if (!existsSync(target)) {
    problems.push(`${relative(root, source)}: broken link ${href}`);
    return { href };
  }
  let file = target;
  if (dirname(target) === join(root, 'docs') && target.endsWith('.md')) {
    file = target.endsWith('README.md')
      ? join(site, 'index.html')
      : join(site, 'guides', relative(join(root, 'docs'), target).replace(/\.md$/, '.html'));
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

function layout(page, extra) {
  const base = relative(dirname(page.output), site).split('\\').join('/');
  const at = (path) => (base === '' ? path : `${base}/${path}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}${page.name === 'README.md' ? '' : ' · msgsvc docs'}</title>
<link rel="stylesheet" href="${at('site.css')}">
</head>
<body>
<nav>
<a class="home" href="${at('index.html')}">msgsvc docs</a>
<a href="${at('guides/getting-started.html')}">Getting started</a>
<a href="${at('api/index.html')}">TypeScript API</a>
<a href="${at('http/public.html')}">HTTP API</a>
<a href="${at('guides/decisions.html')}">Decisions</a>
</nav>
<main>
${page.html}
${extra}
</main>
</body>
</html>
`;
}

function escapeHtml(value) {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function css() {
  return `:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #fff; --code: #f6f8fa; --line: #d1d9e0; --link: #0969da; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --code: #151b23; --line: #3d444d; --link: #4493f8; } }
body { margin: 0; color: var(--fg); background: var(--bg); font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
nav { display: flex; flex-wrap: wrap; gap: 1.25rem; padding: .75rem 1.5rem; border-bottom: 1px solid var(--line); }
nav a { color: var(--muted); text-decoration: none; } nav a:hover { color: var(--link); } nav .home { color: var(--fg); font-weight: 600; margin-right: auto; }
main { max-width: 52rem; margin: 0 auto; padding: 1rem 1.5rem 4rem; }
a { color: var(--link); }
h1, h2, h3, h4 { line-height: 1.25; margin: 2rem 0 1rem; } h1 { font-size: 2rem; } h2 { padding-bottom: .3rem; border-bottom: 1px solid var(--line); }
h1 .anchor, h2 .anchor, h3 .anchor, h4 .anchor { float: left; margin-left: -1.1rem; width: 1.1rem; color: var(--muted); text-decoration: none; visibility: hidden; }
h1:hover .anchor, h2:hover .anchor, h3:hover .anchor, h4:hover .anchor { visibility: visible; }
code { font: .875em/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--code); padding: .15em .35em; border-radius: 4px; }
pre { background: var(--code); padding: 1rem; overflow: auto; border-radius: 6px; } pre code { padding: 0; background: none; font-size: .85em; }
table { border-collapse: collapse; display: block; overflow: auto; } th, td { border: 1px solid var(--line); padding: .35rem .75rem; text-align: left; vertical-align: top; }
blockquote { margin: 0; padding: 0 1rem; color: var(--muted); border-left: .25rem solid var(--line); }
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

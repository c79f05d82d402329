/**
 * The inspector page: a static HTML shell with its stylesheet inline (allowed by hash) and its
 * script served from the package at {@link INSPECTOR_SCRIPT_PATH} (built from `page/*.ts` by
 * `npm run generate`). The Content-Security-Policy allows exactly that style, scripts from
 * this origin, and requests to this origin; the page writes service data only as text.
 */
import { createHash } from 'node:crypto';
import { errorResponse, type HttpResponse } from '@msgsvc/mock/port';
import { PAGE_SCRIPT } from './generated/page-script';

/** Where the page's script is served. */
export const INSPECTOR_SCRIPT_PATH = '/__mock/inspector/assets/inspector.js';

const STYLE = `
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #f6f7f9; --card: #fff; --line: #d5d9de;
  --muted: #545d68; --accent: #0b57d0; --ok: #137333; --warn: #8a4f00; --bad: #b3261e; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e8eb; --bg: #15181c; --card: #1e2227;
  --line: #353b42; --muted: #a2abb5; --accent: #8ab4f8; --ok: #81c995; --warn: #fdd663; --bad: #f28b82; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: center; padding: .6rem 1.25rem;
  border-bottom: 1px solid var(--line); background: var(--card); }
header h1 { font-size: 1.05rem; margin: 0; }
#clock { color: var(--muted); font-size: .85rem; font-variant-numeric: tabular-nums; }
#status { margin-left: auto; font-size: .85rem; }
#status.ok { color: var(--ok); } #status.error { color: var(--bad); font-weight: 600; }
form.search { display: flex; gap: .4rem; flex: 1 1 22rem; }
form.search input { flex: 1; }
input, select, button, textarea { font: inherit; color: inherit; background: var(--card);
  border: 1px solid var(--line); border-radius: 6px; padding: .25rem .5rem; }
button { cursor: pointer; } button:hover { border-color: var(--accent); }
nav { display: flex; flex-wrap: wrap; gap: .25rem; padding: .4rem 1.25rem; border-bottom: 1px solid var(--line); }
nav a { padding: .2rem .6rem; border-radius: 6px; text-decoration: none; }
nav a[aria-current="page"], .filters a[aria-current="true"] {
  background: color-mix(in srgb, var(--accent) 15%, transparent); font-weight: 600; }
#actions { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; padding: .4rem 1.25rem;
  border-bottom: 1px solid var(--line); }
#actions .label { color: var(--muted); font-size: .85rem; }
main { padding: 1rem 1.25rem; max-width: 110rem; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .75rem 1rem;
  margin-bottom: 1rem; min-width: 0; }
h2 { font-size: 1.05rem; margin: 0 0 .5rem; } h3 { font-size: .95rem; margin: .25rem 0; }
.meta, .empty, time { color: var(--muted); font-size: .85rem; }
code, pre { font: 12px/1.4 ui-monospace, monospace; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--bg); padding: .5rem; border-radius: 6px;
  max-height: 28rem; overflow: auto; margin: .25rem 0; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; font-size: .85rem; }
th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td { overflow-wrap: break-word; }
time, .chip, td a[href^="#/phones/"] { white-space: nowrap; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: 0; }
dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
.chip { display: inline-block; padding: 0 .45rem; border-radius: 999px; font-size: .75rem; font-weight: 600;
  border: 1px solid currentColor; }
.s-DELIVERED, .s-COMPLETED, .s-delivered, .s-SENT { color: var(--ok); }
.s-PENDING, .s-PROCESSING, .s-SENDING, .s-scheduled, .s-waiting, .s-in_flight { color: var(--warn); }
.s-FAILED, .s-UNDELIVERED, .s-EXPIRED, .s-REJECTED, .s-CANCELLED, .s-failed { color: var(--bad); }
.badges .badge { margin-left: .3rem; text-decoration: none; font-weight: 500; } .badge[href*="opted-out"] { color: var(--bad); }
pre.answer { max-height: 12rem; } .fault-form { margin-bottom: .4rem; } nav.filters { padding: 0 0 .5rem; }
.thread { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: .6rem; }
.bubble { max-width: 80%; padding: .5rem .75rem; border-radius: 10px; border: 1px solid var(--line); }
.bubble.outbound { align-self: flex-end; background: color-mix(in srgb, var(--accent) 9%, var(--card)); }
.bubble .content { margin: .25rem 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.timeline { display: flex; flex-wrap: wrap; gap: .25rem .75rem; list-style: none; margin: .35rem 0 0; padding: 0; }
.pager { display: flex; gap: .5rem; align-items: center; margin-top: .5rem; }
.notice { padding: .4rem .75rem; border-radius: 6px; border: 1px solid var(--line); margin: .5rem 1.25rem 0; }
.notice.error { border-color: var(--bad); color: var(--bad); }
.inline { display: flex; flex-wrap: wrap; gap: .4rem .6rem; align-items: end; }
.inline label { display: flex; flex-direction: column; font-size: .8rem; color: var(--muted); }
.filters { display: flex; flex-wrap: wrap; gap: .4rem .75rem; align-items: center; margin-bottom: .5rem; }
.filters nav { padding: 0; border: 0; } .hint { color: var(--warn); } .journal td:nth-child(3) { overflow-wrap: anywhere; } .hints { margin: .25rem 0; padding-left: 1.25rem; }
.sms-segments { list-style: none; margin: .5rem 0; padding: 0; display: flex; flex-direction: column; gap: .35rem; }
.sms-segment { border: 1px dashed var(--line); border-left: 4px solid var(--accent); border-radius: 6px; padding: .3rem .6rem; }
.sms-segment-head { display: block; color: var(--muted); font-size: .75rem; }
.sms-scroll { overflow-x: auto; max-width: 100%; }
.sms-text, .sms-replaced { white-space: pre-wrap; overflow-wrap: anywhere; }
.sms-replaced { background: var(--bg); padding: .4rem .6rem; border-radius: 6px; }
mark.ucs2 { background: color-mix(in srgb, var(--warn) 22%, transparent); color: inherit; font-weight: 700;
  text-decoration: underline wavy var(--bad); text-underline-offset: 3px; outline: 1px solid var(--warn); border-radius: 2px; }
.sms-check-form textarea { width: 100%; font: 13px/1.4 ui-monospace, monospace; padding: .4rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
.masthead { position: sticky; top: 0; z-index: 2; background: var(--card); }
html { scroll-padding-top: calc(var(--masthead-h, 0px) + .5rem); }
.skip-link { position: absolute; left: .5rem; top: .5rem; z-index: 3; padding: .4rem .75rem; border-radius: 6px;
  background: var(--card); transform: translateY(-200%); }
.skip-link:focus { transform: none; }
#view:focus-visible, .pane:focus-visible { outline: none; }
tbody tr:focus-within, ol.thread li:focus-within { background: color-mix(in srgb, var(--accent) 7%, transparent); }
tr[aria-current="true"], li[aria-current="true"] { background: color-mix(in srgb, var(--accent) 14%, transparent); }
tr[aria-current="true"] > td:first-child { box-shadow: inset 3px 0 0 var(--accent); }
@media (min-width: 1200px) {
  main:has(> .split) { max-width: none; }
  .split { display: grid; grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); gap: 1rem; align-items: start; }
  .pane { position: sticky; top: calc(var(--masthead-h, 0px) + .5rem); overflow: auto; overscroll-behavior: contain;
    max-height: calc(100vh - var(--masthead-h, 0px) - 1rem); padding: 0 .25rem; }
}
main, .pane { container-type: inline-size; }
@container (min-width: 700px) {
  .pane-list td a:not(.chip) { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden;
    outline-offset: -2px; }
}
@container (max-width: 699.98px) {
  table, tbody, tr, td { display: block; }
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  tbody tr { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 .5rem; padding: .25rem .15rem;
    border-bottom: 1px solid var(--line); font-size: .82rem; line-height: 1.3; }
  tbody tr time { font-size: .78rem; }
  tbody tr .chip { line-height: 1.25; }
  td.none { display: none; }
  td { padding: 0; border: 0; min-width: 0; max-width: 100%; overflow-wrap: anywhere; }
  main[data-shape="list"] td, .pane-list td { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  td a, td button { outline-offset: -2px; }
  td:empty { display: none; }
}
@media (max-width: 699.98px) {
  nav, #actions { padding-left: .75rem; padding-right: .75rem; }
  header { display: grid; grid-template-columns: auto auto minmax(0, 1fr); gap: .3rem .6rem; padding: .4rem .75rem; }
  header h1 { font-size: .85rem; }
  #world { max-width: 9rem; font-size: .8rem; }
  header p { margin: 0; }
  #status { justify-self: end; text-align: right; }
  #clock { grid-column: 1 / -1; grid-row: 2; font-size: .75rem; }
  form.search { grid-column: 1 / -1; grid-row: 3; }
  main { padding: .75rem; }
  section { padding: .6rem .75rem; }
  nav { flex-wrap: nowrap; overflow-x: auto; }
  nav a { white-space: nowrap; }
}
.status-bar, .counts { display: flex; flex-wrap: wrap; gap: .3rem .6rem; align-items: center; margin: 0 0 .5rem;
  padding: 0; list-style: none; } .status-bar a, a.filter { text-decoration: none; }
.status-bar a[aria-current="page"] { outline: 2px solid var(--accent); border-radius: 999px; }
.pager .page-size { margin-left: auto; color: var(--muted); font-size: .85rem; }
dialog { max-width: min(46rem, 94vw); border: 1px solid var(--line); border-radius: 8px; background: var(--card);
  color: var(--fg); } dialog::backdrop { background: rgb(0 0 0 / .35); }
`;

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>msgsvc mock · inspector</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
<script src="${INSPECTOR_SCRIPT_PATH}" defer></script>
</head>
<body>
<a class="skip-link" id="skip-link" href="#view">Skip to content</a>
<div class="masthead" id="masthead">
<header>
  <h1>msgsvc mock · inspector</h1>
  <label class="visually-hidden" for="world">World</label>
  <select id="world"><option value="default">default world</option></select>
  <p id="clock" aria-live="off"></p>
  <form class="search" role="search" id="search-form">
    <label class="visually-hidden" for="search">Search</label>
    <input id="search" type="search" name="q" autocomplete="off" placeholder="Search or filter: status:failed, a number, text, an id (/ to focus, ? for help)">
    <button type="submit">Search</button>
  </form>
  <p id="status" role="status">Loading…</p>
</header>
<nav aria-label="Views" id="nav">
  <a href="#/messages">Messages</a>
  <a href="#/phones">Phones</a>
  <a href="#/campaigns">Campaigns</a>
  <a href="#/organizations">Organizations</a>
  <a href="#/requests">Requests</a>
  <a href="#/webhooks">Webhooks</a>
  <a href="#/actions">Snapshots &amp; faults</a>
  <a href="#/sms-check">SMS check</a>
</nav>
</div>
<div id="actions" role="toolbar" aria-label="Clock and world"></div>
<div id="notice" role="alert"></div>
<main id="view" tabindex="-1"></main>
</body>
</html>
`;

const HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
    "connect-src 'self'",
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
};

/** The inspector page as a response, carrying `traceId` like every response of the server. */
export function inspectorPage(traceId: string): HttpResponse {
  return { status: 200, headers: { ...HEADERS, 'x-trace-id': traceId }, body: HTML };
}

/** The page's script (GET or HEAD; other methods get a 405 in the service's envelope). */
export function inspectorScript(method: string, traceId: string): HttpResponse {
  if (method !== 'GET' && method !== 'HEAD') {
    return errorResponse(
      { code: 'METHOD_NOT_ALLOWED', message: `${method} is not allowed here; allowed: GET, HEAD.` },
      traceId,
      Date.now(),
      { allow: 'GET, HEAD' },
    );
  }
  return {
    status: 200,
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'x-trace-id': traceId,
    },
    body: PAGE_SCRIPT,
  };
}

/**
 * The inspector page: one static HTML document with inline CSS and script (no build step, no
 * static files), served at `/` and `/__mock/inspector`. The Content-Security-Policy allows exactly
 * this page's own style and script (by hash) and requests to its own origin.
 */
import { createHash } from 'node:crypto';
import type { HttpResponse } from '../../http/types';
import { PAGE_SCRIPT } from './page-script';

const STYLE = `
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #f6f7f9; --card: #fff; --line: #d5d9de;
  --muted: #59636e; --accent: #0b57d0; --ok: #137333; --warn: #a15c00; --bad: #b3261e; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e8eb; --bg: #15181c; --card: #1e2227;
  --line: #353b42; --muted: #a2abb5; --accent: #8ab4f8; --ok: #81c995; --warn: #fdd663; --bad: #f28b82; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: baseline; padding: .75rem 1.25rem;
  border-bottom: 1px solid var(--line); background: var(--card); }
header h1 { font-size: 1.1rem; margin: 0; }
#summary { display: flex; flex-wrap: wrap; gap: 1.25rem; color: var(--muted); }
#status { margin-left: auto; font-size: .85rem; }
#status.ok { color: var(--ok); } #status.error { color: var(--bad); font-weight: 600; }
main { display: grid; grid-template-columns: minmax(14rem, 18rem) minmax(0, 1fr) minmax(0, 1fr); gap: 1rem;
  padding: 1rem 1.25rem; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .75rem 1rem;
  min-width: 0; }
section.wide { grid-column: span 2; } section.full { grid-column: 1 / -1; }
h2 { font-size: 1rem; margin: 0 0 .5rem; } h3 { font-size: .95rem; margin: 0 0 .25rem; }
.meta, .empty, time { color: var(--muted); font-size: .85rem; }
code { font: 12px/1.3 ui-monospace, monospace; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
#phone-list { list-style: none; margin: 0; padding: 0; max-height: 32rem; overflow: auto; }
#phone-list li { display: flex; flex-direction: column; padding: .4rem .6rem; border-radius: 6px; cursor: pointer; }
#phone-list li[aria-selected="true"] { background: color-mix(in srgb, var(--accent) 15%, transparent);
  box-shadow: inset 3px 0 0 var(--accent); }
#phone-list li:hover { background: color-mix(in srgb, var(--accent) 8%, transparent); }
.number { font-variant-numeric: tabular-nums; font-weight: 600; }
.thread { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: .6rem;
  max-height: 32rem; overflow: auto; }
.bubble { max-width: 92%; padding: .5rem .75rem; border-radius: 10px; border: 1px solid var(--line); }
.bubble.outbound { align-self: flex-end; background: color-mix(in srgb, var(--accent) 9%, var(--card)); }
.bubble.inbound { align-self: flex-start; }
.bubble .content { margin: .25rem 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.bubble .head { color: var(--muted); font-size: .8rem; }
.history { display: flex; flex-wrap: wrap; gap: .25rem .75rem; list-style: none; margin: .35rem 0 0; padding: 0; }
.chip { display: inline-block; padding: 0 .45rem; border-radius: 999px; font-size: .75rem; font-weight: 600;
  border: 1px solid currentColor; }
.s-delivered, .s-completed, .s-approved, .s-sent { color: var(--ok); }
.s-waiting, .s-scheduled, .s-in_flight { color: var(--warn); }
.s-pending, .s-processing, .s-sending { color: var(--warn); }
.s-failed, .s-undelivered, .s-expired, .s-rejected, .s-cancelled { color: var(--bad); }
.campaign { padding: .5rem 0; border-top: 1px solid var(--line); } .campaign:first-child { border-top: 0; }
.steps { display: flex; gap: .35rem; list-style: none; padding: 0; margin: .35rem 0; flex-wrap: wrap; }
.steps li { padding: .1rem .5rem; border-radius: 4px; border: 1px dashed var(--line); color: var(--muted); font-size: .8rem; }
.steps li.done { border-style: solid; color: var(--fg); }
.steps li.current { border-color: var(--accent); font-weight: 600; }
.steps li.failed { border-color: var(--bad); color: var(--bad); }
progress { width: 12rem; vertical-align: middle; }
table { border-collapse: collapse; width: 100%; font-size: .85rem; }
th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td code { overflow-wrap: anywhere; }
.scroll { max-height: 22rem; overflow: auto; }
details summary { cursor: pointer; padding: .25rem 0; }
@media (max-width: 900px) { main { grid-template-columns: 1fr; } section.wide { grid-column: auto; } }
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
</head>
<body>
<header>
  <h1>msgsvc mock · inspector</h1>
  <div id="summary" aria-label="Summary"></div>
  <p id="status" role="status">Loading…</p>
</header>
<main>
  <section aria-labelledby="phones-title">
    <h2 id="phones-title">Phones</h2>
    <ul id="phone-list" role="listbox" aria-labelledby="phones-title" tabindex="-1"></ul>
  </section>
  <section id="thread" class="wide" aria-labelledby="thread-title"><h2 id="thread-title">Thread</h2></section>
  <section class="wide" aria-labelledby="campaigns-title">
    <h2 id="campaigns-title">Campaigns</h2><div id="campaign-list" class="scroll"></div>
  </section>
  <section aria-labelledby="organizations-title">
    <h2 id="organizations-title">Organizations</h2><div id="organization-list" class="scroll"></div>
  </section>
  <section class="full" aria-labelledby="ledger-title">
    <h2 id="ledger-title">Ledger</h2><div id="ledger-list" class="scroll" tabindex="0"></div>
  </section>
  <section class="wide" aria-labelledby="requests-title">
    <h2 id="requests-title">Request log</h2><div id="request-list" class="scroll" tabindex="0"></div>
  </section>
  <section aria-labelledby="outbox-title">
    <h2 id="outbox-title">Webhook outbox</h2><div id="outbox-list" class="scroll" tabindex="0"></div>
  </section>
</main>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

const HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': [
    "default-src 'none'",
    `script-src ${sha256(PAGE_SCRIPT)}`,
    `style-src ${sha256(STYLE)}`,
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

/**
 * The inspector page's script: vanilla JS kept as a string, so the server needs no build step and
 * no static files. It polls `/__mock/state` every second and re-renders only the sections whose
 * data changed (so focus and scroll positions survive a poll). Everything from the world is
 * inserted as text (`esc`), never as markup.
 *
 * Written as ES2017 without template literals: it lives inside a TypeScript template string.
 */
export const PAGE_SCRIPT = `
(function () {
  'use strict';
  var POLL_MS = 1000;
  var token = new URLSearchParams(location.search).get('token');
  var selected = null;
  var previous = {};
  var state = null;

  function byId(id) { return document.getElementById(id); }
  function esc(value) {
    return String(value == null ? '' : value).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }
  function time(iso) { return iso ? esc(iso.slice(11, 23)) : ''; }
  function day(iso) { return iso ? esc(iso.slice(0, 10) + ' ' + iso.slice(11, 19)) : ''; }
  function chip(status) {
    return '<span class="chip s-' + esc(String(status).toLowerCase()) + '">' + esc(status) + '</span>';
  }
  function empty(text) { return '<p class="empty">' + esc(text) + '</p>'; }

  // Renders a section only when its data changed since the last poll.
  function update(id, data, render) {
    var key = JSON.stringify(data);
    if (previous[id] === key) return;
    previous[id] = key;
    var el = byId(id);
    var focusedKey = document.activeElement && el.contains(document.activeElement)
      ? document.activeElement.getAttribute('data-key') : null;
    el.innerHTML = render(data);
    if (focusedKey !== null) {
      var again = el.querySelector('[data-key="' + CSS.escape(focusedKey) + '"]');
      if (again) again.focus();
    }
  }

  function renderHeader(s) {
    return '<span>Clock <strong>' + esc(s.clock.kind) + '</strong> ' + day(s.clock.now) + '</span>' +
      '<span>Pending tasks <strong>' + esc(s.clock.pending_tasks) + '</strong></span>' +
      '<span>Messages <strong>' + esc(s.counts.messages) + '</strong></span>' +
      '<span>Campaigns <strong>' + esc(s.counts.campaigns) + '</strong></span>';
  }

  function renderPhones(phones) {
    if (phones.length === 0) return empty('No messages yet. Send one through the API.');
    if (selected === null || !phones.some(function (p) { return p.number === selected; })) {
      selected = phones[0].number;
    }
    return phones.map(function (phone, i) {
      var last = phone.thread[phone.thread.length - 1];
      var isSelected = phone.number === selected;
      return '<li role="option" id="phone-' + i + '" data-key="' + esc(phone.number) + '"' +
        ' aria-selected="' + isSelected + '" tabindex="' + (isSelected ? 0 : -1) + '">' +
        '<span class="number">' + esc(phone.number) + '</span>' +
        '<span class="meta">' + esc(phone.thread.length) + ' msg' +
        (last && last.status ? ' · ' + esc(last.status) : '') + '</span></li>';
    }).join('');
  }

  function renderHistory(history) {
    if (!history || history.length === 0) return '';
    return '<ol class="history" aria-label="Status history">' + history.map(function (step) {
      return '<li>' + chip(step.status) + ' <time>' + time(step.at) + '</time></li>';
    }).join('') + '</ol>';
  }

  function renderThread(phone) {
    if (!phone) return '<h2 id="thread-title">Thread</h2>' + empty('Select a phone number.');
    return '<h2 id="thread-title">Thread <span class="number">' + esc(phone.number) + '</span></h2>' +
      '<ol class="thread">' + phone.thread.map(function (m) {
        if (m.direction === 'inbound') {
          return '<li class="bubble inbound"><div class="head">from handset to ' + esc(m.sender) +
            ' · ' + day(m.created_at) + '</div><p class="content">' + esc(m.content) + '</p></li>';
        }
        return '<li class="bubble outbound" data-message-id="' + esc(m.id) + '">' +
          '<div class="head">' + esc(m.sender || '') + ' → ' + esc(m.channel_type) + ' ' +
          esc(m.channel_destination) + ' · ' + day(m.created_at) + ' · ' + esc(m.environment) + '</div>' +
          '<p class="content">' + esc(m.content) + '</p>' +
          '<div class="meta">' + chip(m.status) + (m.error_code ? ' <code>' + esc(m.error_code) + '</code>' : '') +
          ' · ' + esc(m.segments) + ' segment' + (m.segments === 1 ? '' : 's') +
          (m.encoding ? ' (' + esc(m.encoding) + ')' : '') + ' · cost ' + esc(m.cost) +
          (m.is_refunded ? ' (refunded)' : '') + '</div>' + renderHistory(m.history) + '</li>';
      }).join('') + '</ol>';
  }

  var STEPS = ['PROCESSING', 'SENDING', 'COMPLETED'];
  function renderCampaigns(campaigns) {
    if (campaigns.length === 0) return empty('No campaigns yet.');
    return campaigns.map(function (c) {
      var reached = c.history.map(function (h) { return h.status; });
      var failed = c.status === 'FAILED';
      var steps = STEPS.map(function (step) {
        var done = reached.indexOf(step) >= 0 || c.status === step;
        var at = c.history.filter(function (h) { return h.status === step; })[0];
        return '<li class="' + (done ? 'done' : '') + (c.status === step ? ' current' : '') + '">' +
          esc(step) + (at ? ' <time>' + time(at.at) + '</time>' : '') + '</li>';
      }).join('') + (failed ? '<li class="done current failed">FAILED</li>' : '');
      var total = Math.max(c.messages, c.total_estimated_recipients || 0);
      var settled = 0;
      var parts = Object.keys(c.progress).map(function (status) {
        if (status !== 'PENDING') settled += c.progress[status];
        return esc(status) + ' ' + esc(c.progress[status]);
      });
      return '<article class="campaign" data-campaign-id="' + esc(c.id) + '">' +
        '<h3>' + esc(c.name) + ' ' + chip(c.status) + '</h3>' +
        '<div class="meta">' + esc(c.organization) + ' · ' + esc(c.environment) + ' · ' + esc(c.channel_type) +
        ' · ' + esc(total) + ' recipients · created ' + day(c.created_at) + '</div>' +
        '<ol class="steps" aria-label="Campaign states">' + steps + '</ol>' +
        '<progress max="' + total + '" value="' + settled + '" aria-label="Messages settled">' + settled + '/' + total + '</progress> ' +
        '<span class="meta">' + (parts.length ? parts.join(' · ') : 'no messages yet') + '</span>' +
        (c.error_code ? ' <code>' + esc(c.error_code) + '</code>' : '') + '</article>';
    }).join('');
  }

  function renderLedger(accounts) {
    if (accounts.length === 0) return empty('No billing accounts.');
    return accounts.map(function (a) {
      return '<details open><summary>' + esc(a.organization) + ' — balance <strong>' + esc(a.balance) +
        ' ' + esc(a.currency) + '</strong></summary><table><thead><tr><th scope="col">At</th>' +
        '<th scope="col">Kind</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Balance</th>' +
        '<th scope="col">Note</th></tr></thead><tbody>' + a.entries.map(function (e) {
          return '<tr><td>' + day(e.at) + '</td><td>' + esc(e.kind) + '</td><td class="num">' + esc(e.amount) +
            '</td><td class="num">' + esc(e.balance_after) + '</td><td>' + esc(e.note) + '</td></tr>';
        }).join('') + '</tbody></table></details>';
    }).join('');
  }

  function renderOutbox(outbox) {
    if (outbox.length === 0) return empty('No webhook deliveries yet. Register an endpoint through the control API.');
    return '<table><thead><tr><th scope="col">Event</th><th scope="col">State</th>' +
      '<th scope="col">Attempts</th><th scope="col">URL</th></tr></thead><tbody>' +
      outbox.map(function (d) {
        return '<tr><td>' + esc(d.type) + ' <time>' + time(d.created_at) + '</time></td><td>' + chip(d.state) +
          (d.last_status !== null ? ' ' + esc(d.last_status) : '') + '</td><td>' + esc(d.attempts) +
          '</td><td><code>' + esc(d.url || 'in-process') + '</code></td></tr>';
      }).join('') + '</tbody></table>';
  }

  function renderRequests(requests) {
    if (requests.length === 0) return empty('No requests yet.');
    return '<table><thead><tr><th scope="col">Time</th><th scope="col">Request</th><th scope="col">Status</th>' +
      '<th scope="col">Key</th><th scope="col">Trace</th></tr></thead><tbody>' + requests.map(function (r) {
        return '<tr><td>' + time(r.at) + '</td><td><code>' + esc(r.method) + ' ' + esc(r.path) +
          (r.query ? '?' + esc(r.query) : '') + '</code></td><td>' + esc(r.status) + (r.code ? ' ' + esc(r.code) : '') +
          '</td><td><code>' + esc(r.key || '—') + '</code></td><td><code>' + esc((r.trace_id || '').slice(0, 8)) +
          '</code></td></tr>';
      }).join('') + '</tbody></table>';
  }

  function renderOrganizations(orgs) {
    return orgs.map(function (o) {
      return '<article><h3>' + esc(o.name) + '</h3><div class="meta"><code>' + esc(o.id) + '</code> · balance ' +
        esc(o.balance) + ' ' + esc(o.currency) + '</div><ul>' + o.api_keys.map(function (k) {
          return '<li><code>' + esc(k.prefix) + '</code> ' + esc(k.environment) + (k.revoked ? ' (revoked)' : '') + '</li>';
        }).join('') + o.sender_ids.map(function (r) {
          return '<li>Sender ID <strong>' + esc(r.name) + '</strong> ' + chip(r.status) + '</li>';
        }).join('') + '</ul></article>';
    }).join('');
  }

  function selectedPhone() {
    if (!state) return null;
    return state.phones.filter(function (p) { return p.number === selected; })[0] || null;
  }

  function render() {
    update('summary', { clock: state.clock, counts: state.counts }, renderHeader);
    update('phone-list', state.phones.map(function (p) {
      var last = p.thread[p.thread.length - 1];
      return { number: p.number, thread: p.thread.length ? [{ status: last.status }] : [], n: p.thread.length, sel: selected };
    }), function () { return renderPhones(state.phones); });
    update('thread', selectedPhone(), renderThread);
    update('campaign-list', state.campaigns, renderCampaigns);
    update('ledger-list', state.ledger, renderLedger);
    update('outbox-list', state.outbox, renderOutbox);
    update('request-list', state.requests, renderRequests);
    update('organization-list', state.organizations, renderOrganizations);
  }

  function select(number) {
    selected = number;
    previous['phone-list'] = null;
    render();
    var option = byId('phone-list').querySelector('[aria-selected="true"]');
    if (option) option.focus();
  }

  // The phone list is a listbox with a roving tabindex: arrows move, Enter or Space selects.
  function onPhoneKey(event) {
    var options = Array.prototype.slice.call(byId('phone-list').querySelectorAll('[role="option"]'));
    var index = options.indexOf(document.activeElement);
    if (options.length === 0) return;
    var next = null;
    if (event.key === 'ArrowDown') next = options[Math.min(options.length - 1, index + 1)];
    else if (event.key === 'ArrowUp') next = options[Math.max(0, index - 1)];
    else if (event.key === 'Home') next = options[0];
    else if (event.key === 'End') next = options[options.length - 1];
    else if ((event.key === 'Enter' || event.key === ' ') && index >= 0) {
      event.preventDefault();
      select(options[index].getAttribute('data-key'));
      return;
    } else return;
    event.preventDefault();
    options.forEach(function (o) { o.tabIndex = -1; });
    next.tabIndex = 0;
    next.focus();
    byId('phone-list').setAttribute('aria-activedescendant', next.id);
  }

  function setStatus(ok, text) {
    var el = byId('status');
    el.className = ok ? 'ok' : 'error';
    el.textContent = text;
  }

  function poll() {
    fetch('/__mock/state', {
      headers: token ? { authorization: 'Bearer ' + token } : {},
      cache: 'no-store'
    }).then(function (response) {
      if (!response.ok) throw new Error('HTTP ' + response.status);
      return response.json();
    }).then(function (next) {
      state = next;
      render();
      setStatus(true, 'Live · updated ' + new Date().toLocaleTimeString());
    }).catch(function (error) {
      setStatus(false, 'Not updating: ' + error.message);
    }).then(function () { setTimeout(poll, POLL_MS); });
  }

  byId('phone-list').addEventListener('keydown', onPhoneKey);
  byId('phone-list').addEventListener('click', function (event) {
    var option = event.target.closest('[role="option"]');
    if (option) select(option.getAttribute('data-key'));
  });
  poll();
})();
`;

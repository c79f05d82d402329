/**
 * The `?` help of the filter language: a button beside the search box and the `?` key open
 * a dialog listing every key with an example, the values of the closed ones, and how words
 * combine; the examples are links, so the help is also a way in. Built from the same lists the
 * server parses with (`query/query-vocabulary.ts`).
 */
import {
  CAMPAIGN_STATUSES,
  CHANNELS,
  FLAGS,
  MESSAGE_STATUSES,
  QUERY_HELP,
} from '../../query/query-vocabulary';
import { html, table } from './dom';
import { listHref } from './router';

function dialog(): HTMLDialogElement {
  const lower = (values: readonly string[]) => values.map((v) => v.toLowerCase()).join(', ');
  const example = (words: string) =>
    // A placeholder (`campaign:<id>`) is shown, not followed.
    words.includes('<')
      ? html`<code>${words}</code>`
      : html`<a
          href=${listHref(words.startsWith('"') ? 'search' : 'messages', { q: words })}
          data-close
        >
          <code>${words}</code>
        </a>`;
  const help = html`<dialog id="filter-help" aria-labelledby="filter-help-title">
    <h2 id="filter-help-title">Search and filter words</h2>
    <p>
      Type words in the search box. Words with a key (<code>status:failed</code>) filter the
      messages list, or the campaigns list when it is on screen; all must hold, a key given twice
      is either (<code>status:failed status:rejected</code>). Keys and values ignore case.
    </p>
    ${table(
      'Filter words',
      ['Word', 'Finds'],
      QUERY_HELP.map(([words, meaning]) => [example(words), meaning]),
    )}
    <dl>
      <dt>Message statuses</dt><dd>${lower(MESSAGE_STATUSES)}</dd>
      <dt>Campaign states</dt><dd>${lower(CAMPAIGN_STATUSES)}</dd>
      <dt>Channels</dt><dd>${lower(CHANNELS)}</dd>
      <dt>Flags of is:</dt><dd>${FLAGS.join(', ')}</dd>
    </dl>
    <p class="meta">
      Every status chip and per-state count on the page is a link to its filtered list. The control
      API takes the same words: GET /__mock/messages?q=… and /__mock/campaigns?q=….
    </p>
    <p><button type="button" data-close>Close</button></p>
  </dialog>` as HTMLDialogElement;
  help.addEventListener('click', (event) => {
    if ((event.target as HTMLElement).closest('[data-close]') !== null) help.close();
  });
  return help;
}

/** Opens the help (the `?` button and the `?` key). */
export function openFilterHelp(): void {
  const help = document.getElementById('filter-help') as HTMLDialogElement | null;
  if (help !== null && !help.open) help.showModal();
}

/** Adds the help to the page and its `?` button to the search form. */
export function installFilterHelp(form: HTMLElement): void {
  document.body.append(dialog());
  form.append(html`<button
    type="button"
    id="filter-help-button"
    aria-haspopup="dialog"
    title="Search and filter words (?)"
    onclick=${openFilterHelp}
  >
    <span aria-hidden="true">?</span><span class="visually-hidden">Search and filter help</span>
  </button>`);
}

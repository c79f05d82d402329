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
import { h, table } from './dom';
import { listHref } from './router';

function dialog(): HTMLDialogElement {
  const lower = (values: readonly string[]) => values.map((v) => v.toLowerCase()).join(', ');
  const close = h('button', { type: 'button', class: 'close' }, 'Close');
  const help = h(
    'dialog',
    { id: 'filter-help', 'aria-labelledby': 'filter-help-title' },
    h('h2', { id: 'filter-help-title' }, 'Search and filter words'),
    h(
      'p',
      null,
      'Type words in the search box. Words with a key (',
      h('code', null, 'status:failed'),
      ') filter the messages list, or the campaigns list when it is on screen; all must hold, a key given twice is either (',
      h('code', null, 'status:failed status:rejected'),
      '). Keys and values ignore case.',
    ),
    table(
      'Filter words',
      ['Word', 'Finds'],
      QUERY_HELP.map(([example, meaning]) => [
        // A placeholder (`campaign:<id>`) is shown, not followed.
        example.includes('<')
          ? h('code', null, example)
          : h(
              'a',
              {
                href: listHref(example.startsWith('"') ? 'search' : 'messages', { q: example }),
                'data-close': '',
              },
              h('code', null, example),
            ),
        meaning,
      ]),
    ),
    h(
      'dl',
      null,
      h('dt', null, 'Message statuses'),
      h('dd', null, lower(MESSAGE_STATUSES)),
      h('dt', null, 'Campaign states'),
      h('dd', null, lower(CAMPAIGN_STATUSES)),
      h('dt', null, 'Channels'),
      h('dd', null, lower(CHANNELS)),
      h('dt', null, 'Flags of is:'),
      h('dd', null, FLAGS.join(', ')),
    ),
    h(
      'p',
      { class: 'meta' },
      'Every status chip and per-state count on the page is a link to its filtered list. ',
      'The control API takes the same words: GET /__mock/messages?q=… and /__mock/campaigns?q=….',
    ),
    h('p', null, close),
  );
  help.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    if (target === close || target.closest('[data-close]') !== null) help.close();
  });
  return help;
}

function open(help: HTMLDialogElement): void {
  if (!help.open) help.showModal();
}

/** Adds the `?` button to the search form and the `?` key to the page. */
export function installFilterHelp(form: HTMLElement): void {
  const help = dialog();
  document.body.append(help);
  const button = h(
    'button',
    {
      type: 'button',
      id: 'filter-help-button',
      'aria-haspopup': 'dialog',
      title: 'Search and filter words (?)',
    },
    h('span', { 'aria-hidden': 'true' }, '?'),
    h('span', { class: 'visually-hidden' }, 'Search and filter help'),
  );
  button.addEventListener('click', () => open(help));
  form.append(button);
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    const typing = ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
    if (event.key === '?' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      open(help);
    }
  });
}

/**
 * The inspector's "Trigger an event" form: `POST /__mock/trigger` (issue 24, item 5; D135–D137)
 * with the fields the chosen event type reads. The server checks everything and answers in the
 * error envelope, which the page shows as its notice; the form only leaves out empty fields.
 */
import type { components } from '../../generated/control';
import { control } from './api';
import type { Actions } from './details';
import { type Child, h } from './dom';

type TriggerRequest = components['schemas']['TriggerRequest'];

/**
 * The event types and what each one's subject id is. The page is a browser bundle and does not
 * load the mock, so the list is written here and `satisfies` holds it to control.yaml's enum.
 */
const SUBJECT_FIELD = {
  'message.status_updated': 'message_id',
  'message.received': 'message_id',
  'campaign.completed': 'campaign_id',
} as const satisfies Record<TriggerRequest['type'], 'message_id' | 'campaign_id'>;

const STATUSES = Object.keys({
  SENT: true,
  DELIVERED: true,
  FAILED: true,
  UNDELIVERED: true,
  EXPIRED: true,
  REJECTED: true,
  CANCELLED: true,
  COMPLETED: true,
} satisfies Record<NonNullable<TriggerRequest['status']>, true>);

/** The form; a submission runs the trigger and shows its outcome in the page's notice. */
export function triggerForm(actions: Actions): Child {
  const type = h(
    'select',
    { id: 'trigger-type', name: 'type' },
    Object.keys(SUBJECT_FIELD).map((value) => h('option', { value }, value)),
  );
  const subject = h('input', {
    id: 'trigger-subject',
    name: 'subject',
    placeholder: 'message or campaign id (default: a new one)',
    size: 40,
  });
  const status = h(
    'select',
    { id: 'trigger-status', name: 'status' },
    h('option', { value: '' }, 'default'),
    STATUSES.map((value) => h('option', { value }, value)),
  );
  const from = h('input', { id: 'trigger-from', name: 'from', placeholder: '+244…', size: 14 });
  const text = h('input', { id: 'trigger-text', name: 'body', size: 24 });
  return h(
    'form',
    {
      class: 'inline',
      'aria-label': 'Trigger a webhook event',
      on: {
        submit: (event) => {
          event.preventDefault();
          const chosen = type.value as TriggerRequest['type'];
          const body: Record<string, string> = { type: chosen };
          if (subject.value.trim() !== '') body[SUBJECT_FIELD[chosen]] = subject.value.trim();
          if (status.value !== '') body.status = status.value;
          if (from.value.trim() !== '') body.from = from.value.trim();
          if (text.value !== '') body.body = text.value;
          void actions.run(`Triggered ${chosen}`, () => control('POST', 'trigger', body));
        },
      },
    },
    h('label', { for: 'trigger-type' }, 'Event', type),
    h('label', { for: 'trigger-subject' }, 'Subject', subject),
    h('label', { for: 'trigger-status' }, 'Status', status),
    h('label', { for: 'trigger-from' }, 'From', from),
    h('label', { for: 'trigger-text' }, 'Text', text),
    h('button', { type: 'submit' }, 'Trigger event'),
  );
}

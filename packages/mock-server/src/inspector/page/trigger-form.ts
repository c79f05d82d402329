/**
 * The inspector's "Trigger an event" form: `POST /__mock/trigger` (issue 24, item 5)
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

/**
 * The control that fills each property of the request: every property of control.yaml's
 * `TriggerRequest` has one (`satisfies` fails the typecheck for a property added there and not
 * here, or one named here and gone there). The subject field fills the id the chosen type reads.
 */
const CONTROL_OF = {
  type: 'trigger-type',
  message_id: 'trigger-subject',
  campaign_id: 'trigger-subject',
  status: 'trigger-status',
  error_code: 'trigger-error-code',
  organization_id: 'trigger-organization',
  environment: 'trigger-environment',
  from: 'trigger-from',
  to: 'trigger-to',
  body: 'trigger-text',
} as const satisfies { readonly [K in keyof Required<TriggerRequest>]: string };

const ENVIRONMENTS = Object.keys({ live: true, test: true } satisfies Record<
  NonNullable<TriggerRequest['environment']>,
  true
>);

/** The form; a submission runs the trigger and shows its outcome in the page's notice. */
export function triggerForm(actions: Actions): Child {
  const type = h(
    'select',
    { id: CONTROL_OF.type, name: 'type' },
    Object.keys(SUBJECT_FIELD).map((value) => h('option', { value }, value)),
  );
  const status = h(
    'select',
    { id: CONTROL_OF.status, name: 'status' },
    h('option', { value: '' }, 'default'),
    STATUSES.map((value) => h('option', { value }, value)),
  );
  const environment = h(
    'select',
    { id: CONTROL_OF.environment, name: 'environment' },
    h('option', { value: '' }, 'default (live)'),
    ENVIRONMENTS.map((value) => h('option', { value }, value)),
  );
  const input = (id: string, name: string, placeholder: string, size: number) =>
    h('input', { id, name, placeholder, size });
  const subject = input(
    CONTROL_OF.message_id,
    'subject',
    'message or campaign id (default: a new one)',
    40,
  );
  const errorCode = input(CONTROL_OF.error_code, 'error_code', 'default for the status', 18);
  const organization = input(CONTROL_OF.organization_id, 'organization_id', 'the only one', 36);
  const from = input(CONTROL_OF.from, 'from', '+244…', 14);
  const to = input(CONTROL_OF.to, 'to', 'number or sender ID', 16);
  const text = input(CONTROL_OF.body, 'body', '', 24);
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
          const filled: [string, HTMLInputElement | HTMLSelectElement][] = [
            ['status', status],
            ['error_code', errorCode],
            ['organization_id', organization],
            ['environment', environment],
            ['from', from],
            ['to', to],
          ];
          for (const [name, field] of filled) {
            if (field.value.trim() !== '') body[name] = field.value.trim();
          }
          if (text.value !== '') body.body = text.value;
          void actions.run(`Triggered ${chosen}`, () => control('POST', 'trigger', body));
        },
      },
    },
    h('label', { for: CONTROL_OF.type }, 'Event', type),
    h('label', { for: CONTROL_OF.message_id }, 'Subject', subject),
    h('label', { for: CONTROL_OF.status }, 'Status', status),
    h('label', { for: CONTROL_OF.error_code }, 'Error code', errorCode),
    h('label', { for: CONTROL_OF.organization_id }, 'Organization id', organization),
    h('label', { for: CONTROL_OF.environment }, 'Environment', environment),
    h('label', { for: CONTROL_OF.from }, 'From', from),
    h('label', { for: CONTROL_OF.to }, 'To', to),
    h('label', { for: CONTROL_OF.body }, 'Text', text),
    h('button', { type: 'submit' }, 'Trigger event'),
  );
}

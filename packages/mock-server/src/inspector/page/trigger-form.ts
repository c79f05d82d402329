/**
 * The inspector's "Trigger an event" form: `POST /__mock/trigger` (issue 24, item 5)
 * with the fields the chosen event type reads. The server checks everything and answers in the
 * error envelope, which the page shows as its notice; the form only leaves out empty fields.
 */
import type { components } from '../../generated/control';
import { control } from './api';
import { contractForm } from './contract-form';
import type { Actions } from './details';
import type { Child } from './dom';
import type { FieldSpec } from './fault-specs';

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

const ENVIRONMENTS = Object.keys({ live: true, test: true } satisfies Record<
  NonNullable<TriggerRequest['environment']>,
  true
>);

/** The subject: the id the chosen event type reads (`message_id` or `campaign_id`). */
type Subject = (typeof SUBJECT_FIELD)[keyof typeof SUBJECT_FIELD];

/**
 * A field for every property of control.yaml's `TriggerRequest` (the subject's id one field):
 * `satisfies` fails the typecheck for a property added there and not here, or one gone there.
 */
const FIELDS = {
  type: {
    id: 'trigger-type',
    label: 'Event',
    input: 'select',
    options: Object.keys(SUBJECT_FIELD),
  },
  subject: {
    id: 'trigger-subject',
    label: 'Subject',
    input: 'text',
    placeholder: 'message or campaign id (default: a new one)',
    size: 40,
  },
  status: {
    id: 'trigger-status',
    label: 'Status',
    input: 'select',
    blank: 'default',
    options: STATUSES,
  },
  error_code: {
    id: 'trigger-error-code',
    label: 'Error code',
    input: 'text',
    placeholder: 'default for the status',
    size: 18,
  },
  organization_id: {
    id: 'trigger-organization',
    label: 'Organization id',
    input: 'text',
    placeholder: 'the only one',
    size: 36,
  },
  environment: {
    id: 'trigger-environment',
    label: 'Environment',
    input: 'select',
    blank: 'default (live)',
    options: ENVIRONMENTS,
  },
  from: { id: 'trigger-from', label: 'From', input: 'text', placeholder: '+244…', size: 14 },
  to: {
    id: 'trigger-to',
    label: 'To',
    input: 'text',
    placeholder: 'number or sender ID',
    size: 16,
  },
  body: { id: 'trigger-text', label: 'Text', input: 'text' },
} as const satisfies {
  readonly [K in Exclude<keyof Required<TriggerRequest>, Subject> | 'subject']: FieldSpec;
};

/** The form; a submission runs the trigger and shows its outcome in the page's notice. */
export function triggerForm(actions: Actions): Child {
  return contractForm(
    'Trigger a webhook event',
    'Trigger event',
    FIELDS,
    ({ subject, ...body }) => {
      const chosen = body.type as TriggerRequest['type'];
      if (subject !== undefined) body[SUBJECT_FIELD[chosen]] = subject;
      void actions.run(`Triggered ${chosen}`, () => control('POST', 'trigger', body));
    },
  );
}

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
import { type FieldSpec, select, text } from './fault-specs';

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
  type: select('trigger-type', 'Event', Object.keys(SUBJECT_FIELD)),
  subject: text('trigger-subject', 'Subject', 'message or campaign id (default: a new one)', 40),
  status: select('trigger-status', 'Status', STATUSES, 'default'),
  error_code: text('trigger-error-code', 'Error code', 'default for the status', 18),
  organization_id: text('trigger-organization', 'Organization id', 'the only one', 36),
  environment: select('trigger-environment', 'Environment', ENVIRONMENTS, 'default (live)'),
  from: text('trigger-from', 'From', '+244…', 14),
  to: text('trigger-to', 'To', 'number or sender ID', 16),
  body: text('trigger-text', 'Text'),
} satisfies {
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

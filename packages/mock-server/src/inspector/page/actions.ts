/**
 * The page's actions, each one call of the documented control API (so each respects the admin
 * token like any client): move the clock, reset, take and restore snapshots, arm and clear faults,
 * trigger webhook events, simulate a reply.
 */
import type { components } from '../../generated/control';
import type { MessageView } from '../api';
import { control } from './api';
import { type Child, html, section, table, time } from './dom';
import { FAULT_FORMS, type FieldSpec, required, select, text } from './fault-specs';
import type { Actions, View } from './lists';

type Schemas = components['schemas'];

/** The toolbar's buttons, by their `data-action`. */
export const TOOLBAR: Readonly<Record<string, { label: string; run: () => Promise<unknown> }>> = {
  'advance-minute': {
    label: 'Clock moved 1 minute',
    run: () => control('POST', 'clock/advance', { ms: 60_000 }),
  },
  'advance-hour': {
    label: 'Clock moved 1 hour',
    run: () => control('POST', 'clock/advance', { ms: 3_600_000 }),
  },
  'run-until-idle': { label: 'Ran until idle', run: () => control('POST', 'clock/run-until-idle') },
  snapshot: {
    label: 'Snapshot taken',
    // Named by the world's time, as every time on the page is (not the wall clock).
    run: async () => {
      const clock = await control<{ now: string }>('GET', 'clock');
      return control('POST', 'snapshots', { name: `inspector ${clock.now}` });
    },
  },
  reset: { label: 'World reset', run: () => control('POST', 'reset') },
};

/** `#/actions`: snapshots to restore, faults to arm and clear. */
export async function actionsView(actions: Actions): Promise<View> {
  const [{ entries: snapshots }, faults] = await Promise.all([
    control<{ entries: readonly Schemas['Snapshot'][] }>('GET', 'snapshots'),
    control<Schemas['Faults']>('GET', 'faults'),
  ]);
  const restore = (id: string) =>
    void actions.run('Snapshot restored', () =>
      control('POST', `snapshots/${encodeURIComponent(id)}/restore`),
    );
  return {
    title: 'Snapshots & faults',
    content: [
      section(
        'Snapshots',
        'Snapshots',
        table(
          'Snapshots',
          ['Taken (world)', 'Name', ''],
          snapshots.map((s) => [
            time(s.world_time),
            s.name ?? s.id,
            html`<button type="button" data-key="restore-${s.id}" onclick=${() => restore(s.id)}>
              Restore
            </button>`,
          ]),
          'No snapshots yet: take one with “Take snapshot”.',
        ),
      ),
      section('Faults', 'Faults', faultForms(actions), armedFaults(faults, actions)),
      section('Events on demand', 'Trigger a webhook event', triggerForm(actions)),
    ],
  };
}

function armedFaults(faults: Schemas['Faults'], actions: Actions): Child {
  const rows: Child[][] = [
    ...faults.request_failures.map((f) => [
      'request failure',
      `${f.operation_id ?? 'any operation'} → ${f.status}`,
      String(f.remaining),
    ]),
    ...faults.latencies.map((f) => [
      'latency',
      `${f.operation_id ?? 'any operation'} +${f.ms} ms`,
      String(f.remaining),
    ]),
    ...faults.dispatch_failures.map((f) => [
      'dispatch failure',
      f.campaign_id ?? 'any campaign',
      String(f.remaining),
    ]),
    ...faults.carrier_outages.map((f) => [
      'carrier outage',
      `${f.destination} ${f.from} – ${f.to}`,
      '—',
    ]),
  ];
  const clear = () => void actions.run('Faults cleared', () => control('DELETE', 'faults'));
  return [
    table('Armed faults', ['Kind', 'What', 'Remaining'], rows, 'No faults armed.'),
    rows.length > 0 && html`<button type="button" onclick=${clear}>Clear all faults</button>`,
  ];
}

/**
 * Every fault kind's form, each in its own group, sending its body to `POST /__mock/faults/<kind>`.
 */
function faultForms(actions: Actions): Child {
  const arm = (kind: string) => (body: Record<string, string | number>) =>
    void actions.run('Fault armed', () =>
      control('POST', `faults/${encodeURIComponent(kind)}`, body),
    );
  return Object.entries(FAULT_FORMS).map(
    ([kind, form]) => html`<div class="fault-form" data-fault=${kind}>
      ${contractForm(form.title, form.button, form.fields as Record<string, FieldSpec>, arm(kind))}
    </div>`,
  );
}

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
function triggerForm(actions: Actions): Child {
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

/** The form that simulates a reply from the message's recipient. */
export function replyForm(view: MessageView, actions: Actions): Child {
  const m = view.message;
  const body = { ...text('reply-body', `Reply from ${m.e164_format}`), value: 'Obrigado!' };
  return contractForm('Simulate a reply', 'Simulate reply', { body: required(body) }, (filled) => {
    void actions.run('Reply simulated', () =>
      control('POST', 'inbound', {
        ...filled,
        from: m.e164_format,
        to: m.sms_remitter?.name ?? m.sms_remitter_id,
        organization_id: m.organization_id,
        environment: view.environment,
      }),
    );
  });
}

/** A field spec as a control named `name`: its other properties are the control's attributes. */
function fieldControl(spec: FieldSpec, name: string): HTMLElement {
  const { label, input, options = [], blank, size, ...attributes } = spec;
  if (input === 'select') {
    const option = (value: string | number) =>
      html`<option value=${value} selected=${String(value) === spec.value}>${value}</option>`;
    return html`<select id=${spec.id} name=${name} required=${spec.required}>
      ${blank !== undefined && html`<option value="">${blank}</option>`}${options.map(option)}
    </select>`;
  }
  const width = size ?? (input === 'number' ? 8 : 24);
  return html`<input name=${name} type=${input} size=${width} ...${attributes} />`;
}

/**
 * A form built from field specs held to the control contract (see `fault-specs.ts`): a submission
 * sends only the fields filled in — numbers as numbers — so an omitted property takes the server's
 * default and the server's checks stay the only ones (its refusal is the page's notice).
 */
function contractForm(
  title: string,
  button: string,
  fields: Readonly<Record<string, FieldSpec>>,
  submit: (body: Record<string, string | number>) => void,
): Child {
  const send = (event: Event) => {
    event.preventDefault();
    const filled = new FormData(event.currentTarget as HTMLFormElement);
    const body: Record<string, string | number> = {};
    for (const [name, spec] of Object.entries(fields)) {
      const raw = String(filled.get(name) ?? '').trim();
      const numeric = spec.input === 'number' || spec.options?.some((o) => typeof o === 'number');
      if (raw !== '') body[name] = numeric ? Number(raw) : raw;
    }
    submit(body);
  };
  const label = ([name, spec]: [string, FieldSpec]) =>
    html`<label for=${spec.id}>${spec.label}${fieldControl(spec, name)}</label>`;
  return html`<form class="inline" aria-label=${title} onsubmit=${send}>
    ${Object.entries(fields).map(label)}
    <button type="submit">${button}</button>
  </form>`;
}

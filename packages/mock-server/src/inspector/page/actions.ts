/**
 * The page's actions, each one call of the documented control API (so each respects the admin
 * token like any client): move the clock, reset, take and restore snapshots, arm and clear faults,
 * trigger webhook events, simulate a reply.
 */
import type { components } from '../../generated/control';
import type { MessageView } from '../api';
import { control } from './api';
import { type Child, html, section, table, time } from './dom';
import {
  FAULT_FORMS,
  type FieldSpec,
  type FormSpec,
  required,
  SUBJECT_FIELD,
  TRIGGER_FORM,
  text,
} from './form-specs';
import type { Actions, View } from './lists';

type Schemas = components['schemas'];

/** The toolbar's content: buttons that move the clock, take a snapshot and reset the world. */
export function toolbar(actions: Actions): Child[] {
  const button = (text: string, label: string, run: () => Promise<unknown>) =>
    html`<button type="button" onclick=${() => void actions.run(label, run)}>${text}</button>`;
  const advance = (ms: number) => () => control('POST', 'clock/advance', { ms });
  // Named by the world's time, as every time on the page is (not the wall clock).
  const snapshot = async () => {
    const clock = await control<{ now: string }>('GET', 'clock');
    return control('POST', 'snapshots', { name: `inspector ${clock.now}` });
  };
  const idle = () => control('POST', 'clock/run-until-idle');
  return [
    html`<span class="label">Clock</span>`,
    button('+1 min', 'Clock moved 1 minute', advance(60_000)),
    button('+1 h', 'Clock moved 1 hour', advance(3_600_000)),
    button('Run until idle', 'Ran until idle', idle),
    html`<span class="label">World</span>`,
    button('Take snapshot', 'Snapshot taken', snapshot),
    html`<button type="button" data-action="reset" onclick=${confirmReset(actions)}>Reset</button>`,
  ];
}

/** Reset asks once more, in place (no dialog): a second press within 5 s confirms. */
function confirmReset(actions: Actions): (event: Event) => void {
  return (event) => {
    const button = event.currentTarget as HTMLButtonElement;
    const arm = (armed: boolean) => {
      button.toggleAttribute('data-armed', armed);
      button.textContent = armed ? 'Confirm reset' : 'Reset';
    };
    if (!button.hasAttribute('data-armed')) {
      arm(true);
      setTimeout(() => arm(false), 5_000);
      return;
    }
    arm(false);
    void actions.run('World reset', () => control('POST', 'reset'));
  };
}

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
  const taken = table('Snapshots', snapshots, 'No snapshots yet: take one with “Take snapshot”.', {
    'Taken (world)': (s) => time(s.world_time),
    Name: (s) => s.name ?? s.id,
    '': (s) => html`<button
      type="button"
      data-key="restore-${s.id}"
      onclick=${() => restore(s.id)}
    >Restore</button>`,
  });
  return {
    title: 'Snapshots & faults',
    content: [
      section('Snapshots', 'Snapshots', taken),
      section('Faults', 'Faults', faultForms(actions), armedFaults(faults, actions)),
      section('Events on demand', 'Trigger a webhook event', triggerForm(actions)),
    ],
  };
}

function armedFaults(faults: Schemas['Faults'], actions: Actions): Child {
  const operation = (f: { operation_id?: string | null }) => f.operation_id ?? 'any operation';
  const rows: Child[][] = [
    ...faults.request_failures.map((f) => [
      'request failure',
      `${operation(f)} → ${f.status}`,
      f.remaining,
    ]),
    ...faults.latencies.map((f) => ['latency', `${operation(f)} +${f.ms} ms`, f.remaining]),
    ...faults.dispatch_failures.map((f) => [
      'dispatch failure',
      f.campaign_id ?? 'any campaign',
      f.remaining,
    ]),
    ...faults.carrier_outages.map((f) => [
      'carrier outage',
      `${f.destination} ${f.from} – ${f.to}`,
      '—',
    ]),
  ];
  const clear = () => void actions.run('Faults cleared', () => control('DELETE', 'faults'));
  return [
    table('Armed faults', rows, 'No faults armed.', {
      Kind: ([kind]) => kind,
      What: ([, what]) => what,
      Remaining: ([, , remaining]) => remaining,
    }),
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
      ${contractForm(form, arm(kind))}
    </div>`,
  );
}

/** The trigger's form; a submission runs the trigger and shows its outcome in the page's notice. */
function triggerForm(actions: Actions): Child {
  return contractForm(TRIGGER_FORM, ({ subject, ...body }) => {
    const chosen = body.type as keyof typeof SUBJECT_FIELD;
    if (subject !== undefined) body[SUBJECT_FIELD[chosen]] = subject;
    void actions.run(`Triggered ${chosen}`, () => control('POST', 'trigger', body));
  });
}

/** The form that simulates a reply from the message's recipient. */
export function replyForm(view: MessageView, actions: Actions): Child {
  const m = view.message;
  const body = { ...text('reply-body', `Reply from ${m.e164_format}`), value: 'Obrigado!' };
  const form = {
    title: 'Simulate a reply',
    button: 'Simulate reply',
    fields: { body: required(body) },
  };
  return contractForm(form, (filled) => {
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
  const { label, input, options = [], blank, ...attributes } = spec;
  if (input === 'select') {
    const option = (value: string | number) =>
      html`<option value=${value} selected=${String(value) === spec.value}>${value}</option>`;
    return html`<select id=${spec.id} name=${name} required=${spec.required}>
      ${blank !== undefined && html`<option value="">${blank}</option>`}${options.map(option)}
    </select>`;
  }
  return html`<input name=${name} type=${input} ...${attributes} />`;
}

/**
 * A form held to the control contract (see `form-specs.ts`): a submission sends only the fields
 * filled in — numbers as numbers — so an omitted property takes the server's default and the
 * server's checks stay the only ones (its refusal is the page's notice).
 */
function contractForm(
  { title, button, fields }: FormSpec,
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

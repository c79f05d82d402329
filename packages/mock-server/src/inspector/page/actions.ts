/**
 * The page's actions, each one call of the documented control API (so each respects the admin
 * token like any client): move the clock, reset, take and restore snapshots, arm and clear faults,
 * trigger webhook events.
 */
import { control } from './api';
import { contractForm } from './contract-form';
import type { Actions } from './details';
import { type Child, h, section, table, time } from './dom';
import { FAULT_FORMS, type FieldSpec } from './fault-specs';
import type { View } from './lists';
import { triggerForm } from './trigger-form';

interface SnapshotEntry {
  readonly id: string;
  readonly name: string | null;
  readonly created_at: string;
  /** The world's time when it was taken: what the page shows (the wall clock is `created_at`). */
  readonly world_time: string;
}

interface Faults {
  readonly request_failures: readonly {
    id: string;
    operation_id: string | null;
    status: number;
    remaining: number;
  }[];
  readonly latencies: readonly {
    id: string;
    operation_id: string | null;
    ms: number;
    remaining: number;
  }[];
  readonly dispatch_failures: readonly {
    id: string;
    campaign_id: string | null;
    remaining: number;
  }[];
  readonly carrier_outages: readonly {
    id: string;
    destination: string;
    from: string;
    to: string;
  }[];
}

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
    control<{ entries: readonly SnapshotEntry[] }>('GET', 'snapshots'),
    control<Faults>('GET', 'faults'),
  ]);
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
            h(
              'button',
              {
                type: 'button',
                'data-key': `restore-${s.id}`,
                on: {
                  click: () =>
                    void actions.run('Snapshot restored', () =>
                      control('POST', `snapshots/${encodeURIComponent(s.id)}/restore`),
                    ),
                },
              },
              'Restore',
            ),
          ]),
          'No snapshots yet: take one with “Take snapshot”.',
        ),
      ),
      section('Faults', 'Faults', faultForms(actions), armedFaults(faults, actions)),
      section('Events on demand', 'Trigger a webhook event', triggerForm(actions)),
    ],
  };
}

function armedFaults(faults: Faults, actions: Actions): Child {
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
  return [
    table('Armed faults', ['Kind', 'What', 'Remaining'], rows, 'No faults armed.'),
    rows.length === 0
      ? null
      : h(
          'button',
          {
            type: 'button',
            on: {
              click: () => void actions.run('Faults cleared', () => control('DELETE', 'faults')),
            },
          },
          'Clear all faults',
        ),
  ];
}

/**
 * Every fault kind's form, each in its own group, sending its body to `POST /__mock/faults/<kind>`.
 */
function faultForms(actions: Actions): Child {
  return Object.entries(FAULT_FORMS).map(([kind, form]) =>
    h(
      'div',
      { class: 'fault-form', 'data-fault': kind },
      contractForm(
        form.title,
        form.button,
        form.fields as Readonly<Record<string, FieldSpec>>,
        (body) => {
          void actions.run('Fault armed', () =>
            control('POST', `faults/${encodeURIComponent(kind)}`, body),
          );
        },
      ),
    ),
  );
}

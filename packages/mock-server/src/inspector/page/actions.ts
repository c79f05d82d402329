/**
 * The page's actions, each one call of the documented control API (so each respects the admin
 * token like any client): move the clock, reset, take and restore snapshots, arm and clear faults,
 * trigger webhook events.
 */
import type { components } from '../../generated/control';
import { control } from './api';
import type { Actions } from './details';
import { type Child, h, table, time } from './dom';
import type { View } from './lists';
import { triggerForm } from './trigger-form';

type OperationId = components['schemas']['OperationId'];

/**
 * The operations a fault can target. The page is a browser bundle and does not load the mock, so
 * the list is written here, and `satisfies` checks it against control.yaml's enum both ways (a
 * missing operation or an unknown one fails the typecheck).
 */
const OPERATION_IDS = Object.keys({
  sendMessage: true,
  listMessages: true,
  retrieveMessage: true,
  sendBatchCampaign: true,
  listCampaigns: true,
  retrieveCampaign: true,
  listCampaignMessages: true,
} satisfies Record<OperationId, true>) as OperationId[];

interface SnapshotEntry {
  readonly id: string;
  readonly name: string | null;
  readonly created_at: string;
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
    run: () => control('POST', 'snapshots', { name: `inspector ${new Date().toISOString()}` }),
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
      h(
        'section',
        { 'aria-label': 'Snapshots' },
        h('h3', null, 'Snapshots'),
        table(
          'Snapshots',
          ['Taken (world)', 'Name', ''],
          snapshots.map((s) => [
            time(s.created_at),
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
      h(
        'section',
        { 'aria-label': 'Faults' },
        h('h3', null, 'Faults'),
        faultForm(actions),
        armedFaults(faults, actions),
      ),
      h(
        'section',
        { 'aria-label': 'Events on demand' },
        h('h3', null, 'Trigger a webhook event'),
        triggerForm(actions),
      ),
    ],
  };
}

function faultForm(actions: Actions): Child {
  // The operations come from the contract (D76): a fault for an unknown one would be refused.
  const operation = h(
    'select',
    { id: 'fault-operation', name: 'operation_id' },
    h('option', { value: '' }, 'any operation'),
    OPERATION_IDS.map((id) => h('option', { value: id }, id)),
  );
  const status = h(
    'select',
    { id: 'fault-status', name: 'status' },
    h('option', { value: '500' }, '500'),
    h('option', { value: '503' }, '503'),
  );
  const count = h('input', { id: 'fault-count', name: 'count', type: 'number', min: 1, value: 1 });
  return h(
    'form',
    {
      class: 'inline',
      'aria-label': 'Arm a request failure',
      on: {
        submit: (event) => {
          event.preventDefault();
          const body: Record<string, unknown> = {
            status: Number(status.value),
            count: Number(count.value),
          };
          if (operation.value !== '') body.operation_id = operation.value;
          void actions.run('Fault armed', () => control('POST', 'faults/request-failures', body));
        },
      },
    },
    h('label', { for: 'fault-operation' }, 'Operation id', operation),
    h('label', { for: 'fault-status' }, 'Status', status),
    h('label', { for: 'fault-count' }, 'Next requests', count),
    h('button', { type: 'submit' }, 'Arm request failure'),
  );
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

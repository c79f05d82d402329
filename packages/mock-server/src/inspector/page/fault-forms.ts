/**
 * The "Faults" section's forms: one per fault kind of the control API (request failures, latency,
 * campaign failures, carrier outages), built from `FAULT_FORMS`, each sending its body to
 * `POST /__mock/faults/<kind>` through the documented control API.
 */
import { control } from './api';
import { contractForm } from './contract-form';
import type { Actions } from './details';
import { type Child, h } from './dom';
import { FAULT_FORMS, type FieldSpec } from './fault-specs';

/** Every fault kind's form, each in its own group. */
export function faultForms(actions: Actions): Child {
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

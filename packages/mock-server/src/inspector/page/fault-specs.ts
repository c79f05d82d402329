/**
 * Every fault kind of the control API as a form of the page: one entry per
 * `POST /__mock/faults/<kind>` of openapi/control.yaml, one field per property of its request body.
 * The types hold the table to the generated contract both ways — a fault route without a form, a
 * form for no route, a body property without a field or a field for none fails the typecheck — and
 * `test/inspector-fault-forms.test.ts` holds it to the YAML itself (required fields, vocabularies).
 * This file touches no DOM, so that test can read it.
 */
import type { paths } from '../../generated/control';
import { CONTRACT_OUTLINE } from '../generated/contract-outline';

/** The operations a fault can target: the public API's, from the contract's outline. */
const OPERATION_IDS = CONTRACT_OUTLINE.operations.map((operation) => operation.operationId);

/** The kinds of fault the control API arms: `request-failures`, `latencies`, … */
export type FaultKind = {
  [P in keyof paths]: P extends `/__mock/faults/${infer Kind}`
    ? paths[P] extends { post: object }
      ? Kind
      : never
    : never;
}[keyof paths];

/** The request body of a fault kind's route, as generated from control.yaml. */
type FaultBody<Kind extends FaultKind> =
  NonNullable<
    paths[`/__mock/faults/${Kind}`] extends { post: { requestBody?: infer B } } ? B : never
  > extends { content: { 'application/json': infer J } }
    ? J
    : never;

/** One field of a form: how the page asks for one property of a request body. */
export interface FieldSpec {
  /** The control's element id (kept stable: tests and live updates find it by id). */
  readonly id: string;
  readonly label: string;
  /** `select` offers {@link FieldSpec.options}; `number` sends a number. */
  readonly input: 'text' | 'number' | 'select';
  /** A select's values, in order (numbers are sent as numbers). */
  readonly options?: readonly (string | number)[];
  /** A select's first option, which leaves the property out (its default applies). */
  readonly blank?: string | undefined;
  /** The form is refused by the browser without it. */
  readonly required?: boolean;
  readonly placeholder?: string | undefined;
  readonly min?: number;
  readonly max?: number;
  /** The value shown first. */
  readonly value?: string;
  /** A text field's width in characters (24 unless given). */
  readonly size?: number | undefined;
}

/** A field for every property of `Body`, and none for anything else. */
type FieldSpecs<Body> = { readonly [K in keyof Required<Body>]: FieldSpec };

/** A fault kind's form. */
export interface FaultForm<Kind extends FaultKind> {
  /** The form's accessible name, e.g. "Arm a request failure". */
  readonly title: string;
  readonly button: string;
  readonly fields: FieldSpecs<FaultBody<Kind>>;
}

/** A text field, with the hint shown while it is empty and its width in characters. */
export const text = (
  id: string,
  label: string,
  placeholder?: string,
  size?: number,
): FieldSpec => ({
  id,
  label,
  input: 'text',
  placeholder,
  size,
});

/** A select of `options`; `blank` names a first option that leaves the property out. */
export const select = (
  id: string,
  label: string,
  options: readonly (string | number)[],
  blank?: string,
): FieldSpec => ({ id, label, input: 'select', options, blank });

/** The same field, refused by the browser when empty. */
export const required = (field: FieldSpec): FieldSpec => ({ ...field, required: true });

const operation = (id: string) => select(id, 'Operation id', OPERATION_IDS, 'any operation');
const count = (id: string, label: string): FieldSpec => ({
  id,
  label,
  input: 'number',
  min: 1,
  max: 1_000_000,
  value: '1',
});

/** Every fault kind's form, in the order the page shows them. */
export const FAULT_FORMS: { readonly [Kind in FaultKind]: FaultForm<Kind> } = {
  'request-failures': {
    title: 'Arm a request failure',
    button: 'Arm request failure',
    fields: {
      operation_id: operation('fault-operation'),
      status: select('fault-status', 'Status', [500, 503]),
      count: count('fault-count', 'Next requests'),
    },
  },
  latencies: {
    title: 'Arm latency',
    button: 'Arm latency',
    fields: {
      operation_id: operation('latency-operation'),
      ms: required({ ...count('latency-ms', 'Milliseconds'), min: 0, max: 60_000, value: '1000' }),
      count: count('latency-count', 'Next requests'),
    },
  },
  'campaign-failures': {
    title: 'Arm a campaign failure',
    button: 'Arm campaign failure',
    fields: {
      campaign_id: text('dispatch-campaign', 'Campaign id', 'any campaign'),
      count: count('dispatch-count', 'Next campaigns'),
    },
  },
  'carrier-outages': {
    title: 'Arm a carrier outage',
    button: 'Arm carrier outage',
    fields: {
      destination: required(text('outage-destination', 'Carrier', 'UNITEL')),
      from: required(text('outage-from', 'From (world time)', '2026-01-01T09:00:00Z')),
      to: required(text('outage-to', 'To (world time)', '2026-01-01T10:00:00Z')),
    },
  },
};

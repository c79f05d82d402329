/**
 * The page's forms held to openapi/control.yaml: one per `POST /__mock/faults/<kind>` and the
 * trigger's, each with a field per property of its request body.
 * `test/inspector-fault-forms.test.ts` holds them to the YAML itself (a route without a form, a
 * property without a field, required fields, vocabularies, numbers); this file touches no DOM, so
 * that test can read it.
 */
import type { components } from '../../generated/control';
import { MESSAGE_STATUSES } from '../../query/query-vocabulary';
import { CONTRACT_OUTLINE } from '../generated/contract-outline';

/** The operations a fault can target: the public API's, from the contract's outline. */
const OPERATION_IDS = CONTRACT_OUTLINE.operations.map((operation) => operation.operationId);

/** A select's value: numbers are sent as numbers. */
type Option = string | number;

/** One field of a form: how the page asks for one property of a request body. */
export interface FieldSpec {
  /** The control's element id (kept stable: tests and live updates find it by id). */
  readonly id: string;
  readonly label: string;
  /** `select` offers {@link FieldSpec.options}; `number` sends a number. */
  readonly input: 'text' | 'number' | 'select';
  /** A select's values, in order (numbers are sent as numbers). */
  readonly options?: readonly Option[];
  /** A select's first option, which leaves the property out (its default applies). */
  readonly blank?: string | undefined;
  readonly required?: boolean;
  readonly placeholder?: string | undefined;
  readonly min?: number;
  readonly max?: number;
  readonly value?: string;
  /** An input's width in characters. */
  readonly size?: number;
}

/** A form: its accessible name, its button, and a field per property of its request body. */
export interface FormSpec {
  readonly title: string;
  readonly button: string;
  readonly fields: Readonly<Record<string, FieldSpec>>;
}

/** A text field, with the hint shown while it is empty and its width in characters. */
export function text(id: string, label: string, placeholder?: string, size = 24): FieldSpec {
  return { id, label, input: 'text', placeholder, size };
}

/** A select of `options`; `blank` names a first option that leaves the property out. */
function select(id: string, label: string, options: readonly Option[], blank?: string): FieldSpec {
  return { id, label, input: 'select', options, blank };
}

/** The same field, refused by the browser when empty. */
export const required = (field: FieldSpec): FieldSpec => ({ ...field, required: true });

const operation = (id: string) => select(id, 'Operation id', OPERATION_IDS, 'any operation');
function count(id: string, label: string): FieldSpec {
  return { id, label, input: 'number', min: 1, max: 1_000_000, value: '1', size: 8 };
}

/** Every fault kind's form, in the order the page shows them. */
export const FAULT_FORMS: Readonly<Record<string, FormSpec>> = {
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

/** The event types, and the id that each one's subject is. */
export const SUBJECT_FIELD = {
  'message.status_updated': 'message_id',
  'message.received': 'message_id',
  'campaign.completed': 'campaign_id',
} as const satisfies Record<
  components['schemas']['TriggerRequest']['type'],
  'message_id' | 'campaign_id'
>;

/** The trigger's form: the subject's id (`message_id` or `campaign_id`, by the type) is one field. */
export const TRIGGER_FORM: FormSpec = {
  title: 'Trigger a webhook event',
  button: 'Trigger event',
  fields: {
    type: required(select('trigger-type', 'Event', Object.keys(SUBJECT_FIELD))),
    subject: text('trigger-subject', 'Subject', 'message or campaign id (default: a new one)', 40),
    // The statuses a message moves to, and a campaign's end.
    status: select(
      'trigger-status',
      'Status',
      [...MESSAGE_STATUSES.filter((status) => status !== 'PENDING'), 'COMPLETED'],
      'default',
    ),
    error_code: text('trigger-error-code', 'Error code', 'default for the status', 18),
    organization_id: text('trigger-organization', 'Organization id', 'the only one', 36),
    environment: select('trigger-environment', 'Environment', ['live', 'test'], 'default (live)'),
    from: text('trigger-from', 'From', '+244…', 14),
    to: text('trigger-to', 'To', 'number or sender ID', 16),
    body: text('trigger-text', 'Text'),
  },
};

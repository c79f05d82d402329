/**
 * A form built from field specs held to the control contract (see `fault-specs.ts`): each field
 * becomes a labelled control, and a submission sends only the fields filled in — numbers as
 * numbers — so an omitted property takes the server's default and the server's checks stay the
 * only ones (its refusal is the page's notice).
 */
import { type Child, html } from './dom';
import type { FieldSpec } from './fault-specs';

function control(spec: FieldSpec, name: string): HTMLElement {
  const required = spec.required ?? false;
  if (spec.input === 'select') {
    const option = (value: string | number) =>
      html`<option value=${value} selected=${String(value) === spec.value}>${value}</option>`;
    return html`<select id=${spec.id} name=${name} required=${required}>
      ${spec.blank !== undefined && html`<option value="">${spec.blank}</option>`}
      ${(spec.options ?? []).map(option)}
    </select>`;
  }
  return html`<input
    id=${spec.id}
    name=${name}
    type=${spec.input}
    required=${required}
    placeholder=${spec.placeholder}
    min=${spec.min}
    max=${spec.max}
    value=${spec.value}
    size=${spec.size ?? (spec.input === 'number' ? 8 : 24)}
  />`;
}

/** The body a form's controls describe: filled-in fields only, numbers where the spec says so. */
/** A form; `submit` gets the body when it is sent. */
export function contractForm(
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
    html`<label for=${spec.id}>${spec.label}${control(spec, name)}</label>`;
  return html`<form class="inline" aria-label=${title} onsubmit=${send}>
    ${Object.entries(fields).map(label)}
    <button type="submit">${button}</button>
  </form>`;
}

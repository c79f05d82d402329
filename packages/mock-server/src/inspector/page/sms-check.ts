/**
 * The SMS check: why a text costs the segments it costs, on every message and as its own view.
 * Everything is counted here, in the page, by the SDK's `explainSegments` and `estimateCost`: the
 * code the mock prices messages with.
 */
import {
  estimateCost,
  explainSegments,
  formatMoney,
  parseMoney,
  type SegmentExplanation,
  type Ucs2Character,
} from '@msgsvc/sdk/sms';
import type { MessageView } from '../api';
import { type Child, fields, h, html, type Props, replace, section, table } from './dom';
import type { View } from './lists';
import { type Route, withQuery } from './router';

/** The price a check is costed with, or none (segments only). */
interface Price {
  /** Six-digit decimal, e.g. `4.000000`. */
  readonly perSegment: string;
  readonly currency: string | null;
}

const money = (amount: string, currency: string | null) =>
  currency === null ? amount : `${amount} ${currency}`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

// Characters that would be invisible (or move the text about) if shown as themselves in a mark.
const INVISIBLE = /^[\p{White_Space}\p{Cc}\p{Cf}\p{M}]|^[\ud800-\udfff]$/u;

/** How a character is written on screen: itself, or its code point when it cannot be seen. */
function shown(c: Ucs2Character): string {
  return INVISIBLE.test(c.char) ? `⟨${c.codePoint}⟩` : c.char;
}

function replacementText(c: Ucs2Character): string {
  if (c.replacement === null) return 'none';
  if (c.replacement === '') return 'drop it';
  return c.replacement.replace(/ /g, '␠').replace(/\n/g, '⏎');
}

/** Numbers counted from 1, the first eight of them, then how many more. */
function listed(numbers: readonly number[]): string {
  const head = numbers.slice(0, 8).join(', ');
  return numbers.length > 8 ? `${head} … (+${numbers.length - 8})` : head;
}

/**
 * The text, one block per segment; each character that forced UCS-2 marked by shape and words, not
 * colour alone.
 */
function segmentsOfText(why: SegmentExplanation): Child {
  if (why.spans.length === 0) return html`<p class="empty">No text: nothing is sent.</p>`;
  const unit = why.encoding === 'GSM_7' ? 'septets' : 'units';
  const segment = (span: SegmentExplanation['spans'][number], index: number) => {
    const pieces: Child[] = [];
    let at = span.start;
    for (const c of why.forcingUcs2.filter((c) => c.segment === index)) {
      if (c.start > at) pieces.push(span.text.slice(at - span.start, c.start - span.start));
      const what = `${c.codePoint} forces UCS-2; GSM-7`;
      const replacement = replacementText(c);
      pieces.push(html`<mark class="ucs2" title="${what}: ${replacement}">
        ${shown(c)}<span class="visually-hidden"> (${what} replacement: ${replacement})</span>
      </mark>`);
      at = c.end;
    }
    if (at < span.end) pieces.push(span.text.slice(at - span.start));
    const size = `${span.units}/${why.perSegment} ${unit}`;
    const head = `Segment ${index + 1} of ${why.segments} · ${size}`;
    return html`<li class="sms-segment">
      <span class="sms-segment-head">
        ${head} · characters ${span.codePointStart + 1}–${span.codePointEnd}
      </span>
      <span class="sms-text">${pieces}</span>
    </li>`;
  };
  return html`<ol class="sms-segments" aria-label="Segments">${why.spans.map(segment)}</ol>`;
}

function offenderTable(why: SegmentExplanation): Child {
  if (why.forcingUcs2.length === 0) {
    const verdict =
      why.segments === 0 ? '' : 'Every character is in the GSM-7 alphabet: nothing forces UCS-2.';
    return html`<p class="sms-verdict">${verdict}</p>`;
  }
  const replacement = (c: Ucs2Character) =>
    c.replacement === null
      ? html`<span class="meta">none in GSM-7</span>`
      : c.replacement === ''
        ? 'drop it (invisible)'
        : html`<code>${replacementText(c)}</code>`;
  // One row per distinct character: a text with 80 `ç` would otherwise list 80 rows.
  const byCharacter = new Map<string, Ucs2Character[]>();
  for (const c of why.forcingUcs2) byCharacter.get(c.char)?.push(c) ?? byCharacter.set(c.char, [c]);
  const offenders = table('Characters that force UCS-2', [...byCharacter.values()], '', {
    Character: ([c]) => html`<mark class="ucs2">${shown(c!)}</mark>`,
    'GSM-7 replacement': ([c]) => replacement(c!),
    Times: (all) => html`<td class="num">${all.length}</td>`,
    Positions: (all) => listed(all.map((c) => c.codePointIndex + 1)),
    Segments: (all) => listed([...new Set(all.map((c) => c.segment + 1))]),
    'Code point': ([c]) => html`<code>${c!.codePoint}</code>`,
  });
  offenders.classList.add('sms-offenders');
  const verdict = `${plural(why.forcingUcs2.length, 'character')} outside GSM-7 made the whole text UCS-2 (70 units in one SMS, 67 per segment when split, instead of 160 and 153 septets).`;
  // On a phone the table scrolls in its own box (focusable, named) rather than the page sideways.
  return [
    html`<p class="sms-verdict">${verdict}</p>`,
    html`<div
      class="sms-scroll"
      role="region"
      tabindex="0"
      aria-label="Characters that force UCS-2"
    >
      ${offenders}
    </div>`,
  ];
}

/** `n segments × price = cost`, computed by the SDK's estimateCost. */
function costLine(text: string, segments: number, price: Price | null): string {
  if (price === null) return plural(segments, 'segment');
  const { costPerMessage } = estimateCost({ text, pricePerSegment: price.perSegment });
  return `${plural(segments, 'segment')} × ${money(price.perSegment, price.currency)} = ${money(costPerMessage, price.currency)}`;
}

function ifReplaced(why: SegmentExplanation, price: Price | null): Child {
  const alt = why.ifReplaced;
  if (alt === null) return null;
  const fewer = why.segments - alt.segments;
  let difference =
    fewer === 0
      ? 'same number of segments'
      : `${plural(Math.abs(fewer), 'segment')} ${fewer > 0 ? 'fewer' : 'more'}`;
  if (price !== null && fewer !== 0) {
    // Each segment fewer (or more) costs the price of one.
    const delta = formatMoney(Math.abs(fewer) * parseMoney(price.perSegment));
    difference += ` (${fewer > 0 ? 'saves' : 'adds'} ${money(delta, price.currency)} per message)`;
  }
  const cost = costLine(alt.text, alt.segments, price);
  const rows: [string, Child][] = [
    ['Encoding', alt.encoding.replace('_', '-')],
    ['Cost', html`<span data-check="replaced-cost">${cost}</span>`],
    ['Difference', difference],
  ];
  if (alt.unreplaced > 0) {
    rows.push(['Left as they are', `${plural(alt.unreplaced, 'character')} with no GSM-7 form`]);
  }
  return [
    html`<h4>With the GSM-7 replacements</h4>`,
    fields(rows),
    html`<p class="sms-replaced">${alt.text}</p>`,
  ];
}

/** The whole breakdown of one text. */
function breakdown(text: string, price: Price | null, note: Child = null): Child[] {
  const why = explainSegments(text);
  const units = why.encoding === 'GSM_7' ? 'septets' : 'UTF-16 units';
  const split = why.segments <= 1 ? 'one SMS' : `split at ${why.perSegment} per segment`;
  const free = `${why.remainingInSegment} free in the last segment`;
  return [
    fields([
      ['Encoding', why.encoding.replace('_', '-')],
      ['Size', `${why.units} ${units} · ${split} · ${free}`],
      ['Cost', html`<span data-check="cost">${costLine(text, why.segments, price)}</span>`],
    ]),
    note,
    segmentsOfText(why),
    offenderTable(why),
    ifReplaced(why, price),
  ];
}

/**
 * The SMS check of a message's detail view: costed with the price per segment the mock charged and
 * the account's currency, so it adds up to the cost the message shows.
 */
export function smsCheckSection(text: string, view: MessageView): Child {
  const facts = view.sms_check;
  let body: Child[];
  if (facts.channel !== 'SMS') {
    const unit = facts.unit_price === null ? '—' : money(facts.unit_price, facts.currency);
    const priced = `A ${facts.channel} message is priced per message, not by SMS segments`;
    body = [html`<p>${priced}: 1 × ${unit}.</p>`];
  } else {
    const price =
      facts.unit_price === null ? null : { perSegment: facts.unit_price, currency: facts.currency };
    const why = explainSegments(text);
    const notes: Child[] = [];
    if (price === null)
      notes.push('Never priced: the number was not routed, so nothing was charged.');
    else if (!facts.charged) notes.push('Priced but not debited (a test key).');
    // The record keeps the count made when it was sent; a state file could carry another one.
    if (why.segments !== view.segments) {
      notes.push(
        `The record says ${plural(view.segments, 'segment')}; the text counts ${why.segments}.`,
      );
    }
    body = breakdown(text, price, notes.length > 0 && html`<p class="meta">${notes.join(' ')}</p>`);
  }
  return html`<section aria-labelledby="sms-check-title" class="sms-check">
    <h3 id="sms-check-title">SMS check</h3>
    ${body}
    <p class="meta">
      <a href=${withQuery('#/sms-check', { text })}>Try variations in the SMS check</a>
    </p>
  </section>`;
}

/** Reads a price field: a decimal of up to six places, or nothing. */
function readPrice(raw: string): { price: string | null; error: string | null } {
  const value = raw.trim();
  if (value === '') return { price: null, error: null };
  try {
    const micros = parseMoney(value);
    if (micros < 0) return { price: null, error: 'The price cannot be negative.' };
    return { price: formatMoney(micros), error: null };
  } catch {
    return {
      price: null,
      error: 'Write the price as a decimal with up to six places, e.g. 4.000000.',
    };
  }
}

/**
 * `#/sms-check?text=…&price=…&currency=…`: paste a text, see the breakdown as you type. The fields
 * live in the address (replaced in place, no history entry per keystroke), so a check can be linked
 * and survives the view being redrawn by a live update.
 */
export function smsCheckView(route: Route): View {
  const param = (name: string) => route.params.get(name) ?? (name === 'currency' ? 'AOA' : '');
  const output = html`<div id="sms-check-output" aria-live="polite" />`;
  const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
  const show = () => {
    const { price: perSegment, error } = readPrice(field('price'));
    const currency = field('currency').trim().toUpperCase() || null;
    replace(
      output,
      error !== null && html`<p class="notice error" role="alert">${error}</p>`,
      breakdown(field('text'), perSegment === null ? null : { perSegment, currency }),
    );
  };
  const update = () => {
    show();
    const address = withQuery('#/sms-check', {
      text: field('text'),
      price: field('price').trim(),
      currency: field('currency').trim(),
    });
    history.replaceState(history.state, '', `${location.pathname}${location.search}${address}`);
  };
  const input = (name: string, label: string, attributes: Props) => {
    const id = `sms-check-${name}`;
    const control = h('input', { ...attributes, id, name, value: param(name) });
    return html`<label for=${id}>${label}${control}</label>`;
  };
  const form = html`<form
    class="sms-check-form"
    aria-label="SMS check"
    oninput=${update}
    onsubmit=${(event: Event) => event.preventDefault()}
  >
    <label for="sms-check-text">Text</label>
    <textarea
      id="sms-check-text"
      name="text"
      rows="5"
      spellcheck="false"
      aria-describedby="sms-check-hint"
    >${param('text')}</textarea>
    <p id="sms-check-hint" class="meta">${HINT}</p>
    <div class="inline">
      ${input('price', 'Price per segment (optional)', {
        inputmode: 'decimal',
        autocomplete: 'off',
        placeholder: '4.000000',
      })}
      ${input('currency', 'Currency', { autocomplete: 'off', maxlength: 3, size: 4 })}
    </div>
  </form>` as HTMLFormElement;
  show();
  return {
    title: 'SMS check',
    content: [section('Text to check', null, form), section('Breakdown', 'Breakdown', output)],
  };
}

const HINT =
  'Counted in this page by @msgsvc/sdk/sms (explainSegments), the code the mock charges with.';

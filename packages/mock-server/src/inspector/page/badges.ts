/**
 * The badges beside a message's status and on a phone (issue 25 item 6): its channel, the
 * environment of the key that created it, and "opted out" when its recipient answered a STOP
 * word. Each badge is a link to the messages list filtered by what it says, in the filter
 * words of the search box (`channel:whatsapp`, `env:test`, `is:opted-out`).
 */
import { type Child, h, html } from './dom';
import { listHref } from './router';

/** What a message's badges are made of (a list row or a detail view). */
export interface BadgeFacts {
  readonly channel: string;
  readonly environment: string;
  readonly opted_out: boolean;
}

function badge(text: string, kind: string, q: string, title: string): HTMLElement {
  return html`<a class="chip badge b-${kind}" href=${listHref('messages', { q })} title=${title}>
    ${text}
  </a>`;
}

/** The channel, environment and opt-out badges of one message. */
export function messageBadges(facts: BadgeFacts): Child {
  const channel = facts.channel.toLowerCase();
  return h(
    'span',
    { class: 'badges' },
    badge(
      channel === 'whatsapp' ? 'WhatsApp' : facts.channel,
      `channel-${channel}`,
      `channel:${channel}`,
      `Sent by ${facts.channel}: every message sent so`,
    ),
    badge(
      facts.environment,
      `env-${facts.environment}`,
      `env:${facts.environment}`,
      `Created with a ${facts.environment} key: every such message`,
    ),
    facts.opted_out
      ? badge(
          'opted out',
          'opted-out',
          'is:opted-out',
          'The recipient answered a STOP word: every message to an opted-out number',
        )
      : null,
  );
}

/** Where a phone has opted out: one badge per organization and environment. */
export function phoneOptOutBadges(
  number: string,
  optedOut: readonly { organization: string; environment: string }[],
): Child {
  if (optedOut.length === 0) return null;
  const digits = number.replace(/\D/g, '');
  const optOut = (o: (typeof optedOut)[number]) =>
    badge(
      `opted out of ${o.organization} (${o.environment})`,
      'opted-out',
      `to:${digits} is:opted-out`,
      'This number answered a STOP word: the messages to it since',
    );
  return html`<p class="badges">${optedOut.map(optOut)}</p>`;
}

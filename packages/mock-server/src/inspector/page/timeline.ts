/**
 * A status timeline: every step the world recorded for a message or a campaign, oldest
 * first, each with its world time, the time since the step before, and the error code it carried.
 */
import { type Child, chip, html, time } from './dom';

/** One step, as the inspector's API gives it. */
export interface TimelineStep {
  readonly status: string;
  /** World time, ISO 8601. */
  readonly at: string;
  readonly error_code: string | null;
}

/** The timeline of `steps`. */
export function timeline(steps: readonly TimelineStep[]): Child {
  if (steps.length === 0) return html`<p class="empty">No status recorded.</p>`;
  const step = ({ status, at, error_code }: TimelineStep, i: number) => html`<li>
    ${chip(status)} ${time(at)}
    ${i > 0 && html`<span class="meta"> ${elapsed(steps[i - 1]!.at, at)}</span>`}
    ${error_code !== null && [' ', html`<code>${error_code}</code>`]}
  </li>`;
  return html`<ol class="timeline" aria-label="Status timeline">${steps.map(step)}</ol>`;
}

/** The world time between two steps, `+1.250 s`, `+4 min 10 s`, `+6 h 0 min`. */
function elapsed(from: string, to: string): string {
  const ms = Math.max(0, Date.parse(to) - Date.parse(from));
  if (ms < 60_000) return `+${(ms / 1000).toFixed(3)} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `+${minutes} min ${Math.floor((ms % 60_000) / 1000)} s`;
  return `+${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

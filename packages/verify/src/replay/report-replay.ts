/**
 * A replay's findings as text: one line per difference (the exchange, its kind, where, what),
 * then the refused and skipped exchanges and a summary by kind. What came from the cassette or the
 * target is printed with its control characters escaped.
 */
import { terminalSafe } from '../cli-io/terminal-safe';
import type { ReplayReport } from './run-replay';

/** The text report of a replay (what `msgsvc-verify replay` prints without `--json`). */
export function replayText(report: ReplayReport): string {
  const lines: string[] = [];
  for (const d of report.differences) {
    const where = d.where === '' ? '' : ` ${d.where}`;
    lines.push(`DIFF #${d.seq} ${d.method} ${d.path} — ${d.kind}${where}: ${d.message}`);
  }
  for (const s of report.skipped) {
    lines.push(
      `${s.refused === true ? 'REFUSED' : 'SKIP'} #${s.seq} ${s.method} ${s.path}: ${s.reason}`,
    );
  }
  const kinds = Object.entries(report.by_kind)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  lines.push(
    `${report.replayed} of ${report.exchanges} exchange(s) replayed against ${report.base_url}, ${report.skipped.length} skipped: ` +
      (report.differences.length === 0
        ? 'no behavioural difference.'
        : `${report.differences.length} difference(s) (${kinds}).`),
  );
  return lines.map(terminalSafe).join('\n');
}

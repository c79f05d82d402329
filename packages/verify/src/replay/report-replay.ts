/**
 * A replay's findings as text: one line per difference (the exchange, its kind, where, what),
 * then the skipped exchanges and a summary by kind.
 */
import type { ReplayReport } from './run-replay';

/** The text report of a replay (what `msgsvc-verify replay` prints without `--json`). */
export function replayText(report: ReplayReport): string {
  const lines: string[] = [];
  for (const d of report.differences) {
    const where = d.where === '' ? '' : ` ${d.where}`;
    lines.push(`DIFF #${d.seq} ${d.method} ${d.path} — ${d.kind}${where}: ${d.message}`);
  }
  for (const s of report.skipped) lines.push(`SKIP #${s.seq} ${s.method} ${s.path}: ${s.reason}`);
  const kinds = Object.entries(report.by_kind)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  lines.push(
    `${report.replayed} of ${report.exchanges} exchange(s) replayed against ${report.base_url}, ${report.skipped.length} skipped: ` +
      (report.differences.length === 0
        ? 'no behavioural difference.'
        : `${report.differences.length} difference(s) (${kinds}).`),
  );
  return lines.join('\n');
}

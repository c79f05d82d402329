/**
 * The readable table of a verify report: one line per check (status, id, time), each failure
 * followed by what was expected, what came back and what promised it; then the totals.
 */
import type { VerifyReport } from './run-verify';

const MARK = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;

/** The report as a table for a terminal or a CI log. */
export function reportText(report: VerifyReport): string {
  const width = Math.max(...report.results.map((r) => r.id.length), 5);
  const lines = [
    `msgsvc-verify: ${report.base_url} with ${report.api_key}${report.live ? ' (LIVE)' : ''}`,
    '',
    `${'RESULT'.padEnd(6)}  ${'CHECK'.padEnd(width)}  ${'MS'.padStart(6)}  CITES`,
  ];
  for (const result of report.results) {
    lines.push(
      `${MARK[result.outcome].padEnd(6)}  ${result.id.padEnd(width)}  ${String(result.ms).padStart(6)}  ${result.cites}`,
    );
    if (result.outcome === 'fail') {
      lines.push(`        ${result.title}`);
      lines.push(`        expected: ${result.expected}`);
      lines.push(`        got:      ${result.got}`);
    } else if (result.outcome === 'skip') {
      lines.push(`        skipped: ${result.reason}`);
    }
    for (const warning of result.warnings ?? []) lines.push(`        warning: ${warning}`);
  }
  lines.push(
    '',
    `${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped; ` +
      `${report.sends_used} of ${report.max_sends} sends used.`,
  );
  return lines.join('\n');
}

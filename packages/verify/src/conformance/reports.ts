/** A verify report rendered for a terminal or a CI log, and for CI test tabs. */
import type { VerifyReport } from './run-verify';

/**
 * The report as a table for a terminal or a CI log: one line per check, each failure followed by
 * what was expected, what came back and what promised it; then the totals.
 */
export function reportText(report: VerifyReport): string {
  const width = Math.max(...report.results.map((r) => r.id.length), 5);
  const lines = [
    `msgsvc-verify: ${report.base_url} with ${report.api_key}${report.live ? ' (LIVE)' : ''}`,
    '',
    `${'RESULT'.padEnd(6)}  ${'CHECK'.padEnd(width)}  ${'MS'.padStart(6)}  CITES`,
  ];
  for (const result of report.results) {
    lines.push(
      `${result.outcome.toUpperCase().padEnd(6)}  ${result.id.padEnd(width)}  ${String(result.ms).padStart(6)}  ${result.cites}`,
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

const escapeXml = (text: string) =>
  text
    // Characters XML 1.0 cannot carry at all.
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** The report as JUnit XML: one `testcase` per check, its classname the check's group. */
export function reportJunit(report: VerifyReport): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = report.results.reduce((sum, r) => sum + r.ms, 0);
  const cases = report.results.map((result) => {
    const open = `  <testcase classname="msgsvc.verify.${escapeXml(result.id.split('.')[0]!)}" name="${escapeXml(
      `${result.id}: ${result.title}`,
    )}" time="${seconds(result.ms)}">`;
    if (result.outcome === 'pass') return `${open}</testcase>`;
    if (result.outcome === 'skip') {
      return `${open}\n    <skipped message="${escapeXml(result.reason ?? '')}"/>\n  </testcase>`;
    }
    const message = `expected ${result.expected}; got ${result.got}`;
    return `${open}\n    <failure message="${escapeXml(message)}" type="drift">${escapeXml(
      `${message}\n(${result.cites})`,
    )}</failure>\n  </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="msgsvc-verify ${escapeXml(report.base_url)}" tests="${report.results.length}" failures="${report.failed}" errors="0" skipped="${report.skipped}" time="${seconds(total)}">`,
    ...cases,
    '</testsuite>',
    '',
  ].join('\n');
}

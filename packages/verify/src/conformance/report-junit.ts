/**
 * The JUnit XML of a verify report, for CI test tabs: one `testcase` per check (classname = its
 * group), a `failure` with expected and got, a `skipped` with the reason.
 */
import type { VerifyReport } from './run-verify';

const escapeXml = (text: string) =>
  text
    // Characters XML 1.0 cannot carry at all.
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** The report as a JUnit XML document. */
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

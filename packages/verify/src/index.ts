/**
 * The verify kit: checks any deployment of the messaging API against its contract and decisions,
 * over HTTP only. `runVerify` runs the behavioural suite (what `msgsvc-verify` prints);
 * `startProxy` forwards live traffic to a deployment and reports each exchange that is off the
 * contract (and records it, redacted, with `record`); `runReplay` replays such a recording against a
 * deployment and reports where it behaves differently. It knows nothing of the mock: point it at the mock, a staging server or production.
 *
 * @example
 * ```ts
 * import { reportText, runVerify } from '@msgsvc/verify';
 *
 * const report = await runVerify({
 *   baseUrl: 'http://127.0.0.1:4780/c/v1',
 *   apiKey: process.env.MSGSVC_TEST_KEY!,
 * });
 * console.log(reportText(report));
 * if (report.failed > 0) process.exitCode = 1;
 * ```
 *
 * @module \@msgsvc/verify
 */

export { runCli } from './cli';
export { type CliIo, UsageError } from './cli-io/cli-io';
export type { CheckResult, VerifyNumbers } from './conformance/check-kit/check';
export { reportJunit, reportText } from './conformance/reports';
export {
  runVerify,
  type VerifyOptions,
  VerifyRefused,
  type VerifyReport,
} from './conformance/run-verify';
export { runVerifyCli } from './conformance/verify-cli';
export type { ViolationRule } from './proxy/check-exchange';
export { runProxyCli } from './proxy/proxy-cli';
export {
  type ProxyOptions,
  type ProxyViolation,
  type RunningProxy,
  startProxy,
} from './proxy/proxy-server';
export {
  type Cassette,
  CassetteError,
  type CassetteHeader,
  parseCassette,
  type RecordedBody,
  type RecordedExchange,
  type RecordedKey,
  readCassette,
} from './replay/cassette-format';
export type { Difference, DifferenceKind } from './replay/compare';
export { replayText, runReplayCli } from './replay/replay-cli';
export {
  ReplayAborted,
  type ReplayDifference,
  type ReplayOptions,
  type ReplayReport,
  runReplay,
  type SkippedExchange,
} from './replay/run-replay';

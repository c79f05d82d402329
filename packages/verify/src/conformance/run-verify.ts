/** Runs the suite against a deployment and returns a report. */
import { keyPrefix } from '@msgsvc/sdk';
import { API_KEY_PATTERN } from '@msgsvc/sdk/contract';
import { errorMessage } from '../cli-io/cli-io';
import { type Api, createApi } from './check-kit/api';
import type { Check, CheckResult, VerifyContext, VerifyNumbers } from './check-kit/check';
import { Drift, Skip } from './check-kit/drift';
import { WaitBudget } from './check-kit/wait-budget';
import { ENVELOPE_CHECKS } from './checks/envelope';
import { ERROR_CHECKS } from './checks/errors';
import { FILTER_CHECKS } from './checks/filters';
import { FORMAT_CHECKS, SHAPE_CHECKS } from './checks/formats';
import { IDEMPOTENCY_CHECKS } from './checks/idempotency';
import { ISOLATION_CHECKS } from './checks/isolation';
import { LIMIT_CHECKS } from './checks/limits';
import { LIST_FILTER_CHECKS } from './checks/list-filters';
import { LIST_CHECKS } from './checks/lists';
import { ORDER_CHECKS } from './checks/ordering';
import { BILLING_CHECKS, COST_CHECKS, PROGRESS_CHECKS, RETRIEVE_CHECKS } from './checks/sends';
import { VALIDATION_CHECKS } from './checks/validation';

/** Options of {@link runVerify}. */
export interface VerifyOptions {
  /** The public API's base URL, ending in `/c/v1`. */
  readonly baseUrl: string;
  /** A key of the organization to check: a test key (`svc_test_…`) unless `allowLive`. */
  readonly apiKey: string;
  /** A live key of an organization whose balance pays for nothing: enables the 402 checks. */
  readonly poorApiKey?: string | undefined;
  /** A key without scopes: enables the 403 checks. */
  readonly restrictedApiKey?: string | undefined;
  /** A key of a second organization: enables the isolation checks. */
  readonly otherOrgApiKey?: string | undefined;
  /** Allow live (`svc_live_`) keys; refused otherwise. */
  readonly allowLive?: boolean | undefined;
  /** The most messages the run may create. Default 60. */
  readonly maxSends?: number | undefined;
  /**
   * How long the run may wait for the deployment's progress, in milliseconds, all its polls
   * together (a stuck campaign costs it once). Default 120,000.
   */
  readonly timeBudgetMs?: number | undefined;
  /** The magic numbers to send to, where the deployment's differ from the mock's. */
  readonly numbers?: Partial<VerifyNumbers> | undefined;
  /** Run only the checks whose id starts with one of these. */
  readonly only?: readonly string[] | undefined;
  /**
   * Stop at the first failing check: the checks after it are reported as skipped, and no request
   * of theirs is sent. For a CI job that only needs to know whether the deployment drifted.
   */
  readonly bail?: boolean | undefined;
  /** The `fetch` to use. Default `globalThis.fetch`. */
  readonly fetch?: typeof fetch | undefined;
}

/** What a run found. */
export interface VerifyReport {
  /** The base URL checked. */
  readonly base_url: string;
  /** The main key, by its prefix. */
  readonly api_key: string;
  /** Whether the main key is a live key. */
  readonly live: boolean;
  /** Checks that passed. */
  readonly passed: number;
  /** Checks that failed: drift. */
  readonly failed: number;
  /** Checks skipped (a key or budget they need was not given). */
  readonly skipped: number;
  /** Messages reserved by requests that were not refused (an upper bound of what was sent). */
  readonly sends_used: number;
  /** The send budget the run kept to. */
  readonly max_sends: number;
  /** Every check's result, in order. */
  readonly results: readonly CheckResult[];
}

/**
 * A run verify will not start: a live key without `allowLive`, a string that is not a key, or a
 * base URL that does not answer.
 */
export class VerifyRefused extends Error {
  /** Always `'VerifyRefused'`. */
  override name = 'VerifyRefused';
}

/**
 * Every check, in the order they run. The rate-limit enforcement runs last: it spends the key's
 * batch window.
 */
const CHECKS: readonly Check[] = [
  ...ERROR_CHECKS,
  ...LIST_CHECKS,
  ...RETRIEVE_CHECKS,
  ...SHAPE_CHECKS,
  ...VALIDATION_CHECKS,
  ...COST_CHECKS,
  ...IDEMPOTENCY_CHECKS,
  ...PROGRESS_CHECKS,
  ...FILTER_CHECKS,
  ...LIST_FILTER_CHECKS,
  ...ORDER_CHECKS,
  ...FORMAT_CHECKS,
  ...ENVELOPE_CHECKS,
  ...BILLING_CHECKS,
  ...ISOLATION_CHECKS,
  ...LIMIT_CHECKS,
];

/** The numbers the mock's magic range gives each outcome. */
const DEFAULT_NUMBERS: VerifyNumbers = {
  delivered: '+244900000001',
  undelivered: '+244900000002',
  invalid: '+244900000000',
};

/** Each key's option, flag and client: the main key's and the extra credentials'. */
const KEYS = [
  ['apiKey', '--api-key', 'api'],
  ['poorApiKey', '--poor-api-key', 'poor'],
  ['restrictedApiKey', '--restricted-api-key', 'restricted'],
  ['otherOrgApiKey', '--other-org-api-key', 'other'],
] as const;

/**
 * Runs every check (or those `only` names) against `options.baseUrl`.
 *
 * @example
 * ```ts
 * const report = await runVerify({ baseUrl: 'http://127.0.0.1:4780/c/v1', apiKey: 'svc_test_…' });
 * if (report.failed > 0) process.exitCode = 1;
 * ```
 *
 * @throws {VerifyRefused} for a live key without `allowLive`, a string that is not a key, or a
 *   base URL that does not answer.
 */
export async function runVerify(options: VerifyOptions): Promise<VerifyReport> {
  const budget = { used: 0, max: options.maxSends ?? 60 };
  const timeBudgetMs = options.timeBudgetMs ?? 120_000;
  // 429s are waited out until then: the time budget, plus two rate-limit windows.
  const deadline = Date.now() + timeBudgetMs + 120_000;
  const apis: Partial<Record<(typeof KEYS)[number][2], Api>> = {};
  for (const [option, flag, client] of KEYS) {
    const apiKey = options[option];
    if (apiKey === undefined) continue;
    if (!API_KEY_PATTERN.test(apiKey))
      throw new VerifyRefused(`${flag} is not an API key (svc_test_… or svc_live_…).`);
    if (apiKey.startsWith('svc_live_') && options.allowLive !== true) {
      throw new VerifyRefused(
        `${flag} is a live key (${keyPrefix(apiKey)}): live keys send real messages and cost money. ` +
          'Use a test key, or pass --allow-live.',
      );
    }
    apis[client] = createApi({ ...options, apiKey, budget, deadline });
  }
  const context: Omit<VerifyContext, 'warn'> = {
    ...apis,
    api: apis.api!,
    live: options.apiKey.startsWith('svc_live_'),
    numbers: { ...DEFAULT_NUMBERS, ...options.numbers },
    waiting: new WaitBudget(timeBudgetMs),
    runId: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    fixtures: new Map(),
  };

  try {
    await context.api.request('GET', '/messages', { key: null });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? errorMessage(error);
    throw new VerifyRefused(
      `${options.baseUrl} does not answer (${cause}); is the service running?`,
    );
  }
  const results: CheckResult[] = [];
  let failed: string | undefined;
  for (const check of CHECKS) {
    if (options.only !== undefined && !options.only.some((id) => check.id.startsWith(id))) continue;
    const result =
      failed === undefined
        ? await runCheck(check, context)
        : notRun(check, `not run: --bail, and ${failed} failed`);
    results.push(result);
    if (options.bail === true && result.outcome === 'fail') failed ??= check.id;
  }
  const count = (outcome: CheckResult['outcome']) =>
    results.filter((r) => r.outcome === outcome).length;
  return {
    base_url: options.baseUrl,
    api_key: keyPrefix(options.apiKey),
    live: context.live,
    passed: count('pass'),
    failed: count('fail'),
    skipped: count('skip'),
    sends_used: budget.used,
    max_sends: budget.max,
    results,
  };
}

/** A check skipped without running: no request of its own is sent. */
function notRun(check: Check, reason: string): CheckResult {
  return { id: check.id, title: check.title, cites: check.cites, outcome: 'skip', reason, ms: 0 };
}

/** Runs one check with its own warnings; a thrown Drift (or anything else) is a failure. */
async function runCheck(check: Check, shared: Omit<VerifyContext, 'warn'>): Promise<CheckResult> {
  const missing = (check.needs ?? []).find((need) => shared[need] === undefined);
  if (missing !== undefined) {
    return notRun(check, `needs ${KEYS.find(([, , client]) => client === missing)![1]}`);
  }
  const warnings: string[] = [];
  const context: VerifyContext = { ...shared, warn: (message) => warnings.push(message) };
  const start = Date.now();
  const result = await check.run(context).then(
    () => ({ outcome: 'pass' as const }),
    (error: unknown) => {
      if (error instanceof Skip) return { outcome: 'skip' as const, reason: error.message };
      // A network failure or a body no check could read is drift too: the service did not answer.
      const [expected, got] =
        error instanceof Drift ? [error.expected, error.got] : ['an answer', errorMessage(error)];
      return { outcome: 'fail' as const, expected, got };
    },
  );
  const { id, title, cites } = check;
  const ms = Date.now() - start;
  return { id, title, cites, ...result, ms, ...(warnings.length > 0 && { warnings }) };
}

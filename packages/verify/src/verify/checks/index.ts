/**
 * Every check, in the order they run. The rate-limit enforcement runs last: it spends the key's
 * batch window.
 */
import type { Check } from '../check';
import { AUTH_CHECKS } from './auth';
import { COST_CHECKS } from './cost';
import { ERROR_CHECKS } from './errors';
import { FILTER_CHECKS } from './filters';
import { IDEMPOTENCY_CHECKS } from './idempotency';
import { LIMIT_CHECKS } from './limits';
import { LIST_CHECKS } from './lists';
import { PROGRESS_CHECKS } from './progress';
import { RETRIEVE_CHECKS } from './retrieve';
import { SHAPE_CHECKS } from './shapes';
import { TENANCY_CHECKS } from './tenancy';
import { VALIDATION_CHECKS } from './validation';

/** The whole suite. */
export const CHECKS: readonly Check[] = [
  ...AUTH_CHECKS,
  ...ERROR_CHECKS,
  ...LIST_CHECKS,
  ...RETRIEVE_CHECKS,
  ...SHAPE_CHECKS,
  ...VALIDATION_CHECKS,
  ...COST_CHECKS,
  ...IDEMPOTENCY_CHECKS,
  ...PROGRESS_CHECKS,
  ...FILTER_CHECKS,
  ...TENANCY_CHECKS,
  ...LIMIT_CHECKS,
];

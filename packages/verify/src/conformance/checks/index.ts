/**
 * Every check, in the order they run. The rate-limit enforcement runs last: it spends the key's
 * batch window.
 */
import type { Check } from '../check-kit/check';
import { ENVELOPE_CHECKS } from './envelope';
import { AUTH_CHECKS, ERROR_CHECKS } from './errors';
import { FILTER_CHECKS } from './filters';
import { FORMAT_CHECKS, SHAPE_CHECKS } from './formats';
import { IDEMPOTENCY_CHECKS } from './idempotency';
import { ISOLATION_CHECKS } from './isolation';
import { LIMIT_CHECKS } from './limits';
import { LIST_FILTER_CHECKS } from './list-filters';
import { LIST_CHECKS, PAGE_CHECKS } from './lists';
import { ORDER_CHECKS } from './ordering';
import { BILLING_CHECKS, COST_CHECKS, PROGRESS_CHECKS, RETRIEVE_CHECKS } from './sends';
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
  ...LIST_FILTER_CHECKS,
  ...ORDER_CHECKS,
  ...PAGE_CHECKS,
  ...FORMAT_CHECKS,
  ...ENVELOPE_CHECKS,
  ...BILLING_CHECKS,
  ...ISOLATION_CHECKS,
  ...LIMIT_CHECKS,
];

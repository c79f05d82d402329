/**
 * Building blocks for test worlds: a funded organization with keys and a sender ID, recipient
 * numbers on a known carrier, forced delivery outcomes, and the ledger invariant.
 */
import { expect } from 'vitest';
import type { MockService, Outcome, SimulationConfig } from '../../src/index';
import { api } from './api';

/** `n` distinct valid Unitel numbers (`+244 92x`), in E.164. */
export function unitelNumbers(n: number, start = 1): string[] {
  return Array.from({ length: n }, (_, i) => `+244923${String(start + i).padStart(6, '0')}`);
}

/** A simulation where every message ends with `outcome`. */
export function only(outcome: Outcome): Partial<SimulationConfig> {
  const outcomes: Record<Outcome, number> = {
    DELIVERED: 0,
    UNDELIVERED: 0,
    EXPIRED: 0,
    NO_RECEIPT: 0,
    REJECTED: 0,
    FAILED: 0,
  };
  outcomes[outcome] = 1;
  return { outcomes };
}

/**
 * Fixed latencies, so a test knows what each clock step does: a batch is processed 500 ms after
 * acceptance, a message is dispatched (`SENT`) 1 s after creation and its receipt arrives 5 s later.
 */
export const FIXED_TIMING: Partial<SimulationConfig> = {
  processingDelay: [500, 500],
  dispatchLatency: [1_000, 1_000],
  receiptLatency: [5_000, 5_000],
};

/**
 * Changes how the messages dispatched from now on end, in a running world (the simulation is read
 * at dispatch time).
 */
export function setOutcome(mock: MockService, outcome: Outcome): void {
  const config = mock.world.config;
  mock.world.config = { ...config, simulation: { ...config.simulation, ...only(outcome) } };
}

/** An organization with a balance, a live and a test key with every scope, and a sender ID. */
export function organization(
  mock: MockService,
  options: { name?: string; balance?: string; defaultCountry?: string } = {},
) {
  const org = mock.control.createOrganization({
    name: options.name ?? 'Kwanza Shop',
    balance: options.balance ?? '1000.000000',
    ...(options.defaultCountry === undefined ? {} : { default_country: options.defaultCountry }),
  });
  const liveKey = mock.control.issueApiKey({ organization_id: org.id, environment: 'live' }).key;
  const testKey = mock.control.issueApiKey({ organization_id: org.id, environment: 'test' }).key;
  const sender = mock.control.createSenderId({ organization_id: org.id, name: 'KWANZA' });
  return {
    organization: org,
    liveKey,
    testKey,
    sender,
    live: api(mock, liveKey),
    test: api(mock, testKey),
  };
}

/** A valid batch body (two Unitel recipients, one GSM-7 segment), with overrides. */
export function batchBody(senderId: string, overrides: Record<string, unknown> = {}) {
  return {
    remitter_id: senderId,
    content: 'Promo: 10% off today',
    channel_type: 'SMS',
    recipients: unitelNumbers(2),
    ...overrides,
  };
}

/** Asserts the books of every account balance (`balance = funded − Σ cost not refunded`). */
export function expectLedgerBalanced(mock: MockService): void {
  const checks = mock.control.checkLedger();
  expect(checks.filter((check) => !check.ok)).toEqual([]);
}

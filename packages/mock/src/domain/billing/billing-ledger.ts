/**
 * Money: funding, debits and refunds, each one a ledger entry, so that at every instant
 * `balance = funded − Σ cost of charged messages not refunded` (checked by {@link checkLedger}).
 */
import { DomainError, found } from '../core/errors';
import type { BillingAccount, LedgerEntry, LedgerKind, MessageRecord } from '../core/model';
import type { World } from '../core/world';

/** The billing account with `id`, or a `RESOURCE_NOT_FOUND`. */
export function getAccount(world: World, id: string): BillingAccount {
  return found(world.accounts.get(id), 'Billing account not found.');
}

/** Moves `amount` micro-units (signed) on an account and records why. */
export function post(
  world: World,
  account: BillingAccount,
  kind: LedgerKind,
  amount: number,
  reference: Partial<Pick<LedgerEntry, 'campaignId' | 'messageId'>>,
  note: string,
): LedgerEntry {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Amount is not an integer: ${amount}`);
  account.balance += amount;
  if (kind === 'FUNDING') account.funded += amount;
  const entry: LedgerEntry = {
    id: world.newId(),
    billingAccountId: account.id,
    kind,
    amount,
    balanceAfter: account.balance,
    at: world.now(),
    campaignId: reference.campaignId ?? null,
    messageId: reference.messageId ?? null,
    note,
  };
  world.ledger.push(entry);
  return entry;
}

/** Adds money to an account (a positive number of micro-units). */
export function fundAccount(
  world: World,
  accountId: string,
  amount: number,
  note = 'Funding',
): LedgerEntry {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new DomainError({
      code: 'VALIDATION_ERROR',
      message: 'The amount must be a positive number of micro-units.',
      fields: { amount: 'Must be a positive integer number of micro-units.' },
    });
  }
  return post(world, getAccount(world, accountId), 'FUNDING', amount, {}, note);
}

/** Credits a charged message's cost back once; sets `is_refunded`. */
export function refundMessage(world: World, message: MessageRecord, note: string): void {
  if (!message.charged || message.refunded || message.cost === 0) return;
  message.refunded = true;
  post(
    world,
    getAccount(world, message.billingAccountId),
    'REFUND',
    message.cost,
    { campaignId: message.campaignId, messageId: message.id },
    note,
  );
}

/** One account's books: what they say and whether they balance. */
export type LedgerCheck = ReturnType<typeof checkLedger>[number];

/**
 * Checks the invariant `balance = funded − Σ cost of charged messages not refunded` for every
 * account (messages are counted from the message store, not from the ledger, so a ledger bug
 * cannot hide itself).
 */
export function checkLedger(world: World) {
  const outstanding = new Map<string, number>();
  for (const message of world.messages.all()) {
    if (message.charged && !message.refunded) {
      outstanding.set(
        message.billingAccountId,
        (outstanding.get(message.billingAccountId) ?? 0) + message.cost,
      );
    }
  }
  return [...world.accounts.values()].map((account) => {
    const outstandingCost = outstanding.get(account.id) ?? 0;
    return {
      billingAccountId: account.id,
      balance: account.balance,
      funded: account.funded,
      outstandingCost,
      ok: account.balance === account.funded - outstandingCost,
    };
  });
}

/**
 * The billing check after the run: the mock's own invariant holds, and, recomputed here from the
 * snapshot alone, each account's balance is its funding minus its charges plus its refunds, its
 * charges are the costs of the charged messages stored, and its refunds those of the refunded ones.
 * A duplicated or lost send would show up as a charge without a message or the reverse.
 */
import { formatMoney } from '@msgsvc/sdk/sms';
import { Violations } from './violations';
import type { WorkloadResult } from './workload';

/** Every account's books balance. */
export function checkBooks(run: WorkloadResult): Violations {
  const v = new Violations();
  if (!run.ledgerOk)
    v.add("the mock's ledger check failed", 'checkLedger reports an account not ok');
  const { snapshot } = run;
  for (const account of snapshot.accounts) {
    let funded = 0;
    let charges = 0;
    let refunds = 0;
    for (const entry of snapshot.ledger) {
      if (entry.billingAccountId !== account.id) continue;
      if (entry.kind === 'FUNDING') funded += entry.amount;
      else if (entry.kind === 'REFUND') refunds += entry.amount;
      else charges -= entry.amount;
    }
    let charged = 0;
    let refunded = 0;
    for (const message of snapshot.messages) {
      if (message.billingAccountId !== account.id || !message.charged) continue;
      charged += message.cost;
      if (message.refunded) refunded += message.cost;
    }
    const money = (n: number) => formatMoney(n);
    if (account.balance !== funded - charges + refunds) {
      v.add(
        'balance ≠ funding − charges + refunds',
        `${account.id}: ${money(account.balance)} ≠ ${money(funded)} − ${money(charges)} + ${money(refunds)}`,
      );
    }
    if (charges !== charged) {
      v.add(
        'charges ≠ Σ cost of the charged messages',
        `${account.id}: ${money(charges)} ≠ ${money(charged)}`,
      );
    }
    if (refunds !== refunded) {
      v.add(
        'refunds ≠ Σ cost of the refunded messages',
        `${account.id}: ${money(refunds)} ≠ ${money(refunded)}`,
      );
    }
  }
  return v;
}

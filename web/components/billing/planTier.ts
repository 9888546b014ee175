import type { TPlan } from '../../../shared/billing.js';

export type TPlanTier = 'free' | 'basic' | 'pro' | 'unlimited';

/** SPEC §9 plan-card feature tiers by amount: free/0, up to 29, up to 99, above (in the plan's major units). */
export function planTier(plan: Pick<TPlan, 'amount' | 'free'>): TPlanTier {
  const amount = plan.amount / 100;
  if (plan.free || amount <= 0) return 'free';
  if (amount <= 29) return 'basic';
  return amount <= 99 ? 'pro' : 'unlimited';
}

/** SPEC §2: "upgrade" when the plan costs more than the current one, else "downgrade". */
export function planAction(plan: Pick<TPlan, 'amount'>, current: Pick<TPlan, 'amount'>): 'upgrade' | 'downgrade' {
  return plan.amount > current.amount ? 'upgrade' : 'downgrade';
}

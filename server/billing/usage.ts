import { UPGRADE_THRESHOLDS } from '../../shared/constants.js';
import type { TBenefitKey, TLimitInfo, TUpgradeReason, TUsageMeter } from '../../shared/billing.js';
import type { PlanRow } from './plans.repository.js';

/** What a plan limits (DESIGN §6.3): active = approved and not deleted; total = not deleted. */
export interface ReviewUsage {
  active: number;
  total: number;
}

/** The usage in the trigger-kept review counters (one row per status and deletion). */
export function usageOf(counters: Array<{ status: string; deleted: boolean; reviews: number }>): ReviewUsage {
  const live = counters.filter((c) => !c.deleted);
  return {
    active: live.filter((c) => c.status === 'approved').reduce((sum, c) => sum + c.reviews, 0),
    total: live.reduce((sum, c) => sum + c.reviews, 0),
  };
}

export function meter(current: number, max: number | null): TUsageMeter {
  if (max === null) return { current, max: null, unlimited: true, percentage: 0, reached_limit: false };
  // Floor: 449 of 500 is 89 %, not yet the 90 % threshold.
  const percentage = max === 0 ? 100 : Math.min(100, Math.floor((current / max) * 100));
  return { current, max, unlimited: false, percentage, reached_limit: current >= max };
}

export function limitInfo(usage: ReviewUsage, plan: PlanRow): TLimitInfo {
  return {
    active_reviews: meter(usage.active, plan.maxActiveReviews),
    total_reviews: meter(usage.total, plan.maxTotalReviews),
  };
}

/** SPEC §9 reasons by the 70 % / 90 % / 100 % thresholds, the most pressing first. */
export function primaryReason(info: TLimitInfo): TUpgradeReason {
  const { active_reviews: active, total_reviews: total } = info;
  if (active.reached_limit) return 'reached_active_limit';
  if (total.reached_limit) return 'reached_total_limit';
  if (active.percentage >= UPGRADE_THRESHOLDS.error) return 'near_active_limit';
  if (total.percentage >= UPGRADE_THRESHOLDS.error) return 'near_total_limit';
  if (Math.max(active.percentage, total.percentage) >= UPGRADE_THRESHOLDS.warning) return 'approaching_limits';
  return 'unlock_features';
}

const REASON_BENEFITS: Partial<Record<TUpgradeReason, TBenefitKey[]>> = {
  reached_active_limit: ['unlimited_reviews', 'more_active_reviews'],
  near_active_limit: ['unlimited_reviews', 'more_active_reviews'],
  reached_total_limit: ['unlimited_reviews', 'more_total_reviews'],
  near_total_limit: ['unlimited_reviews', 'more_total_reviews'],
};

/** At most 3 benefits of the recommended plan, the ones that answer the reason first. */
export function benefitsFor(reason: TUpgradeReason, plan: PlanRow | undefined): TBenefitKey[] {
  const offered = (plan?.features ?? []) as TBenefitKey[];
  const first = (REASON_BENEFITS[reason] ?? []).filter((key) => offered.includes(key));
  return [...new Set([...first, ...offered])].slice(0, 3);
}

// Why the upgrade card shows and what a paid plan adds, without zod: the dashboard imports these, not the schemas.

export const UPGRADE_REASONS = [
  'reached_active_limit',
  'reached_total_limit',
  'near_active_limit',
  'near_total_limit',
  'approaching_limits',
  'unlock_features',
] as const;
export type TUpgradeReason = (typeof UPGRADE_REASONS)[number];

export const BENEFIT_KEYS = [
  'unlimited_reviews',
  'priority_support',
  'advanced_analytics',
  'custom_branding',
  'more_active_reviews',
  'more_total_reviews',
  'advanced_features',
] as const;
export type TBenefitKey = (typeof BENEFIT_KEYS)[number];

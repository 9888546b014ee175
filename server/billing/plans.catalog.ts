import type { TBenefitKey } from '../../shared/billing.js';

export interface PlanSeed {
  code: string;
  name: string;
  /** Integer minor units (USD cents). */
  amount: number;
  /** null = unlimited. Total caps are 10× the active cap (DESIGN §6.4). */
  maxActiveReviews: number | null;
  maxTotalReviews: number | null;
  /** Review requests a month; null = unlimited. */
  maxMonthlyRequests: number | null;
  features: TBenefitKey[];
}

/** DESIGN §6.4: SPEC §9's tiers, seeded on first start. Prices sit inside each tier's range. */
export const PLAN_CATALOG: PlanSeed[] = [
  {
    code: 'free',
    name: 'Free',
    amount: 0,
    maxActiveReviews: 5,
    maxTotalReviews: 50,
    maxMonthlyRequests: 50,
    features: [],
  },
  {
    code: 'starter',
    name: 'Starter',
    amount: 1900,
    maxActiveReviews: 50,
    maxTotalReviews: 500,
    maxMonthlyRequests: 500,
    features: ['more_active_reviews', 'more_total_reviews', 'custom_branding'],
  },
  {
    code: 'growth',
    name: 'Growth',
    amount: 4900,
    maxActiveReviews: 200,
    maxTotalReviews: 2000,
    maxMonthlyRequests: 2000,
    features: ['more_active_reviews', 'more_total_reviews', 'priority_support', 'advanced_analytics'],
  },
  {
    code: 'scale',
    name: 'Scale',
    amount: 14900,
    maxActiveReviews: null,
    maxTotalReviews: null,
    maxMonthlyRequests: null,
    features: ['unlimited_reviews', 'priority_support', 'advanced_analytics', 'custom_branding', 'advanced_features'],
  },
];

export const FREE_PLAN_CODE = 'free';

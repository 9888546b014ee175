import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { TListOf } from '../../shared/accounts.js';
import type { TPlan } from '../../shared/reviews.js';
import { FREE_PLAN_CODE, PLAN_CATALOG } from './plans.catalog.js';
import { PlansRepository, type PlanRow } from './plans.repository.js';

export function mapPlan(plan: PlanRow): TPlan {
  return {
    id: plan.id,
    code: plan.code,
    name: plan.name,
    amount: plan.amount,
    currency: plan.currency,
    formatted_amount: new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: plan.currency.toUpperCase(),
    }).format(plan.amount / 100),
    frequency: plan.frequency,
    free: plan.free,
    max_active_reviews: plan.maxActiveReviews,
    max_total_reviews: plan.maxTotalReviews,
    unlimited_active_reviews: plan.maxActiveReviews === null,
    status: plan.status,
  };
}

@Injectable()
export class PlansService implements OnApplicationBootstrap {
  constructor(private readonly plans: PlansRepository) {}

  /** Every instance may run this at once: inserts skip plans that exist. */
  async onApplicationBootstrap(): Promise<void> {
    await this.plans.seed(PLAN_CATALOG);
  }

  async list(status?: PlanRow['status']): Promise<TListOf<TPlan>> {
    return { results: (await this.plans.list(status)).map(mapPlan) };
  }

  /** DESIGN §6.4: every merchant is on Free until a subscription says otherwise. */
  async currentPlan(merchantId: string): Promise<PlanRow> {
    const subscribed = await this.plans.subscribedPlan(merchantId);
    if (subscribed) return subscribed;
    const free = await this.plans.findByCode(FREE_PLAN_CODE);
    if (!free) throw new Error('The Free plan is missing: plans are seeded at start');
    return free;
  }

  activePlans(): Promise<PlanRow[]> {
    return this.plans.list('active');
  }
}

import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { TListOf } from '../../shared/accounts.js';
import type { TBenefitKey, TPlan } from '../../shared/billing.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { RenderReads } from '../database/render-reads.js';
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
    max_monthly_requests: plan.maxMonthlyRequests,
    unlimited_active_reviews: plan.maxActiveReviews === null,
    status: plan.status,
    features: plan.features as TBenefitKey[],
  };
}

@Injectable()
export class PlansService implements OnApplicationBootstrap {
  constructor(
    private readonly plans: PlansRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Every instance may run this at once: inserts skip plans that exist, prices are set to the same values. */
  async onApplicationBootstrap(): Promise<void> {
    await this.plans.seed(PLAN_CATALOG);
    await this.plans.setStripePrices(this.config.stripe.priceIds);
  }

  async find(id: string): Promise<PlanRow | null> {
    return this.plans.findById(id);
  }

  findByStripePrice(priceId: string): Promise<PlanRow | null> {
    return this.plans.findByStripePrice(priceId);
  }

  async list(status?: PlanRow['status'], reads?: RenderReads): Promise<TListOf<TPlan>> {
    return { results: (await this.plans.list(status, reads)).map(mapPlan) };
  }

  /** DESIGN §6.4: every merchant is on Free until a subscription says otherwise. */
  async freePlan(reads?: RenderReads): Promise<PlanRow> {
    // On sale as a rule: found among the plans a page render lists anyway (one read for both), else read by its code.
    const onSale = (await this.plans.list('active', reads)).find((plan) => plan.code === FREE_PLAN_CODE);
    const free = onSale ?? (await this.plans.findByCode(FREE_PLAN_CODE));
    if (!free) throw new Error('The Free plan is missing: plans are seeded at start');
    return free;
  }

  activePlans(reads?: RenderReads): Promise<PlanRow[]> {
    return this.plans.list('active', reads);
  }
}

import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { UPGRADE_THRESHOLDS } from '../../shared/constants.js';
import type { TCurrentUsage, TPlanLimitError, TUsageDetails, TUsageMeter } from '../../shared/billing.js';
import { ApiError } from '../common/api-error.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { readOnce, type RenderReads } from '../database/render-reads.js';
import type { PlanRow } from './plans.repository.js';
import { ServerReaders } from '../ssr/server-readers.js';
import { PlansService, mapPlan } from './plans.service.js';
import { ReviewUsageRepository } from './review-usage.repository.js';
import { SubscriptionsRepository, type SubscriptionRow } from './subscriptions.repository.js';
import { benefitsFor, limitInfo, meter, primaryReason, type ReviewUsage } from './usage.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type TLimitKind = 'active' | 'total';

const PLAN_LIMIT_DETAIL: Record<TLimitKind, string> = {
  active: "You've reached your plan limit for active reviews.",
  total: "You've reached your plan limit.",
};

/** The plan in force for a store and why (the subscription's standing). */
export interface Standing {
  plan: PlanRow;
  subscription: SubscriptionRow | null;
  status: TCurrentUsage['billing_status'];
  graceEndsAt: Date | null;
}

/**
 * Plan limits (DESIGN §6.3) from the real subscription state: active and trialing subscriptions carry their plan, a
 * failed payment keeps it for the grace period (BILLING_GRACE_DAYS), a cancellation until the period ends; otherwise
 * Free applies. A lower plan never touches reviews already approved: only new approvals are refused until usage fits.
 */
@Injectable()
export class PlanLimitsService implements OnModuleInit {
  constructor(
    private readonly plans: PlansService,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly usage: ReviewUsageRepository,
    private readonly readers: ServerReaders,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // The upgrade card's data, for pages of members who may moderate (the API route's permission).
    this.readers.register(
      'usageDetails',
      'moderate_reviews',
      (merchantId, _user, reads) => () => this.usageDetails(merchantId, reads),
    );
  }

  /** `reads`: a page render's, where the plan's usage and its upgrades read the subscription and the plans once. */
  async standing(merchantId: string, now = new Date(), reads?: RenderReads): Promise<Standing> {
    const live = await readOnce(reads, `live_subscription:${merchantId}`, () =>
      this.subscriptions.latestLive(merchantId),
    );
    if (live) {
      const { subscription, plan } = live;
      if (subscription.status === 'past_due') {
        const since = subscription.pastDueSince ?? subscription.updatedAt;
        const graceEndsAt = new Date(since.getTime() + this.config.billing.graceDays * DAY_MS);
        if (now < graceEndsAt) return { plan, subscription, status: 'grace', graceEndsAt };
      } else {
        const status = subscription.cancelAtPeriodEnd
          ? 'canceling'
          : subscription.status === 'trialing'
            ? 'trialing'
            : 'active';
        return { plan, subscription, status, graceEndsAt: null };
      }
    }
    return { plan: await this.plans.freePlan(reads), subscription: null, status: 'free', graceEndsAt: null };
  }

  async planOf(merchantId: string, reads?: RenderReads): Promise<PlanRow> {
    return (await this.standing(merchantId, new Date(), reads)).plan;
  }

  /** How many more active (approved) and total (not deleted) reviews the plan takes; Infinity when unlimited. */
  room(usage: ReviewUsage, plan: PlanRow): Record<TLimitKind, number> {
    const left = (max: number | null, current: number) => (max === null ? Infinity : Math.max(0, max - current));
    return { active: left(plan.maxActiveReviews, usage.active), total: left(plan.maxTotalReviews, usage.total) };
  }

  /** The refusal of a review that does not fit: the body of a 403 plan_limit. */
  refusal(usage: ReviewUsage, plan: PlanRow, kind: TLimitKind): TPlanLimitError {
    return { detail: PLAN_LIMIT_DETAIL[kind], code: 'plan_limit', limit_info: limitInfo(usage, plan) };
  }

  /** DESIGN §6.3: one more active or total review must fit the plan; else 403 plan_limit. */
  assertRoom(usage: ReviewUsage, plan: PlanRow, kind: TLimitKind): void {
    if (this.room(usage, plan)[kind] > 0) return;
    throw new ApiError(403, { ...this.refusal(usage, plan, kind) });
  }

  /** Review requests made this calendar month (UTC) against the plan's monthly quota. */
  async monthlyRequests(merchantId: string, now = new Date(), reads?: RenderReads): Promise<TUsageMeter> {
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const [plan, made] = await Promise.all([
      this.planOf(merchantId, reads),
      this.usage.requestsSince(merchantId, monthStart),
    ]);
    return meter(made, plan.maxMonthlyRequests);
  }

  async currentUsage(merchantId: string, reads?: RenderReads): Promise<TCurrentUsage> {
    const now = new Date();
    const [standing, usage, requests] = await Promise.all([
      this.standing(merchantId, now, reads),
      this.usage.usage(merchantId, reads),
      this.monthlyRequests(merchantId, now, reads),
    ]);
    return {
      plan: mapPlan(standing.plan),
      usage: limitInfo(usage, standing.plan),
      review_requests_this_month: requests,
      billing_status: standing.status,
      grace_ends_at: standing.graceEndsAt?.toISOString() ?? null,
    };
  }

  /** SPEC §3 Usage details: the upgrade widget's data. */
  async usageDetails(merchantId: string, reads?: RenderReads): Promise<TUsageDetails> {
    const [standing, usage, catalog] = await Promise.all([
      this.standing(merchantId, new Date(), reads),
      this.usage.usage(merchantId, reads),
      this.plans.activePlans(reads),
    ]);
    const { plan } = standing;
    const info = limitInfo(usage, plan);
    const upgrades = catalog.filter((candidate) => candidate.amount > plan.amount).slice(0, 2);
    const reason = primaryReason(info);
    const pressing =
      Math.max(info.active_reviews.percentage, info.total_reviews.percentage) >= UPGRADE_THRESHOLDS.warning;
    const { reached_limit: _a, ...active } = info.active_reviews;
    const { reached_limit: _t, ...total } = info.total_reviews;
    return {
      show_upgrade_prompt: upgrades.length > 0 && (pressing || plan.free),
      is_free_plan: plan.free,
      current_plan: { id: plan.id, name: plan.name, code: plan.code },
      usage: { active_reviews: active, total_reviews: total },
      upgrade_plans: upgrades.map((candidate) => ({
        id: candidate.id,
        name: candidate.name,
        currency: candidate.currency,
        amount: candidate.amount,
        frequency: candidate.frequency,
        unlimited_active_reviews: candidate.maxActiveReviews === null,
        max_active_reviews: candidate.maxActiveReviews,
      })),
      recommendations: { primary_reason: reason, benefits: benefitsFor(reason, upgrades[0]) },
      billing_status: standing.status,
      grace_ends_at: standing.graceEndsAt?.toISOString() ?? null,
    };
  }
}

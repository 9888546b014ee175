import { Injectable } from '@nestjs/common';
import type { TActiveSubscription, TCurrentUsage, TSubscription } from '../../shared/billing.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import { ApiError } from '../common/api-error.js';
import type { RenderReads } from '../database/render-reads.js';
import { PlanLimitsService } from './plan-limits.service.js';
import { PlansService, mapPlan } from './plans.service.js';
import { ReviewUsageRepository } from './review-usage.repository.js';
import { StripeBilling } from './stripe/stripe-billing.service.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { limitInfo } from './usage.js';

/** SPEC §7 Billing subscriptions: the store's subscription, its usage, and in-place plan changes (Stripe). */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly limits: PlanLimitsService,
    private readonly plans: PlansService,
    private readonly usage: ReviewUsageRepository,
    private readonly stripe: StripeBilling,
  ) {}

  active(auth: WorkspaceContext): Promise<TActiveSubscription> {
    return this.activeOf(storeOf(auth).id);
  }

  async activeOf(merchantId: string, reads?: RenderReads): Promise<TActiveSubscription> {
    const standing = await this.limits.standing(merchantId, new Date(), reads);
    const { subscription } = standing;
    if (!subscription || (subscription.provider !== 'stripe' && subscription.provider !== 'shopify')) return {};
    const usage = await this.usage.usage(merchantId, reads);
    const plan = mapPlan(standing.plan);
    return {
      id: subscription.id,
      provider: subscription.provider,
      status: subscription.status,
      current_plan: { plan },
      plan_usage: limitInfo(usage, standing.plan),
      subscription_plans: [{ plan: { id: plan.id }, status: subscription.status }],
      current_period_end: subscription.currentPeriodEnd?.toISOString() ?? null,
      trial_ends_at: subscription.trialEndsAt?.toISOString() ?? null,
      cancel_at_period_end: subscription.cancelAtPeriodEnd,
      past_due_since: subscription.pastDueSince?.toISOString() ?? null,
      grace_ends_at: standing.graceEndsAt?.toISOString() ?? null,
    } satisfies TSubscription;
  }

  currentUsage(auth: WorkspaceContext): Promise<TCurrentUsage> {
    return this.limits.currentUsage(storeOf(auth).id);
  }

  /** SPEC §4 PLAN_CHANGE: in place, prorated; the new plan's limits apply at once. */
  async changePlan(auth: WorkspaceContext, id: string, newPlanId: string): Promise<TActiveSubscription> {
    const merchantId = storeOf(auth).id;
    const found = await this.subscriptions.find(merchantId, id);
    if (!found) throw ApiError.notFound('No subscription with this id in your store.');
    const { subscription, plan: current } = found;
    if (!['active', 'trialing', 'past_due'].includes(subscription.status)) {
      throw ApiError.badRequest('This subscription has ended: subscribe again through checkout.', 'subscription_ended');
    }
    if (subscription.provider !== 'stripe') {
      throw ApiError.badRequest('Shopify stores change plans through Shopify’s checkout.', 'use_checkout');
    }
    const plan = await this.plans.find(newPlanId);
    if (!plan || plan.status !== 'active') {
      throw ApiError.validation({ new_plan_id: ['No such plan.'] });
    }
    if (plan.id === current.id) throw ApiError.validation({ new_plan_id: ['This is already your plan.'] });
    await this.stripe.changePlan(subscription, plan);
    await this.subscriptions.setAccepted(
      merchantId,
      subscription.id,
      plan.free ? { cancelAtPeriodEnd: true } : { planId: plan.id, cancelAtPeriodEnd: false },
    );
    return this.activeOf(merchantId);
  }
}

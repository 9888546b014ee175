import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { merchants, plans, subscriptions } from '../database/schema.js';
import type { PlanRow } from './plans.repository.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionStatus = SubscriptionRow['status'];
export interface SubscriptionWithPlan {
  subscription: SubscriptionRow;
  plan: PlanRow;
}

/** A subscription as its provider reports it, at the time of the report. */
export interface ProviderSubscription {
  merchantId: string;
  planId: string;
  provider: 'stripe' | 'shopify';
  providerSubscriptionId: string;
  providerItemId: string | null;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  trialEndsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  /** When the provider says this state held. */
  at: Date;
}

/** The states in which a subscription may still carry its plan (past_due for the grace period). */
const LIVE: SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/** Merchants' subscriptions (DESIGN §5); every method takes the merchant, or a provider's own id. */
@Injectable()
export class SubscriptionsRepository {
  private readonly statements = new PreparedStatements('subscriptions');

  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  /** The newest subscription that may carry a plan, with its plan. */
  async latestLive(merchantId: string): Promise<SubscriptionWithPlan | null> {
    // Read on most dashboard pages (the plan and its usage): a prepared statement.
    const statement = this.statements.get('latest_live', (name) =>
      this.db
        .select({ subscription: subscriptions, plan: plans })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(and(eq(subscriptions.merchantId, sql.placeholder('merchant')), inArray(subscriptions.status, LIVE)))
        .orderBy(desc(subscriptions.createdAt))
        .limit(1)
        .prepare(name),
    );
    const [row] = await statement.execute({ merchant: merchantId });
    return row ?? null;
  }

  async find(merchantId: string, id: string): Promise<SubscriptionWithPlan | null> {
    const [row] = await this.db
      .select({ subscription: subscriptions, plan: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptions.merchantId, merchantId), eq(subscriptions.id, id)))
      .limit(1);
    return row ?? null;
  }

  async findByProviderId(
    provider: 'stripe' | 'shopify',
    providerSubscriptionId: string,
  ): Promise<SubscriptionRow | null> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)),
      )
      .limit(1);
    return row ?? null;
  }

  /**
   * Records the provider's report. A report older than the last one applied changes nothing (events arrive out of
   * order). A payment failure keeps the time it started, so the grace period does not restart with every retry.
   * Returns the row when it changed.
   */
  async applyReport(report: ProviderSubscription): Promise<SubscriptionRow | null> {
    const { at, ...fields } = report;
    const pastDueSince = report.status === 'past_due' ? at : null;
    const [row] = await this.db
      .insert(subscriptions)
      .values({ ...fields, pastDueSince, lastEventAt: at })
      .onConflictDoUpdate({
        target: [subscriptions.provider, subscriptions.providerSubscriptionId],
        set: {
          planId: sql`excluded.plan_id`,
          providerItemId: sql`coalesce(excluded.provider_item_id, ${subscriptions.providerItemId})`,
          status: sql`excluded.status`,
          currentPeriodEnd: sql`coalesce(excluded.current_period_end, ${subscriptions.currentPeriodEnd})`,
          trialEndsAt: sql`excluded.trial_ends_at`,
          cancelAtPeriodEnd: sql`excluded.cancel_at_period_end`,
          canceledAt: sql`excluded.canceled_at`,
          pastDueSince: sql`case when excluded.status = 'past_due' then coalesce(${subscriptions.pastDueSince}, excluded.past_due_since) end`,
          lastEventAt: sql`excluded.last_event_at`,
          updatedAt: new Date(),
        },
        setWhere: sql`${subscriptions.lastEventAt} is null or ${subscriptions.lastEventAt} <= excluded.last_event_at`,
      })
      .returning();
    return row ?? null;
  }

  /** An invoice paid or failed: the subscription recovers, or starts (or stays in) its grace period. */
  async applyPayment(
    provider: 'stripe' | 'shopify',
    providerSubscriptionId: string,
    outcome: 'paid' | 'failed',
    at: Date,
  ): Promise<SubscriptionRow | null> {
    const status =
      outcome === 'paid'
        ? sql`case when ${subscriptions.status} in ('past_due', 'incomplete') then 'active' else ${subscriptions.status} end`
        : sql`case when ${subscriptions.status} = 'canceled' then ${subscriptions.status} else 'past_due' end`;
    const [row] = await this.db
      .update(subscriptions)
      .set({
        status,
        pastDueSince:
          outcome === 'paid' ? null : sql`coalesce(${subscriptions.pastDueSince}, ${at.toISOString()}::timestamptz)`,
        lastEventAt: at,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(subscriptions.provider, provider),
          eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
          sql`(${subscriptions.lastEventAt} is null or ${subscriptions.lastEventAt} <= ${at.toISOString()}::timestamptz)`,
        ),
      )
      .returning();
    return row ?? null;
  }

  /**
   * A change the provider accepted (a new plan, or ending at the period's end): in force now, so the merchant sees it
   * at once; the provider's event confirms it later.
   */
  async setAccepted(
    merchantId: string,
    id: string,
    change: { planId: string; cancelAtPeriodEnd: false } | { cancelAtPeriodEnd: true },
  ): Promise<void> {
    await this.db
      .update(subscriptions)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(subscriptions.merchantId, merchantId), eq(subscriptions.id, id)));
  }

  /** A newer subscription replaced the store's others (Shopify replaces the app subscription on a plan change). */
  async cancelOthers(merchantId: string, provider: 'stripe' | 'shopify', keepId: string): Promise<void> {
    await this.db
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(subscriptions.merchantId, merchantId),
          eq(subscriptions.provider, provider),
          ne(subscriptions.id, keepId),
          inArray(subscriptions.status, [...LIVE, 'incomplete']),
        ),
      );
  }

  async merchantByStripeCustomer(customerId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.stripeCustomerId, customerId))
      .limit(1);
    return row?.id ?? null;
  }
}

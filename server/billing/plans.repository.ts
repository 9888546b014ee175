import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { plans, subscriptions } from '../database/schema.js';
import type { PlanSeed } from './plans.catalog.js';

export type PlanRow = typeof plans.$inferSelect;

@Injectable()
export class PlansRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Inserts the plans that are missing; existing ones (maybe edited by an operator) are left alone. */
  async seed(catalog: PlanSeed[]): Promise<void> {
    await this.database.db
      .insert(plans)
      .values(catalog.map((plan) => ({ ...plan, free: plan.amount === 0 })))
      .onConflictDoNothing({ target: plans.code });
  }

  list(status?: PlanRow['status']): Promise<PlanRow[]> {
    return this.database.db
      .select()
      .from(plans)
      .where(status ? eq(plans.status, status) : undefined)
      .orderBy(asc(plans.amount), asc(plans.name));
  }

  async findByCode(code: string): Promise<PlanRow | null> {
    const [row] = await this.database.db.select().from(plans).where(eq(plans.code, code)).limit(1);
    return row ?? null;
  }

  /** The plan of the merchant's live subscription, if any. */
  async subscribedPlan(merchantId: string): Promise<PlanRow | null> {
    const [row] = await this.database.db
      .select({ plan: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptions.merchantId, merchantId), inArray(subscriptions.status, ['active', 'trialing'])))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    return row?.plan ?? null;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { readOnce, type RenderReads } from '../database/render-reads.js';
import { plans } from '../database/schema.js';
import type { PlanSeed } from './plans.catalog.js';

export type PlanRow = typeof plans.$inferSelect;

@Injectable()
export class PlansRepository {
  private readonly statements = new PreparedStatements('plans');

  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Inserts the plans that are missing; existing ones (maybe edited by an operator) are left alone. */
  async seed(catalog: PlanSeed[]): Promise<void> {
    await this.database.db
      .insert(plans)
      .values(catalog.map((plan) => ({ ...plan, free: plan.amount === 0 })))
      .onConflictDoNothing({ target: plans.code });
  }

  // The catalog and the Free plan are read on most dashboard pages: prepared statements, the list once per render.
  list(status?: PlanRow['status'], reads?: RenderReads): Promise<PlanRow[]> {
    const key = `list_${status ?? 'all'}`;
    const statement = this.statements.get(key, (name) =>
      this.database.db
        .select()
        .from(plans)
        .where(status ? eq(plans.status, status) : undefined)
        .orderBy(asc(plans.amount), asc(plans.name))
        .prepare(name),
    );
    return readOnce(reads, `plans:${key}`, () => statement.execute());
  }

  async findByCode(code: string): Promise<PlanRow | null> {
    const statement = this.statements.get('by_code', (name) =>
      this.database.db
        .select()
        .from(plans)
        .where(eq(plans.code, sql.placeholder('code')))
        .limit(1)
        .prepare(name),
    );
    const [row] = await statement.execute({ code });
    return row ?? null;
  }

  async findById(id: string): Promise<PlanRow | null> {
    const [row] = await this.database.db.select().from(plans).where(eq(plans.id, id)).limit(1);
    return row ?? null;
  }

  async findByStripePrice(priceId: string): Promise<PlanRow | null> {
    const [row] = await this.database.db.select().from(plans).where(eq(plans.stripePriceId, priceId)).limit(1);
    return row ?? null;
  }

  /** The configured Stripe price of each plan code (STRIPE_PRICE_IDS): configuration wins over what is stored. */
  async setStripePrices(priceIds: Record<string, string>): Promise<void> {
    for (const [code, priceId] of Object.entries(priceIds)) {
      await this.database.db.update(plans).set({ stripePriceId: priceId }).where(eq(plans.code, code));
    }
  }
}

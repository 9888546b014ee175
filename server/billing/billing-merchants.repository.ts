import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import { type MerchantRow } from '../accounts/accounts.repository.js';
import { SessionStamps } from '../accounts/session-stamps.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { merchants } from '../database/schema.js';

/**
 * The billing side of a merchant: its Stripe customer and its Shopify trial. Its members' sessions show both: their
 * session stamps are bumped once a change is committed.
 */
@Injectable()
export class BillingMerchantsRepository {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    private readonly stamps: SessionStamps,
  ) {}

  private async changed(row: { workspaceId: string } | undefined): Promise<void> {
    if (row) await this.stamps.bumpMembers(this.database.db, row.workspaceId);
  }

  async find(merchantId: string): Promise<MerchantRow | null> {
    const [row] = await this.database.db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
    return row ?? null;
  }

  /** Sets the Stripe customer once: returns the one that holds (another request's, when two raced). */
  async claimStripeCustomer(merchantId: string, customerId: string): Promise<string> {
    const [claimed] = await this.database.db
      .update(merchants)
      .set({ stripeCustomerId: customerId })
      .where(and(eq(merchants.id, merchantId), isNull(merchants.stripeCustomerId)))
      .returning({ customerId: merchants.stripeCustomerId, workspaceId: merchants.workspaceId });
    await this.changed(claimed);
    if (claimed?.customerId) return claimed.customerId;
    const merchant = await this.find(merchantId);
    return merchant?.stripeCustomerId ?? customerId;
  }

  async markShopifyTrialUsed(merchantId: string): Promise<void> {
    const [row] = await this.database.db
      .update(merchants)
      .set({ shopifyTrialUsedAt: new Date() })
      .where(and(eq(merchants.id, merchantId), isNull(merchants.shopifyTrialUsedAt)))
      .returning({ workspaceId: merchants.workspaceId });
    await this.changed(row);
  }
}

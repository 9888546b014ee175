import { Inject, Injectable } from '@nestjs/common';
import { and, avg, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type MerchantRow } from '../accounts/accounts.repository.js';
import { SessionStamps } from '../accounts/session-stamps.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { merchants, products, reviews } from '../database/schema.js';
import { publishedReviews } from '../reviews/published-reviews.js';

/** What the platform ratings read: products' published reviews, the same the storefront shows. */
@Injectable()
export class PlatformRatingsRepository {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    private readonly stamps: SessionStamps,
  ) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Of these reviews' products (and these products), the ones a platform knows: the platform's own catalogue
   * (`source = 'platform'`), not archived, of a store connected to one of `platforms`; with `rated`, only those with
   * an approved review.
   */
  async platformProducts(
    merchantId: string,
    platforms: Array<MerchantRow['platform']>,
    touched: { reviewIds?: readonly string[]; productIds?: readonly string[]; rated?: boolean },
  ): Promise<string[]> {
    const reviewIds = [...new Set(touched.reviewIds ?? [])];
    const productIds = [...new Set(touched.productIds ?? [])];
    if (!platforms.length || (!reviewIds.length && !productIds.length)) return [];
    const fromReviews = reviewIds.length
      ? await this.db
          .selectDistinct({ id: reviews.productId })
          .from(reviews)
          .where(and(eq(reviews.merchantId, merchantId), inArray(reviews.id, reviewIds)))
      : [];
    const candidates = [...new Set([...productIds, ...fromReviews.map((row) => row.id)])];
    if (!candidates.length) return [];
    const rows = await this.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(merchants, eq(merchants.id, products.merchantId))
      .where(
        and(
          eq(products.merchantId, merchantId),
          inArray(products.id, candidates),
          eq(products.source, 'platform'),
          isNull(products.archivedAt),
          inArray(merchants.platform, platforms),
          isNull(merchants.disconnectedAt),
          touched.rated
            ? sql`exists (select 1 from ${reviews} r where r.product_id = ${products.id} and r.status = 'approved'
                and r.deleted_at is null)`
            : undefined,
        ),
      );
    return rows.map((row) => row.id);
  }

  /**
   * Records that the platform refused our ratings (`at`), or took them again (null). Only a change is written; the
   * store is part of its members' sessions, so their stamps are bumped and every instance's pages show it.
   */
  async refused(merchantId: string, at: Date | null): Promise<void> {
    const [store] = await this.db
      .update(merchants)
      .set({ ratingsRefusedAt: at })
      .where(
        and(
          eq(merchants.id, merchantId),
          at ? isNull(merchants.ratingsRefusedAt) : isNotNull(merchants.ratingsRefusedAt),
        ),
      )
      .returning({ workspaceId: merchants.workspaceId });
    if (store) await this.stamps.bumpMembers(this.db, store.workspaceId);
  }

  async merchant(merchantId: string): Promise<MerchantRow | null> {
    const [row] = await this.db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
    return row ?? null;
  }

  /** The product's published reviews: approved, not deleted, media not still processing (as the storefront). */
  async rating(merchantId: string, productId: string) {
    const [product] = await this.db
      .select({ externalId: products.externalId, source: products.source, archivedAt: products.archivedAt })
      .from(products)
      .where(and(eq(products.merchantId, merchantId), eq(products.id, productId)))
      .limit(1);
    if (!product) return null;
    const [summary] = await this.db
      .select({ average: avg(reviews.rating), count: count() })
      .from(reviews)
      .where(and(publishedReviews(merchantId), eq(reviews.productId, productId)));
    const total = Number(summary?.count ?? 0);
    return {
      product,
      rating: {
        productId,
        externalId: product.externalId,
        count: total,
        average: total && summary?.average !== null ? Number(summary.average) : null,
      },
    };
  }

  /** Notes `value` under `key` in the store's metadata (what a platform did once per connection). */
  async note(merchantId: string, key: string, value: string): Promise<void> {
    await this.db
      .update(merchants)
      .set({ metadata: sql`${merchants.metadata} || jsonb_build_object(${key}::text, ${value}::text)` })
      .where(eq(merchants.id, merchantId));
  }
}

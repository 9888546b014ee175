import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { SessionStamps } from '../../accounts/session-stamps.js';
import type { DatabaseHandle } from '../../database/database.js';
import { DATABASE } from '../../database/database.module.js';
import { merchants, platformReviewCopies, products, reviews } from '../../database/schema.js';
import { publishedReviews } from '../../reviews/published-reviews.js';

export type ReviewCopy = typeof platformReviewCopies.$inferSelect;

/** Our reviews copied into BigCommerce's own product reviews, and what is to be copied. */
@Injectable()
export class BigCommerceReviewCopiesRepository {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    private readonly stamps: SessionStamps,
  ) {}

  private get db() {
    return this.database.db;
  }

  /** The product's published reviews, as the storefront shows them, oldest first. */
  published(merchantId: string, productId: string) {
    return this.db
      .select({
        id: reviews.id,
        customerName: reviews.customerName,
        customerEmail: reviews.customerEmail,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(and(publishedReviews(merchantId), eq(reviews.productId, productId)))
      .orderBy(reviews.createdAt, reviews.id);
  }

  /** The copies on this product, and those of these reviews wherever they sit (a review moved between products). */
  copies(merchantId: string, productId: string, reviewIds: string[]): Promise<ReviewCopy[]> {
    return this.db
      .select()
      .from(platformReviewCopies)
      .where(
        and(
          eq(platformReviewCopies.merchantId, merchantId),
          or(
            eq(platformReviewCopies.productId, productId),
            reviewIds.length ? inArray(platformReviewCopies.reviewId, reviewIds) : undefined,
          ),
        ),
      );
  }

  async save(copy: Omit<ReviewCopy, 'createdAt' | 'updatedAt'>): Promise<void> {
    await this.db
      .insert(platformReviewCopies)
      .values(copy)
      .onConflictDoUpdate({
        target: platformReviewCopies.reviewId,
        set: {
          productId: copy.productId,
          externalProductId: copy.externalProductId,
          externalReviewId: copy.externalReviewId,
          digest: copy.digest,
          updatedAt: sql`now()`,
        },
      });
  }

  async remove(merchantId: string, reviewId: string): Promise<void> {
    await this.db
      .delete(platformReviewCopies)
      .where(and(eq(platformReviewCopies.merchantId, merchantId), eq(platformReviewCopies.reviewId, reviewId)));
  }

  /**
   * Turns the copies on or off; answers the products whose copies must follow (rated ones, and those with copies).
   * The store is part of its members' sessions: their stamps are bumped so every instance reads the choice again.
   */
  async choose(merchantId: string, enabled: boolean): Promise<string[]> {
    const [store] = await this.db
      .update(merchants)
      .set({ nativeReviews: enabled })
      .where(eq(merchants.id, merchantId))
      .returning({ workspaceId: merchants.workspaceId });
    if (store) await this.stamps.bumpMembers(this.db, store.workspaceId);
    const rows = await this.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.merchantId, merchantId),
          sql`(exists (select 1 from ${reviews} r where r.product_id = ${products.id} and r.status = 'approved'
            and r.deleted_at is null)
            or exists (select 1 from ${platformReviewCopies} c where c.product_id = ${products.id}))`,
        ),
      );
    return rows.map((row) => row.id);
  }
}

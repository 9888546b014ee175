import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { merchants, products, reviews } from '../database/schema.js';

/** Reviews per statement: a feed holds one batch at a time, whatever the store's size. */
export const FEED_BATCH = 500;

/** What the feed publishes: the storefront's published reviews (StorefrontRepository.approvedReviews), all products. */
@Injectable()
export class GoogleFeedRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async store(merchantId: string) {
    const [row] = await this.database.db
      .select({ storeName: merchants.storeName, storeDomain: merchants.storeDomain, storeId: merchants.storeId })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .limit(1);
    return row ?? null;
  }

  /**
   * The next batch of published reviews with a written review (Google requires `<content>`) after the review
   * `afterId`, newest first (keyset: each batch costs the same; the cursor's time is read in the statement, which
   * keeps its microseconds).
   */
  batch(merchantId: string, afterId: string | null) {
    const after =
      afterId === null
        ? undefined
        : sql`(${reviews.createdAt}, ${reviews.id}) < ((select r.created_at from reviews r where r.id = ${afterId}), ${afterId}::uuid)`;
    return this.database.db
      .select({
        id: reviews.id,
        customerName: reviews.customerName,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        photoKey: reviews.photoKey,
        mediaState: reviews.mediaState,
        publicCopies: reviews.publicCopies,
        source: reviews.source,
        product: { name: products.name, url: products.url, sku: products.sku, source: products.source },
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(
        and(
          eq(reviews.merchantId, merchantId),
          eq(reviews.status, 'approved'),
          isNull(reviews.deletedAt),
          // As on the storefront: media still processing wait; a review whose processing failed shows without them.
          inArray(reviews.mediaState, ['ready', 'failed']),
          sql`btrim(${reviews.comment}) <> ''`,
          after,
        ),
      )
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(FEED_BATCH);
  }
}

export type FeedRow = Awaited<ReturnType<GoogleFeedRepository['batch']>>[number];

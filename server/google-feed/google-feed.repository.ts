import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { merchants, products, reviews } from '../database/schema.js';
import { publishedReviews } from '../reviews/published-reviews.js';
import { afterReview, NEWEST_FIRST, REVIEW_BATCH } from '../reviews/review-batches.js';

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

  /** The next batch of published reviews with a written review (Google requires `<content>`) after `afterId`. */
  batch(merchantId: string, afterId: string | null) {
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
      .where(and(publishedReviews(merchantId), sql`btrim(${reviews.comment}) <> ''`, afterReview(afterId)))
      .orderBy(...NEWEST_FIRST)
      .limit(REVIEW_BATCH);
  }
}

export type FeedRow = Awaited<ReturnType<GoogleFeedRepository['batch']>>[number];

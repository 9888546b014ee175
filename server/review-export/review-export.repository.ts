import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { products, reviews } from '../database/schema.js';
import { afterReview, NEWEST_FIRST, REVIEW_BATCH } from '../reviews/review-batches.js';
import { reviewFilterWhere, type ReviewFilter } from '../reviews/reviews.repository.js';

@Injectable()
export class ReviewExportRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** The next batch of the filter's reviews after the review `afterId`, newest first. */
  batch(merchantId: string, filter: ReviewFilter, afterId: string | null) {
    return this.database.db
      .select({ review: reviews, product: products })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(and(reviewFilterWhere(merchantId, filter), afterReview(afterId)))
      .orderBy(...NEWEST_FIRST)
      .limit(REVIEW_BATCH);
  }
}

export type ExportedReview = Awaited<ReturnType<ReviewExportRepository['batch']>>[number];

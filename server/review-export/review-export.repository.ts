import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { products, reviews } from '../database/schema.js';
import { reviewFilterWhere, type ReviewFilter } from '../reviews/reviews.repository.js';

/** Rows per statement: an export holds one batch at a time, whatever the store's size. */
export const EXPORT_BATCH = 500;

@Injectable()
export class ReviewExportRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /**
   * The next batch of the filter's reviews after the review `afterId`, newest first (keyset: each batch costs the
   * same). The cursor's time is read in the statement: a JavaScript date would drop its microseconds.
   */
  batch(merchantId: string, filter: ReviewFilter, afterId: string | null) {
    const after =
      afterId === null
        ? undefined
        : sql`(${reviews.createdAt}, ${reviews.id}) < ((select r.created_at from reviews r where r.id = ${afterId}), ${afterId}::uuid)`;
    return this.database.db
      .select({ review: reviews, product: products })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(and(reviewFilterWhere(merchantId, filter), after))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(EXPORT_BATCH);
  }
}

export type ExportedReview = Awaited<ReturnType<ReviewExportRepository['batch']>>[number];

import { and, eq, inArray, isNull, type Placeholder, type SQL } from 'drizzle-orm';
import { reviews } from '../database/schema.js';

/**
 * The store's published reviews, wherever they are shown or sent (storefront, platform ratings and review copies, the
 * Google feed): approved, not deleted. A review whose media are still being processed waits for them; one whose
 * processing failed is shown without them, its rating and comment only (mapPublicReview), and the dashboard tells the
 * merchant why. The store may be a placeholder, for a prepared statement.
 */
export function publishedReviews(merchantId: string | Placeholder): SQL {
  return and(
    eq(reviews.merchantId, merchantId),
    eq(reviews.status, 'approved'),
    isNull(reviews.deletedAt),
    inArray(reviews.mediaState, ['ready', 'failed']),
  )!;
}

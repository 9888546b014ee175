import { RATINGS, type TPublicProduct, type TPublicReview, type TRatingDistribution } from '../../shared/storefront.js';
import type { products, reviews } from '../database/schema.js';
import { fromMinorUnits } from '../common/money.js';
import { photoSrcset } from '../media/processing/processed-keys.js';

type ProductFields = Pick<
  typeof products.$inferSelect,
  'name' | 'imageUrl' | 'url' | 'sku' | 'priceAmount' | 'currency' | 'source'
>;

/** What a platform or the merchant said of the product; what a shopper's page sent is never published back. */
export function mapPublicProduct(product: ProductFields | null): TPublicProduct | null {
  if (!product || product.source === 'storefront') return null;
  const priced = product.priceAmount !== null && product.currency !== null;
  return {
    name: product.name,
    image: product.imageUrl,
    url: product.url,
    sku: product.sku,
    price: priced ? fromMinorUnits(product.priceAmount!, product.currency!) : null,
    currency: priced ? product.currency!.toUpperCase() : null,
  };
}

/** Count, average (one decimal) and distribution from the number of approved reviews per rating. */
export function ratingSummary(ratings: Array<{ rating: number; total: number }>): {
  count: number;
  average_rating: number | null;
  distribution: TRatingDistribution;
} {
  const distribution = Object.fromEntries(RATINGS.map((n) => [n, 0])) as TRatingDistribution;
  let count = 0;
  let sum = 0;
  for (const { rating, total } of ratings) {
    distribution[rating as keyof TRatingDistribution] = total;
    count += total;
    sum += rating * total;
  }
  return { count, average_rating: count ? Math.round((sum / count) * 10) / 10 : null, distribution };
}

export function mapPublicReview(
  review: typeof reviews.$inferSelect,
  durationMs: number | null,
  url: (key: string | null) => string | null,
): TPublicReview {
  // Media not ready (their processing failed) are not shown: the review's files are then the shopper's upload.
  const [video, photo, thumbnail] =
    review.mediaState === 'ready' ? [review.videoKey, review.photoKey, review.thumbnailKey] : [null, null, null];
  return {
    id: review.id,
    rating: review.rating,
    comment: review.comment,
    customer_name: review.customerName,
    created_at: review.createdAt.toISOString(),
    video_url: url(video),
    video_duration: video && durationMs !== null ? Math.round(durationMs / 1000) : null,
    thumbnail_url: url(thumbnail),
    photo_url: url(photo),
    photo_srcset: photo ? photoSrcset(photo, (key) => url(key)!) : null,
    verified_purchase: review.verifiedPurchase,
    reply:
      review.replyText === null
        ? null
        : { text: review.replyText, at: (review.replyUpdatedAt ?? review.createdAt).toISOString() },
    pinned: review.pinnedAt !== null,
    helpful_count: review.helpfulCount,
  };
}

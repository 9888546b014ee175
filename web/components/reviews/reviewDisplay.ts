import { DELETED_RETENTION_DAYS } from '../../../shared/constants.js';
import type { TReview } from '../../../shared/reviews.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The customer's name, or `anonymous` (already translated) when the shopper gave none. */
export function customerName(review: TReview, anonymous: string): string {
  return review.customer.name.trim() || anonymous;
}

export function productName(review: TReview): string {
  return review.product.name || review.product_name;
}

/** When a deleted review goes for good (ISO), or null if it is not deleted. */
export function purgeDateOf(review: TReview): string | null {
  if (!review.deleted || !review.deleted_at) return null;
  const deletedAt = new Date(review.deleted_at).getTime();
  return Number.isNaN(deletedAt) ? null : new Date(deletedAt + DELETED_RETENTION_DAYS * DAY_MS).toISOString();
}

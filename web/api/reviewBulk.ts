import type { TReviewBulk, TReviewBulkResult } from '../../shared/reviews.js';
import { apiFetch } from './client';

/** One action on the selected reviews, or on every review matching the list's filter. */
export function bulkModerate(body: TReviewBulk): Promise<TReviewBulkResult> {
  return apiFetch<TReviewBulkResult>('/api/reviews/bulk/', { method: 'POST', body });
}

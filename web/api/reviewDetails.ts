import { useQuery } from '@tanstack/react-query';
import type { TReview, TReviewHistory } from '../../shared/reviews.js';
import { apiFetch } from './client';

// Under the `reviews` prefix, so every moderation refreshes them (invalidateReviewQueries).
export const REVIEW_DETAIL_QUERY_KEY = ['reviews', 'detail'] as const;
export const REVIEW_HISTORY_QUERY_KEY = ['reviews', 'history'] as const;

const reviewPath = (id: string) => `/api/reviews/${encodeURIComponent(id)}/`;

/** One review as it is now, starting from the row it was opened from. */
export function useReviewDetail(review: TReview) {
  return useQuery({
    queryKey: [...REVIEW_DETAIL_QUERY_KEY, review.id],
    queryFn: () => apiFetch<TReview>(reviewPath(review.id)),
    initialData: review,
  });
}

export function useReviewHistory(id: string) {
  return useQuery({
    queryKey: [...REVIEW_HISTORY_QUERY_KEY, id],
    queryFn: () => apiFetch<TReviewHistory>(`${reviewPath(id)}history/`),
  });
}

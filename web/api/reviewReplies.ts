import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReview, TReviewReplyInput } from '../../shared/reviews.js';
import { apiFetch } from './client';
import { REVIEW_DETAIL_QUERY_KEY } from './reviewDetails';
import { invalidateReviewQueries } from './reviews';

const replyPath = (id: string) => `/api/reviews/${encodeURIComponent(id)}/reply/`;

/** The open review takes the answer at once; the list (its rows' replies and pins) refreshes behind it. */
function useReviewChange<T>(request: (input: T) => Promise<TReview | void>, review: TReview) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (updated) => {
      if (updated) queryClient.setQueryData([...REVIEW_DETAIL_QUERY_KEY, review.id], updated);
      await invalidateReviewQueries(queryClient);
    },
  });
}

export function useSaveReply(review: TReview) {
  return useReviewChange(
    (body: TReviewReplyInput) => apiFetch<TReview>(replyPath(review.id), { method: 'PUT', body }),
    review,
  );
}

export function useDeleteReply(review: TReview) {
  return useReviewChange(() => apiFetch<void>(replyPath(review.id), { method: 'DELETE' }), review);
}

export function usePinReview(review: TReview) {
  return useReviewChange(
    (pinned: boolean) =>
      apiFetch<TReview>(`/api/reviews/${encodeURIComponent(review.id)}/${pinned ? 'pin' : 'unpin'}/`, {
        method: 'POST',
      }),
    review,
  );
}

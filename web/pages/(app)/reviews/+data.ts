import type { PageContextServer } from 'vike/types';
import type { TReviewsRead } from '../../../../shared/server-api.js';
import { prefetched, type TDehydratedData } from '../../../api/queryClient';
import {
  MEDIA_STATUS_QUERY_KEY,
  REVIEWS_LIST_QUERY_KEY,
  REVIEW_STATS_QUERY_KEY,
  USAGE_DETAILS_QUERY_KEY,
} from '../../../api/reviews';

/** What the page shows first: page 1 of every review, no search. */
const FIRST_PAGE: TReviewsRead = { page: 1, search: '', status: undefined };

/**
 * The first page of reviews, the filter's counts, the plan usage behind the upgrade card and the payment banner, and
 * (for owners) whether the server lacks the tools videos need, read in process on the server under the keys the page's
 * queries use: the table and the cards are drawn with the page instead of pushing each other around once hydrated.
 * Without a reader (no store, no permission) or after a failed read, the browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { reviews, reviewStats, usageDetails, mediaStatus } = pageContext.serverApi ?? {};
  if (!reviews) return undefined;
  return prefetched([
    {
      queryKey: [...REVIEWS_LIST_QUERY_KEY, FIRST_PAGE],
      queryFn: () => reviews(FIRST_PAGE),
    },
    reviewStats && { queryKey: REVIEW_STATS_QUERY_KEY, queryFn: reviewStats },
    usageDetails && { queryKey: USAGE_DETAILS_QUERY_KEY, queryFn: usageDetails },
    mediaStatus && { queryKey: MEDIA_STATUS_QUERY_KEY, queryFn: mediaStatus },
  ]);
}

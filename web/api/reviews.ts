import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { REVIEWS_PAGE_SIZE, SIGNED_MEDIA_PERIOD_S } from '../../shared/constants.js';
import type { TLimitInfo, TPlanLimitError, TUsageDetails } from '../../shared/billing.js';
import type { TMediaStatus, TPage, TReview, TReviewFilter, TReviewStats } from '../../shared/reviews.js';
import { ApiError, apiFetch } from './client';

const REVIEWS_QUERY_PREFIX = ['reviews'] as const;
export const REVIEWS_LIST_QUERY_KEY = ['reviews', 'list'] as const;
export const REVIEW_STATS_QUERY_KEY = ['reviews', 'stats'] as const;
export const USAGE_DETAILS_QUERY_KEY = ['reviews', 'usage_details'] as const;
export const MEDIA_STATUS_QUERY_KEY = ['reviews', 'media_status'] as const;

export interface TReviewListParams {
  page: number;
  search: string;
  /** undefined: every review that is not deleted. */
  status: TReviewFilter | undefined;
  /** Only what the content filter flagged. */
  flagged?: boolean;
}

function reviewPath(id: string, action?: 'approve' | 'reject' | 'restore'): string {
  return `/api/reviews/${encodeURIComponent(id)}/${action ? `${action}/` : ''}`;
}

export function fetchReviews({ page, search, status, flagged }: TReviewListParams): Promise<TPage<TReview>> {
  const query = new URLSearchParams({ page: String(page), page_size: String(REVIEWS_PAGE_SIZE) });
  if (search) query.set('search', search);
  if (status) query.set('status', status);
  if (flagged) query.set('flagged', 'true');
  return apiFetch<TPage<TReview>>(`/api/reviews/?${query}`);
}

/**
 * The previous page stays on screen while the next one loads, so the table does not flash empty. Its media links
 * are signed for a limited time: a page left open refetches them well before they expire.
 */
const PROCESSING_POLL_MS = 5_000;

export function useReviews(params: TReviewListParams) {
  return useQuery({
    queryKey: [...REVIEWS_LIST_QUERY_KEY, params],
    queryFn: () => fetchReviews(params),
    placeholderData: keepPreviousData,
    // Often while a review's media are being processed (seconds), so its state and files follow; else only to keep
    // the signed media links fresh.
    refetchInterval: (query) =>
      query.state.data?.results.some((review) => review.media_state === 'processing')
        ? PROCESSING_POLL_MS
        : (SIGNED_MEDIA_PERIOD_S * 1000) / 3,
  });
}

export function useReviewStats() {
  return useQuery({
    queryKey: REVIEW_STATS_QUERY_KEY,
    queryFn: () => apiFetch<TReviewStats>('/api/reviews/stats/'),
  });
}

/** Whether the server lacks the tools videos need (owners only: `enabled` false for others, who may not ask). */
export function useMediaStatus(enabled: boolean) {
  return useQuery({
    queryKey: MEDIA_STATUS_QUERY_KEY,
    queryFn: () => apiFetch<TMediaStatus>('/api/reviews/media_status/'),
    enabled,
    // The server checks its machine each minute: a page left open sees the tools arrive.
    refetchInterval: (query) => (query.state.data?.missing.length ? 60_000 : false),
  });
}

export function useUsageDetails() {
  return useQuery({
    queryKey: USAGE_DETAILS_QUERY_KEY,
    queryFn: () => apiFetch<TUsageDetails>('/api/reviews/usage_details/'),
  });
}

export function approveReview(id: string): Promise<TReview> {
  return apiFetch<TReview>(reviewPath(id, 'approve'), { method: 'POST' });
}

export function rejectReview(id: string): Promise<TReview> {
  return apiFetch<TReview>(reviewPath(id, 'reject'), { method: 'POST' });
}

export function restoreReview(id: string): Promise<TReview> {
  return apiFetch<TReview>(reviewPath(id, 'restore'), { method: 'POST' });
}

export function deleteReview(id: string): Promise<void> {
  return apiFetch<void>(reviewPath(id), { method: 'DELETE' });
}

/** Every moderation action can change the list, the counts, the plan usage, an open review and its history. */
export async function invalidateReviewQueries(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: REVIEWS_QUERY_PREFIX });
}

export interface TPlanLimit {
  detail: string;
  limitInfo: TLimitInfo | undefined;
}

/** The refusal of an approve or restore that would go over the plan's limits (403 `plan_limit`). */
export function planLimitOf(error: unknown): TPlanLimit | undefined {
  if (!(error instanceof ApiError) || error.status !== 403 || error.code !== 'plan_limit') return undefined;
  const { limit_info } = (error.payload ?? {}) as Partial<TPlanLimitError>;
  return { detail: error.body.detail, limitInfo: limit_info };
}

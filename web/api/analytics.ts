import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMerchant } from '../../shared/accounts.js';
import type {
  TActivityInterval,
  TDashboardMetrics,
  TDashboardPeriod,
  TReviewActivity,
  TTopProducts,
} from '../../shared/analytics.js';
import { DAILY_ACTIVITY_MAX_DAYS, TOP_PRODUCTS_LIMIT } from '../../shared/constants.js';
import { apiFetch } from './client';
import { setProfileMerchant } from './profile';

// Types only from shared/analytics.ts: its values would bring zod into the dashboard's JavaScript.

/** SPEC §9: review activity is bucketed by month above 90 days, by day otherwise. */
export function activityInterval(days: TDashboardPeriod): TActivityInterval {
  return days > DAILY_ACTIVITY_MAX_DAYS ? 'month' : 'day';
}

// The server render (pages/(app)/index/+data.ts) fills the cache under these same keys.
export const analyticsQueryKeys = {
  metrics: (days: TDashboardPeriod) => ['analytics', 'metrics', days] as const,
  activity: (days: TDashboardPeriod, interval: TActivityInterval) => ['analytics', 'activity', days, interval] as const,
  topProducts: (days: TDashboardPeriod, limit: number) => ['analytics', 'top_products', days, limit] as const,
};

export function fetchDashboardMetrics(days: TDashboardPeriod): Promise<TDashboardMetrics> {
  return apiFetch<TDashboardMetrics>(
    `/api/analytics/dashboard_metrics/?${new URLSearchParams({ days: String(days) })}`,
  );
}

export function fetchReviewActivity(days: TDashboardPeriod, interval: TActivityInterval): Promise<TReviewActivity> {
  const query = new URLSearchParams({ days: String(days), interval });
  return apiFetch<TReviewActivity>(`/api/analytics/review_activity/?${query}`);
}

export function fetchTopProducts(days: TDashboardPeriod, limit: number): Promise<TTopProducts> {
  const query = new URLSearchParams({ days: String(days), limit: String(limit) });
  return apiFetch<TTopProducts>(`/api/analytics/top_products/?${query}`);
}

export function metricsQuery(days: TDashboardPeriod) {
  return { queryKey: analyticsQueryKeys.metrics(days), queryFn: () => fetchDashboardMetrics(days) };
}

export function reviewActivityQuery(days: TDashboardPeriod) {
  const interval = activityInterval(days);
  return { queryKey: analyticsQueryKeys.activity(days, interval), queryFn: () => fetchReviewActivity(days, interval) };
}

export function topProductsQuery(days: TDashboardPeriod, limit = TOP_PRODUCTS_LIMIT) {
  return { queryKey: analyticsQueryKeys.topProducts(days, limit), queryFn: () => fetchTopProducts(days, limit) };
}

/** The previous period's figures and charts stay on screen while the next ones load. */
export function useDashboardMetrics(days: TDashboardPeriod) {
  return useQuery({ ...metricsQuery(days), placeholderData: keepPreviousData });
}

export function useReviewActivity(days: TDashboardPeriod) {
  return useQuery({ ...reviewActivityQuery(days), placeholderData: keepPreviousData });
}

export function useTopProducts(days: TDashboardPeriod) {
  return useQuery({ ...topProductsQuery(days), placeholderData: keepPreviousData });
}

/** SPEC §4 Shopify banner: the store's setup is done; the cached user carries the updated merchant. */
export function useCompleteShopifySetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<TMerchant>('/api/stores/shopify_setup_complete/', { method: 'POST' }),
    onSuccess: (merchant) => setProfileMerchant(queryClient, merchant),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMerchant } from '../../shared/accounts.js';
import type {
  TActivityInterval,
  TDashboardMetrics,
  TDashboardPeriod,
  TReviewActivity,
  TTopProducts,
} from '../../shared/analytics.js';
import type { TChartFormat } from '../../shared/charts.js';
import { DAILY_ACTIVITY_MAX_DAYS, TOP_PRODUCTS_LIMIT, type TLanguage } from '../../shared/constants.js';
import { apiFetch } from './client';
import { setProfileMerchant } from './profile';

// Types only from shared/analytics.ts: its values would bring zod into the dashboard's JavaScript.

/** SPEC §9: review activity is bucketed by month above 90 days, by day otherwise. */
export function activityInterval(days: TDashboardPeriod): TActivityInterval {
  return days > DAILY_ACTIVITY_MAX_DAYS ? 'month' : 'day';
}

// The server render (pages/(app)/index/+data.ts) fills the cache under these same keys. The charts come drawn by the
// server in the page's language (server/charts), so the language is part of their keys.
export const analyticsQueryKeys = {
  metrics: (days: TDashboardPeriod) => ['analytics', 'metrics', days] as const,
  activity: (days: TDashboardPeriod, interval: TActivityInterval, language: TLanguage) =>
    ['analytics', 'activity', days, interval, language] as const,
  topProducts: (days: TDashboardPeriod, limit: number, language: TLanguage) =>
    ['analytics', 'top_products', days, limit, language] as const,
};

/** The chart drawn as SVG beside the figures it shows, so the tooltips read the very values it drew. */
const CHART: TChartFormat = 'svg';

export function fetchDashboardMetrics(days: TDashboardPeriod): Promise<TDashboardMetrics> {
  return apiFetch<TDashboardMetrics>(
    `/api/analytics/dashboard_metrics/?${new URLSearchParams({ days: String(days) })}`,
  );
}

export function fetchReviewActivity(
  days: TDashboardPeriod,
  interval: TActivityInterval,
  language: TLanguage,
): Promise<TReviewActivity> {
  const query = new URLSearchParams({ days: String(days), interval, chart: CHART, language });
  return apiFetch<TReviewActivity>(`/api/analytics/review_activity/?${query}`);
}

export function fetchTopProducts(days: TDashboardPeriod, limit: number, language: TLanguage): Promise<TTopProducts> {
  const query = new URLSearchParams({ days: String(days), limit: String(limit), chart: CHART, language });
  return apiFetch<TTopProducts>(`/api/analytics/top_products/?${query}`);
}

export function metricsQuery(days: TDashboardPeriod) {
  return { queryKey: analyticsQueryKeys.metrics(days), queryFn: () => fetchDashboardMetrics(days) };
}

export function reviewActivityQuery(days: TDashboardPeriod, language: TLanguage) {
  const interval = activityInterval(days);
  return {
    queryKey: analyticsQueryKeys.activity(days, interval, language),
    queryFn: () => fetchReviewActivity(days, interval, language),
  };
}

export function topProductsQuery(days: TDashboardPeriod, language: TLanguage, limit = TOP_PRODUCTS_LIMIT) {
  return {
    queryKey: analyticsQueryKeys.topProducts(days, limit, language),
    queryFn: () => fetchTopProducts(days, limit, language),
  };
}

/** The previous period's figures and charts stay on screen while the next ones load. */
export function useDashboardMetrics(days: TDashboardPeriod) {
  return useQuery({ ...metricsQuery(days), placeholderData: keepPreviousData });
}

export function useReviewActivity(days: TDashboardPeriod, language: TLanguage) {
  return useQuery({ ...reviewActivityQuery(days, language), placeholderData: keepPreviousData });
}

export function useTopProducts(days: TDashboardPeriod, language: TLanguage) {
  return useQuery({ ...topProductsQuery(days, language), placeholderData: keepPreviousData });
}

/** SPEC §4 Shopify banner: the store's setup is done; the cached user carries the updated merchant. */
export function useCompleteShopifySetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<TMerchant>('/api/stores/shopify_setup_complete/', { method: 'POST' }),
    onSuccess: (merchant) => setProfileMerchant(queryClient, merchant),
  });
}

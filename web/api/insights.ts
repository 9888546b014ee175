import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TInsights, TInsightsProduct } from '../../shared/insights.js';
import {
  INSIGHTS_DEFAULT_DAYS,
  INSIGHTS_PERIODS,
  type TInsightsPeriod,
  type TInsightsProductSort,
} from '../../shared/insights-options.js';
import type { TChartFormat } from '../../shared/charts.js';
import type { TLanguage } from '../../shared/constants.js';
import type { TPage } from '../../shared/reviews.js';
import { apiFetch } from './client';

// Types only from shared/insights.ts: its values would bring zod into the dashboard's JavaScript.

/** What Insights reads: the last N days, or two dates of the store's calendar (both included). */
export type TInsightsRange = { days: TInsightsPeriod } | { start: string; end: string };

export function rangeParams(range: TInsightsRange): Record<string, string> {
  return 'days' in range ? { days: String(range.days) } : { start: range.start, end: range.end };
}

export interface TProductsView {
  sort: TInsightsProductSort;
  page: number;
}

// The server render (pages/(app)/insights/+data.ts) fills the cache under these same keys. The weekly charts come
// drawn by the server in the page's language (server/insights/insights-charts.ts), so the language is in their key.
export const insightsQueryKeys = {
  insights: (range: TInsightsRange, language: TLanguage) => ['insights', rangeParams(range), language] as const,
  products: (range: TInsightsRange, view: TProductsView) => ['insights', 'products', rangeParams(range), view] as const,
};

/** The charts drawn as SVG beside the figures they show, so the tooltips and tables read the very values drawn. */
const CHART: TChartFormat = 'svg';

export function insightsQuery(range: TInsightsRange, language: TLanguage) {
  const query = new URLSearchParams({ ...rangeParams(range), chart: CHART, language });
  return {
    queryKey: insightsQueryKeys.insights(range, language),
    queryFn: () => apiFetch<TInsights>(`/api/insights/?${query}`),
  };
}

export function insightsProductsQuery(range: TInsightsRange, view: TProductsView) {
  const query = new URLSearchParams({ ...rangeParams(range), sort: view.sort, page: String(view.page) });
  return {
    queryKey: insightsQueryKeys.products(range, view),
    queryFn: () => apiFetch<TPage<TInsightsProduct>>(`/api/insights/products/?${query}`),
  };
}

/** The whole table as CSV: a plain link, which the session cookie authenticates. */
export function insightsExportUrl(range: TInsightsRange, sort: TInsightsProductSort): string {
  return `/api/insights/products/export/?${new URLSearchParams({ ...rangeParams(range), sort })}`;
}

/** Another range's figures load while these stay. */
export function useInsights(range: TInsightsRange, language: TLanguage) {
  return useQuery({ ...insightsQuery(range, language), placeholderData: keepPreviousData });
}

export function useInsightsProducts(range: TInsightsRange, view: TProductsView) {
  return useQuery({ ...insightsProductsQuery(range, view), placeholderData: keepPreviousData });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range a page URL names (`?days=` or `?start=&end=`), the default one otherwise; the API checks the rest. */
export function rangeFromSearch(search: Record<string, string>): TInsightsRange {
  if (DAY.test(search.start ?? '') && DAY.test(search.end ?? '')) return { start: search.start, end: search.end };
  const days = Number(search.days);
  return (INSIGHTS_PERIODS as readonly number[]).includes(days)
    ? { days: days as TInsightsPeriod }
    : { days: INSIGHTS_DEFAULT_DAYS };
}

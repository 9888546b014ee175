import type { PageContextServer } from 'vike/types';
import { DEFAULT_DASHBOARD_PERIOD, TOP_PRODUCTS_LIMIT } from '../../../../shared/constants.js';
import { activityInterval, metricsQuery, reviewActivityQuery, topProductsQuery } from '../../../api/analytics';
import { prefetched, type TDehydratedData } from '../../../api/queryClient';
import { USAGE_DETAILS_QUERY_KEY } from '../../../api/reviews';

/**
 * The dashboard's first figures and its two charts, drawn by the server in the page's language (and the plan usage
 * of its upgrade card), read in process on the server (for a full load and a client navigation alike) under the keys
 * the page's queries use. Without a reader (no store, no permission) the browser fetches them; a
 * read that fails is left out, and the browser asks again.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { analytics, usageDetails } = pageContext.serverApi ?? {};
  if (!analytics) return undefined;
  const days = DEFAULT_DASHBOARD_PERIOD;
  const chart = { language: pageContext.locale };
  return prefetched([
    {
      ...metricsQuery(days),
      queryFn: () => analytics.dashboardMetrics(days),
    },
    {
      ...reviewActivityQuery(days, chart.language),
      queryFn: () => analytics.reviewActivity(days, activityInterval(days), chart),
    },
    {
      ...topProductsQuery(days, chart.language),
      queryFn: () => analytics.topProducts(days, TOP_PRODUCTS_LIMIT, chart),
    },
    // The upgrade card sits above the figures: drawn with the page, it does not push them down once loaded.
    usageDetails && { queryKey: USAGE_DETAILS_QUERY_KEY, queryFn: usageDetails },
  ]);
}

import type { PageContextServer } from 'vike/types';
import { INSIGHTS_PRODUCTS_PAGE_SIZE } from '../../../../shared/insights-options.js';
import { insightsProductsQuery, insightsQuery, rangeFromSearch } from '../../../api/insights';
import { prefetched, type TDehydratedData } from '../../../api/queryClient';
import { DEFAULT_PRODUCTS_VIEW } from '../../../components/insights/ProductsTable';

/**
 * The range's figures with its weekly charts drawn in the page's language, and the first page of the products table,
 * read in process on the server under the keys the page's queries use, so the page arrives whole for any range its
 * URL names. A read that fails is left out, and
 * the browser asks again (and shows the API's answer if the URL's range is one it refuses).
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { insights } = pageContext.serverApi ?? {};
  if (!insights) return undefined;
  const range = rangeFromSearch(pageContext.urlParsed.search);
  const query = 'days' in range ? { days: range.days } : { start: range.start, end: range.end };
  const chart = { language: pageContext.locale };
  return prefetched([
    {
      ...insightsQuery(range, chart.language),
      queryFn: () => insights.insights({ ...query, chart }),
    },
    {
      ...insightsProductsQuery(range, DEFAULT_PRODUCTS_VIEW),
      queryFn: () =>
        insights.products({
          ...query,
          sort: DEFAULT_PRODUCTS_VIEW.sort,
          page: DEFAULT_PRODUCTS_VIEW.page,
          page_size: INSIGHTS_PRODUCTS_PAGE_SIZE,
        }),
    },
  ]);
}

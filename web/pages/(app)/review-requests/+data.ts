import type { PageContextServer } from 'vike/types';
import { DEFAULT_FUNNEL_PERIOD } from '../../../../shared/review-request-options.js';
import type { TReviewRequestsRead } from '../../../../shared/server-api.js';
import { REQUESTS_LIST_QUERY_KEY, funnelQuery } from '../../../api/reviewRequests';
import { prefetched, type TDehydratedData } from '../../../api/queryClient';

/** What the page shows first: page 1 of every request, no search. */
const FIRST_PAGE: TReviewRequestsRead = { page: 1, search: '', status: undefined };

/**
 * The funnel of the default period and the first page of the history, read in process on the server under the keys
 * the page's queries use, so the page arrives with its figures and rows. Without a reader or after a failed read,
 * the browser asks.
 */
export async function data(pageContext: PageContextServer): Promise<TDehydratedData | undefined> {
  const { reviewRequests, reviewRequestFunnel } = pageContext.serverApi ?? {};
  if (!reviewRequests && !reviewRequestFunnel) return undefined;
  return prefetched([
    reviewRequests && {
      queryKey: [...REQUESTS_LIST_QUERY_KEY, FIRST_PAGE],
      queryFn: () => reviewRequests(FIRST_PAGE),
    },
    reviewRequestFunnel && {
      ...funnelQuery(DEFAULT_FUNNEL_PERIOD),
      queryFn: () => reviewRequestFunnel(DEFAULT_FUNNEL_PERIOD),
    },
  ]);
}
